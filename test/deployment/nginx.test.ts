/**
 * docs/deployment.md, behind nginx: a real nginx, configured with
 * examples/behind-proxy/nginx.conf (its ports and certificate changed for
 * the test), terminates TLS on a loopback port and proxies to the example
 * app. With `trust proxy` set to nginx's address the app sees the client's
 * address, https and the requested host name from the X-Forwarded-* headers
 * nginx adds, and ignores the same headers sent by anyone else. Skipped,
 * with the reason, when nginx is not installed.
 */
import assert from 'node:assert/strict'
import { once } from 'node:events'
import fs from 'node:fs'
import type http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { cert, key } from '../helpers/tls'
import { packageRoot, type Any } from '../helpers/webfw'
import { Spawned, findProgram, freePort, secondLoopbackAddressWorks, skipWithout, waitForPort } from './spawned'

const exampleDir = path.join(packageRoot, 'examples', 'behind-proxy')

/** The example's nginx.conf, pointed at the app's port, a loopback port for nginx, and the test certificate. */
function siteConfig(dir: string, appPort: number, proxyPort: number): string {
  let text = fs.readFileSync(path.join(exampleDir, 'nginx.conf'), 'utf8')
  const replace = (from: string, to: string) => {
    assert.ok(text.includes(from), `examples/behind-proxy/nginx.conf has "${from}"`)
    text = text.replace(from, to)
  }
  replace('server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`)
  replace('listen 443 ssl;', `listen 127.0.0.1:${proxyPort} ssl;`)
  replace('/etc/ssl/certs/shop.example.pem;', `${path.join(dir, 'cert.pem')};`)
  replace('/etc/ssl/private/shop.example.key;', `${path.join(dir, 'key.pem')};`)
  return text
}

/** A complete nginx configuration around the site: one foreground process, every file in `dir`. */
function mainConfig(dir: string): string {
  const at = (name: string) => path.join(dir, name)
  return `daemon off;
master_process off;
worker_processes 1;
pid ${at('nginx.pid')};
error_log stderr notice;
events { worker_connections 64; }
http {
    access_log off;
    client_body_temp_path ${at('client_body')};
    proxy_temp_path ${at('proxy')};
    fastcgi_temp_path ${at('fastcgi')};
    uwsgi_temp_path ${at('uwsgi')};
    scgi_temp_path ${at('scgi')};
    include ${at('site.conf')};
}
`
}

/** nginx's version as [major, minor, patch], from `nginx -v`. */
function nginxVersion(nginx: string): number[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { stderr } = require('node:child_process').spawnSync(nginx, ['-v'], { encoding: 'utf8' })
  return (/nginx\/(\d+)\.(\d+)\.(\d+)/.exec(String(stderr)) ?? [0, 0, 0, 0]).slice(1).map(Number)
}

/**
 * Starts nginx in front of `appPort`, on a free loopback port (another one
 * if that port was taken meanwhile), and resolves once it accepts connections.
 */
async function startNginx(dir: string, appPort: number, signal: AbortSignal): Promise<{ nginx: Spawned; port: number }> {
  const nginx = findProgram('nginx') as string
  const [major, minor, patch] = nginxVersion(nginx)
  // -e (1.19.5 and later): the error log from the start, before the config is read, to stderr.
  const errorLog = major > 1 || (major === 1 && (minor > 19 || (minor === 19 && patch >= 5))) ? ['-e', 'stderr'] : []
  fs.writeFileSync(path.join(dir, 'cert.pem'), cert)
  fs.writeFileSync(path.join(dir, 'key.pem'), key)
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir))
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    fs.writeFileSync(path.join(dir, 'site.conf'), siteConfig(dir, appPort, port))
    const proc = new Spawned(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), ...errorLog], { signal })
    try {
      await waitForPort(port, { process: proc })
      return { nginx: proc, port }
    } catch (err) {
      await proc.stop()
      if (attempt < 5 && /Address already in use/.test(proc.stderr)) continue
      throw err
    }
  }
}

interface Seen {
  ip: string
  ips: string[]
  protocol: string
  secure: boolean
  hostname: string
}

/** GET /whoami over `protocol`, from 127.0.0.2 (a client address that is not nginx's). */
function whoami(port: number, protocol: 'http' | 'https', headers: Record<string, string>): Promise<Seen> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const client: typeof https = protocol === 'https' ? https : require('node:http')
  return new Promise((resolve, reject) => {
    const req = client.get(
      // The certificate is for 127.0.0.1 and localhost; the Host header names the site.
      { host: '127.0.0.1', port, path: '/whoami', localAddress: '127.0.0.2', headers, ca: cert, servername: 'localhost', agent: false },
      (res: http.IncomingMessage) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`${res.statusCode}: ${body}`))))
      },
    )
    req.on('error', reject)
  })
}

test('behind a real nginx, trust proxy gives the app the client address, https and host from X-Forwarded-*', { skip: skipWithout('nginx'), timeout: 120_000 }, async (t) => {
  if (!(await secondLoopbackAddressWorks())) return t.skip('127.0.0.2 is not usable here: no client address distinct from the proxy')
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const app: Any = require(path.join(exampleDir, 'server.js'))
  const server: http.Server = app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const appPort = (server.address() as AddressInfo).port
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-nginx-'))
  let nginx: Spawned | undefined
  try {
    const started = await startNginx(dir, appPort, t.signal)
    nginx = started.nginx
    assert.equal(app.get('trust proxy'), '127.0.0.1', "the example trusts nginx's address")

    // Through nginx: a client that also sends a forged X-Forwarded-For.
    const viaNginx = await whoami(started.port, 'https', { host: 'shop.example', 'x-forwarded-for': '203.0.113.7' })
    assert.deepEqual(viaNginx, { ip: '127.0.0.2', ips: ['127.0.0.2'], protocol: 'https', secure: true, hostname: 'shop.example' })

    // Straight to the app, the same headers are not believed: they do not come from nginx.
    const forged = { host: `127.0.0.1:${appPort}`, 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' }
    assert.deepEqual(await whoami(appPort, 'http', forged), { ip: '127.0.0.2', ips: [], protocol: 'http', secure: false, hostname: '127.0.0.1' })

    // Without trust proxy, the app sees nginx, plain http and the upstream's name.
    app.set('trust proxy', false)
    const untrusted = await whoami(started.port, 'https', { host: 'shop.example' })
    assert.deepEqual(untrusted, { ip: '127.0.0.1', ips: [], protocol: 'http', secure: false, hostname: 'webfw_app' })
  } finally {
    app.set('trust proxy', '127.0.0.1')
    await nginx?.stop()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
