/**
 * The body parsers of the 3.x factory behave as Connect 2's did: `json` and
 * `urlencoded` accept up to 1 MB by default, `json` also takes
 * `application/*+json`, `urlencoded` is extended, `verify` is given the body
 * as a string, and `req.body` is `{}` when nothing was parsed.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { webfw3, webfw4, type Any } from '../helpers/webfw'

function echo(factory: Any, parser: Any): Any {
  const app = factory()
  app.set('json spaces', 0)
  app.use(parser)
  app.use((req: Any, res: Any) => res.json({ body: req.body }))
  app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status ?? 500).json({ error: err.type ?? err.message }))
  return app
}

describe('webfw.json and webfw.urlencoded (3.x)', () => {
  test('the default limit is 1mb (4.x: 100kb)', async () => {
    const big = JSON.stringify({ data: 'x'.repeat(200 * 1024) })
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: big }
    assert.equal((await call(echo(webfw3, webfw3.json()), '/', init)).status, 200)
    assert.equal((await call(echo(webfw4, webfw4.json()), '/', init)).status, 413)
    const tooBig = JSON.stringify({ data: 'x'.repeat(1024 * 1024) })
    assert.equal((await call(echo(webfw3, webfw3.json()), '/', { ...init, body: tooBig })).status, 413)
  })

  test('json parses application/*+json too', async () => {
    const res = await call(echo(webfw3, webfw3.json()), '/', {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: '{"a":1}',
    })
    assert.deepEqual(JSON.parse(res.body), { body: { a: 1 } })
  })

  test('verify gets (req, res, body as a string)', async () => {
    const seen: unknown[] = []
    const parser = webfw3.json({ verify: (_req: Any, _res: Any, body: unknown) => seen.push(body) })
    await call(echo(webfw3, parser), '/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"é":1}' })
    assert.deepEqual(seen, ['{"é":1}'])
  })

  test('urlencoded is extended by default; req.body is {} when nothing was parsed', async () => {
    const app = echo(webfw3, webfw3.urlencoded())
    const res = await call(app, '/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'user[name]=tj' })
    assert.deepEqual(JSON.parse(res.body), { body: { user: { name: 'tj' } } })
    assert.deepEqual(JSON.parse((await call(app)).body), { body: {} })
  })

  test('malformed JSON is a 400', async () => {
    const res = await call(echo(webfw3, webfw3.json()), '/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' })
    assert.deepEqual([res.status, JSON.parse(res.body)], [400, { error: 'entity.parse.failed' }])
  })
})
