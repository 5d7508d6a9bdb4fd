/**
 * Log forging: text from the request must never start a line of its own in
 * a log, neither in reqlog's access log nor in the app's default error log
 * (console.error of the errors the final handler answers).
 *
 * reqlog's escaping is tested token by token in test/reqlog/safety.test.ts;
 * here the whole app is in the loop.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { describe, it } from 'node:test'
import { Collector } from '../helpers/collector'
import { serve } from '../helpers/http'
import { packageRoot, webfw, type Any } from '../helpers/webfw'
import { converse } from './support'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const reqlog: Any = require('webfw/reqlog')

const FORGED = '127.0.0.1 - admin [01/Jan/2030:00:00:00 +0000] "GET /admin HTTP/1.1" 200 0'

describe('reqlog in an app', () => {
  it('a user name, a decoded URL and raw header bytes cannot add a line', async () => {
    const lines = new Collector<string>()
    const app = webfw()
    app.use((req: Any, _res: Any, next: Any) => {
      // an app that decodes the URL before it is logged
      req.originalUrl = decodeURIComponent(req.originalUrl)
      next()
    })
    app.use(reqlog('combined', { stream: { write: lines.push } }))
    app.use((_req: Any, res: Any) => res.send('ok'))
    const srv = await serve(app)
    try {
      // (no colon before the password's: Basic auth ends the user name at the first one)
      const user = Buffer.from(`x\x1b[31m\r\n127.0.0.1 - admin [forged]\u2028next:pw`).toString('base64')
      const head =
        `GET /a%0D%0A${encodeURIComponent(FORGED)} HTTP/1.1\r\nHost: h\r\nAuthorization: Basic ${user}\r\n` +
        'User-Agent: agent\x85next\r\nReferer: r"\\\r\nConnection: close\r\n\r\n'
      const reply = await converse(srv.port, Buffer.from(head, 'latin1')).reply
      assert.equal(reply.status, 200)
      await lines.waitFor(1, 'log lines')
      assert.equal(lines.length, 1)
      const [line] = lines.items
      assert.equal(line.indexOf('\n'), line.length - 1, 'one line')
      assert.doesNotMatch(line.slice(0, -1), /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
      assert.ok(line.includes('/a\\r\\n127.0.0.1 - admin'), line)
      assert.ok(line.includes(' - x\\u001b[31m\\r\\n127.0.0.1 - admin [forged]\\u2028next ['), line)
    } finally {
      await srv.close()
    }
  })
})

describe("the app's default error log", () => {
  for (const entry of ['webfw', 'webfw/v4']) it(`escapes line breaks in error messages (JSON.parse quotes the body it failed on): ${entry}`, () => {
    // A child process in "production", whose stderr is the log.
    const script = `
      const webfw = require('${entry}')
      const http = require('node:http')
      const app = webfw()
      app.use(webfw.json())
      app.post('/', (req, res) => res.send('ok'))
      app.get('/string', (req, res, next) => next('plain\\n${FORGED}'))
      const server = app.listen(0, '127.0.0.1', async () => {
        const port = server.address().port
        const send = (method, path, body) => new Promise((resolve) => {
          const r = http.request({ port, host: '127.0.0.1', method, path, headers: { 'Content-Type': 'application/json' } }, (res) => { res.resume(); res.on('end', resolve) })
          r.end(body)
        })
        await send('POST', '/', 'x\\n${FORGED}\\r\\nmore')
        await send('POST', '/', '{"a":\\n${FORGED.replaceAll('"', '\\"')}')
        await send('GET', '/string')
        server.close()
      })`
    const child = spawnSync(process.execPath, ['-e', script], {
      cwd: packageRoot,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    assert.equal(child.status, 0, child.stderr)
    const log = child.stderr
    // All three errors were logged (5.x prints the parse errors' `body`, which
    // quotes the forged text; 4.x their stacks, whose messages V8 cut short) ...
    assert.equal(log.match(/127\.0\.0\.1 - admin/g)?.length, entry === 'webfw' ? 3 : 1, log)
    assert.equal(log.match(/SyntaxError/g)?.length, 2, log)
    // ... and none of them starts a line of its own.
    for (const line of log.split('\n')) assert.ok(!line.startsWith('127.0.0.1 - admin'), `forged line in the log:\n${log}`)
  })
})
