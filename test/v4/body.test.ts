/**
 * Body parsers in 4.x: `req.body` is {} when nothing was parsed, urlencoded
 * is extended by default, a read body is marked with `req._body` (and a
 * marked request is skipped), and a request stream consumed by other code is
 * a 500 `stream.not.readable` (body-parser 1).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { webfw, webfw4, type Any } from '../helpers/webfw'
import { send } from '../helpers/client'
import { express4, withServers } from '../helpers/side-by-side'

function echo(factory: Any, ...middleware: Any[]): Any {
  const app = factory()
  app.use(...middleware)
  app.use((req: Any, res: Any) => res.json({ body: req.body === undefined ? '<undefined>' : req.body, flag: req._body ?? null }))
  app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status || 500).send(`[${err.type}] ${err.message}`))
  return app
}

const form = { 'content-type': 'application/x-www-form-urlencoded' }

describe('req.body (4.x)', () => {
  test('is {} when there is no body, or its type is not the parser\'s', async () => {
    for (const parser of ['json', 'raw', 'text', 'urlencoded']) {
      const app = echo(webfw4, webfw4[parser]())
      assert.deepEqual(JSON.parse((await call(app)).body).body, {}, parser)
      const other = await call(app, '/', { method: 'POST', headers: { 'content-type': 'image/png' }, body: 'x' })
      assert.deepEqual(JSON.parse(other.body).body, {}, parser)
    }
    // 5.x: undefined
    assert.equal(JSON.parse((await call(echo(webfw, webfw.json()))).body).body, '<undefined>')
  })

  test('is undefined before any parser runs', async () => {
    assert.equal(JSON.parse((await call(echo(webfw4, (_q: Any, _s: Any, n: Any) => n()))).body).body, '<undefined>')
  })

  test('urlencoded is extended by default: nested objects', async () => {
    const body = 'user[name]=tobi&tags[]=a&tags[]=b'
    const res = await call(echo(webfw4, webfw4.urlencoded()), '/', { method: 'POST', headers: form, body })
    assert.deepEqual(JSON.parse(res.body).body, { user: { name: 'tobi' }, tags: ['a', 'b'] })
    const flat = await call(echo(webfw4, webfw4.urlencoded({ extended: false })), '/', { method: 'POST', headers: form, body })
    assert.deepEqual(JSON.parse(flat.body).body, { 'user[name]': 'tobi', 'tags[]': ['a', 'b'] })
  })

  test('a parser that reads the body sets req._body; a second parser skips the request', async () => {
    const app = echo(webfw4, webfw4.text({ type: '*/*' }), webfw4.json({ type: '*/*' }))
    const res = await call(app, '/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' })
    assert.deepEqual(JSON.parse(res.body), { body: '{"a":1}', flag: true })
  })

  test('req._body is set whether the read succeeded or failed, and the error handler sees it, as in Express 4', async () => {
    const appFor = (factory: Any): Any => {
      const app = factory()
      app.use(factory.json({ limit: 20 }))
      app.use((req: Any, res: Any) => res.json({ flag: req._body ?? null, body: req.body }))
      app.use((err: Any, req: Any, res: Any, _next: Any) => res.status(err.status).json({ flag: req._body ?? null, type: err.type }))
      return app
    }
    const bodies = ['{"a":1}', '{"a":', '{"long":"' + 'x'.repeat(40) + '"}']
    const answers = (port: number) =>
      Promise.all(bodies.map((body) => send(port, { headers: { 'Content-Type': 'application/json' }, body }).then((r) => [r.status, r.json()])))
    const [ours, theirs] = await withServers([appFor(webfw4), appFor(express4)], (ports) => Promise.all(ports.map(answers)))
    assert.deepEqual(theirs.map(([status, answer]: Any) => [status, answer.flag]), [[200, true], [400, true], [413, true]])
    assert.deepEqual(ours, theirs)
  })

  test('a request marked by other code is left alone', async () => {
    const mark = (req: Any, _res: Any, next: Any) => {
      req._body = true
      req.body = 'kept'
      next()
    }
    const res = await call(echo(webfw4, mark, webfw4.json()), '/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    assert.equal(JSON.parse(res.body).body, 'kept')
  })

  test('a stream already consumed by other code is a 500 stream.not.readable', async () => {
    const consume = (req: Any, _res: Any, next: Any) => {
      req.on('end', next)
      req.resume()
    }
    const res = await call(echo(webfw4, consume, webfw4.json()), '/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"user":"tobi"}',
    })
    assert.equal(res.status, 500)
    assert.equal(res.body, '[stream.not.readable] stream is not readable')
    // 5.x skips it
    const five = await call(echo(webfw, consume, webfw.json()), '/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"user":"tobi"}',
    })
    assert.equal(five.status, 200)
  })
})
