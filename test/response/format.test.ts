/**
 * res.format: content negotiation over callbacks keyed by type.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

function formatApp(map: (res: Any) => Record<string, unknown>) {
  const app = webfw()
  app.use((req: Any, res: Any) => res.format(map(res)))
  app.use((err: Any, _req: unknown, res: Any, _next: unknown) => {
    res.status(err.status ?? 500).json({ status: err.status, types: err.types, message: err.message })
  })
  return app
}

const byMime = (res: Any) => ({
  'text/plain; charset=utf-8': () => res.send('text'),
  'text/html': () => res.send('<b>html</b>'),
  'application/json': () => res.send({ kind: 'json' }),
})

const byExtension = (res: Any) => ({
  text: () => res.send('text'),
  html: () => res.send('<b>html</b>'),
  json: () => res.send({ kind: 'json' }),
})

describe('res.format', () => {
  for (const [name, map] of [
    ['MIME type keys', byMime],
    ['extension keys', byExtension],
  ] as const) {
    describe(name, () => {
      it('runs the first callback without an Accept header', async () => {
        const res = await call(formatApp(map))
        assert.equal(res.body, 'text')
        assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8')
      })

      it('runs the best-accepted callback and sets its Content-Type', async () => {
        const res = await call(formatApp(map), '/', { headers: { Accept: 'text/html;q=0.2, application/json' } })
        assert.deepEqual(JSON.parse(res.body), { kind: 'json' })
        assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
        const html = await call(formatApp(map), '/', { headers: { Accept: 'text/*;q=0.9, image/png' } })
        assert.equal(html.body, 'text')
      })

      it('adds Vary: Accept', async () => {
        const res = await call(formatApp(map), '/', { headers: { Accept: 'text/html' } })
        assert.equal(res.headers.vary, 'Accept')
      })

      it('passes a 406 error listing the offered types when nothing matches', async () => {
        const res = await call(formatApp(map), '/', { headers: { Accept: 'image/png' } })
        assert.equal(res.status, 406)
        assert.deepEqual(JSON.parse(res.body).types, ['text/plain', 'text/html', 'application/json'])
      })
    })
  }

  it('runs `default` when nothing matches', async () => {
    const app = formatApp((res) => ({ json: () => res.send({}), default: () => res.status(415).send('fallback') }))
    const res = await call(app, '/', { headers: { Accept: 'image/png' } })
    assert.equal(res.status, 415)
    assert.equal(res.body, 'fallback')
  })

  it('gives the callback req, res and next', async () => {
    const app = webfw()
    app.use((req: Any, res: Any, next: unknown) =>
      res.format({
        json: (a: unknown, b: unknown, c: unknown) => res.json([a === req, b === res, typeof c]),
      }),
    )
    const res = await call(app)
    assert.deepEqual(JSON.parse(res.body), [true, true, 'function'])
  })

  it('answers 406 Not Acceptable through the final handler, without a stack in production', async () => {
    const app = webfw()
    app.set('env', 'production')
    app.use((_req: unknown, res: Any) => res.format({ json: () => res.json({}) }))
    const res = await call(app, '/', { headers: { Accept: 'text/html' } })
    assert.equal(res.status, 406)
    assert.match(res.body, /Not Acceptable/)
    assert.doesNotMatch(res.body, /at .+\.js/)
  })
})
