/**
 * `webfw.logger` (3.x) over reqlog: the call forms `logger()`,
 * `logger('dev')`, `logger(format string)` and `logger({ format, stream,
 * immediate })`, and `logger.token` / `logger.format` shared with reqlog.
 */
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { test } from 'node:test'
import { send } from '../../helpers/client'
import type { Any } from '../../helpers/webfw'
import { serveApp, webfw3 } from './support'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const reqlog: Any = require('webfw/reqlog')

/** A stream collecting the log lines; `next()` resolves with the next line written. */
function lines() {
  const seen: string[] = []
  const waiting: Array<(line: string) => void> = []
  const stream = new Writable({
    write(chunk, _enc, cb) {
      const line = String(chunk)
      const w = waiting.shift()
      if (w) w(line)
      else seen.push(line)
      cb()
    },
  })
  return {
    stream,
    seen,
    next: () => new Promise<string>((resolve) => (seen.length ? resolve(seen.shift()!) : waiting.push(resolve))),
  }
}

function loggedApp(middleware: Any) {
  return (app: Any) => {
    app.use(middleware)
    app.get('/hello', (_req: Any, res: Any) => res.send('hello'))
  }
}

test('logger() and logger("default") write the combined format', async () => {
  for (const make of [(stream: Any) => webfw3.logger({ stream }), (stream: Any) => webfw3.logger({ format: 'default', stream })]) {
    const log = lines()
    await serveApp(loggedApp(make(log.stream)), async ({ port }) => {
      await send(port, { method: 'GET', path: '/hello', headers: { 'user-agent': 'probe/1', referer: 'http://r.example/' } })
      assert.match(await log.next(), /^127\.0\.0\.1 - - \[\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d \+0000\] "GET \/hello HTTP\/1\.1" 200 5 "http:\/\/r\.example\/" "probe\/1"\n$/)
    })
  }
})

test('logger("dev") writes the dev format (to standard output by default)', async () => {
  const log = lines()
  await serveApp(loggedApp(webfw3.logger({ format: 'dev', stream: log.stream })), async ({ port }) => {
    await send(port, { method: 'GET', path: '/hello' })
    // eslint-disable-next-line no-control-regex
    assert.match(await log.next(), /^\u001b\[0mGET \/hello \u001b\[32m200\u001b\[0m \d+\.\d{3} ms - 5\u001b\[0m\n$/)
  })
  // the string form builds a logger writing to process.stdout
  assert.equal(typeof webfw3.logger('dev'), 'function')
})

test('logger({ format, stream, immediate }) logs on arrival, before the response', async () => {
  const log = lines()
  await serveApp(
    (app) => {
      app.use(webfw3.logger({ format: ':method :url :status', stream: log.stream, immediate: true }))
      // the line is already written when the handler runs
      app.get('/now', (_req: Any, res: Any) => res.send(log.seen.join('|')))
    },
    async ({ port }) => {
      const res = await send(port, { method: 'GET', path: '/now' })
      assert.equal(res.text, 'GET /now -\n')
    },
  )
})

test('a format function, and tokens and formats defined through logger are reqlog\'s', async () => {
  webfw3.logger.token('shout', (req: Any) => String(req.url).toUpperCase())
  webfw3.logger.format('v3-test-format', ':shout!')
  assert.equal(typeof reqlog.shout, 'function', 'the token is registered with reqlog')
  const log = lines()
  await serveApp(loggedApp(webfw3.logger({ format: 'v3-test-format', stream: log.stream })), async ({ port }) => {
    await send(port, { method: 'GET', path: '/hello' })
    assert.equal(await log.next(), '/HELLO!\n')
  })
  const fnLog = lines()
  await serveApp(loggedApp(webfw3.logger({ format: (t: Any, req: Any, res: Any) => `${t.method(req, res)} ${t.status(req, res)}`, stream: fnLog.stream })), async ({ port }) => {
    await send(port, { method: 'GET', path: '/hello' })
    assert.equal(await fnLog.next(), 'GET 200\n')
  })
  assert.equal(webfw3.logger.compile(':method')({ method: reqlog.method }, { method: 'PUT' }, {}), 'PUT')
})
