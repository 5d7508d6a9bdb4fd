/**
 * res.json: JSON bodies with the json replacer / spaces / escape settings.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

async function json(value: unknown, settings: Record<string, unknown> = {}, before?: (res: Any) => void) {
  const app = webfw()
  for (const [k, v] of Object.entries(settings)) app.set(k, v)
  app.use((_req: unknown, res: Any) => {
    before?.(res)
    res.json(value)
  })
  return call(app)
}

describe('res.json', () => {
  it('sends objects and arrays as JSON with application/json; charset=utf-8', async () => {
    const res = await json({ name: 'tobi', tags: [1, 2] })
    assert.equal(res.body, '{"name":"tobi","tags":[1,2]}')
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
    assert.equal(res.headers['content-length'], String(Buffer.byteLength(res.body)))
  })

  it('sends Any JSON type: null, numbers, strings, booleans', async () => {
    assert.equal((await json(null)).body, 'null')
    assert.equal((await json(300)).body, '300')
    assert.equal((await json('hi "you"')).body, '"hi \\"you\\""')
    assert.equal((await json(false)).body, 'false')
  })

  it('sends an empty body for undefined', async () => {
    const res = await json(undefined)
    assert.equal(res.body, '')
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
  })

  it('keeps a Content-Type already set', async () => {
    const res = await json({ a: 1 }, {}, (res) => res.type('application/vnd.api+json'))
    assert.equal(res.headers['content-type'], 'application/vnd.api+json; charset=utf-8')
  })

  it('applies `json spaces` and `json replacer`', async () => {
    assert.equal((await json({ a: 1 }, { 'json spaces': 2 })).body, '{\n  "a": 1\n}')
    const replacer = (key: string, val: unknown) => (key === 'secret' ? undefined : val)
    assert.equal((await json({ a: 1, secret: 'x' }, { 'json replacer': replacer })).body, '{"a":1}')
  })

  it('escapes <, > and & with `json escape`, only then', async () => {
    const value = { html: '<script>&</script>' }
    assert.equal((await json(value, { 'json escape': true })).body, '{"html":"\\u003cscript\\u003e\\u0026\\u003c/script\\u003e"}')
    assert.equal((await json(value)).body, '{"html":"<script>&</script>"}')
  })

  it('goes through res.send when a middleware wrapped it (body capture, as audit loggers do)', async () => {
    const seen: unknown[] = []
    const res = await json({ a: 1 }, {}, (res) => {
      const original = res.send
      res.send = function (this: Any, body: unknown) {
        seen.push(body)
        return original.call(this, body)
      }
    })
    assert.deepEqual(seen, ['{"a":1}'])
    assert.equal(res.body, '{"a":1}')
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
  })

  it('answers 304 with no body when the client holds the same ETag', async () => {
    const app = webfw()
    app.get('/', (_req: unknown, res: Any) => res.json({ a: 1 }))
    const first = await call(app)
    const etag = first.headers.etag as string
    assert.match(etag, /^W\/"7-/)
    const again = await call(app, '/', { headers: { 'if-none-match': etag } })
    assert.equal(again.status, 304)
    assert.equal(again.body, '')
  })

  it('honours the status set before', async () => {
    const res = await json({ error: 'nope' }, {}, (res) => res.status(422))
    assert.equal(res.status, 422)
  })
})
