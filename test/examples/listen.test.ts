/**
 * Every example's server, run as `node examples/<name>/server.js` (the
 * showcase is what `npm start` runs), listens on 127.0.0.1 only, as
 * examples/README.md says, and when it cannot listen (the port is taken) it
 * says so and exits non-zero instead of announcing that it listens.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { packageRoot } from '../helpers/webfw'
import { freePort, Spawned } from '../deployment/spawned'

const examplesDir = path.join(packageRoot, 'examples')
const examples = fs
  .readdirSync(examplesDir)
  .filter((name) => fs.existsSync(path.join(examplesDir, name, 'server.js')))
  .sort()

/**
 * Starts an example's server with `env` added (one worker for the cluster;
 * the logging example's file in the temp dir), killed when the test ends.
 */
function startExample(name: string, env: Record<string, string>, signal: AbortSignal): Spawned {
  return new Spawned(process.execPath, [path.join(examplesDir, name, 'server.js')], {
    cwd: packageRoot,
    signal,
    env: { ...process.env, NODE_ENV: 'test', WORKERS: '1', LOG_FILE: path.join(os.tmpdir(), `webfw-example-${process.pid}.log`), ...env },
  })
}

/** Whether a TCP connection to host:port is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host, () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Runs `fn` with a server listening on all interfaces, to learn whether 127.0.0.2 reaches this host's listeners (Linux: all of 127/8 is loopback). */
async function otherLoopbackAddressWorks(): Promise<boolean> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, resolve))
  try {
    return await connects('127.0.0.2', (probe.address() as net.AddressInfo).port)
  } finally {
    await new Promise((resolve) => probe.close(resolve))
  }
}

test('the examples found are the ones documented', () => {
  const readme = fs.readFileSync(path.join(examplesDir, 'README.md'), 'utf8')
  assert.ok(examples.length >= 9, `examples with a server.js: ${examples.join(', ')}`)
  for (const name of examples) assert.ok(readme.includes(`[${name}](${name}/)`), `${name} is in examples/README.md`)
})

for (const name of examples) {
  test(`examples/${name} listens on 127.0.0.1 only`, { timeout: 120_000 }, async (t) => {
    if (!(await otherLoopbackAddressWorks())) return t.skip('127.0.0.2 does not reach this host: cannot tell 127.0.0.1 from all interfaces')
    // A port chosen here rather than PORT=0: the check must not depend on the
    // example honouring 0 (a server announcing a port it does not hold, or
    // another program's listener on the default port, would pass unseen).
    const port = await freePort()
    const server = startExample(name, { PORT: String(port) }, t.signal)
    try {
      await server.waitFor(new RegExp(`listening on http://127\\.0\\.0\\.1:${port}\\b`))
      assert.ok(await connects('127.0.0.1', port), 'answers on 127.0.0.1')
      // A server bound to all interfaces (0.0.0.0 or ::) would accept this too.
      assert.equal(await connects('127.0.0.2', port), false, 'refuses connections to another address of this host')
    } finally {
      await server.stop()
    }
  })

  test(`examples/${name} exits non-zero, without announcing it listens, when the port is taken`, { timeout: 120_000 }, async (t) => {
    const holder = net.createServer()
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
    const port = (holder.address() as net.AddressInfo).port
    const server = startExample(name, { PORT: String(port) }, t.signal)
    try {
      // Either it exits (expected) or it claims to listen (the defect): whichever comes first.
      const listening = server.waitFor(/listening on/).then(
        () => true,
        () => false,
      )
      const outcome = await Promise.race([server.exited.then(() => 'exited'), listening.then((l) => (l ? 'listening' : 'exited'))])
      assert.equal(outcome, 'exited', server.describe())
      const exit = await server.exited
      assert.notEqual(exit.code, 0, server.describe())
      assert.notEqual(exit.code, null, server.describe())
      assert.doesNotMatch(server.stdout, /listening on/)
      assert.match(server.stderr, new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE`))
    } finally {
      await server.stop()
      await new Promise((resolve) => holder.close(resolve))
    }
  })
}
