/**
 * A `use` prefix with parameters (`app.use('/api/:version', api)`) whose own
 * shape the radix tree matched takes the tree's parameters and ends where its
 * last segment does (src/router/dispatch.ts, Mode.SamePrefix): its pattern is
 * not run again on each request. Counted by wrapping the layer's `match`;
 * a path the tree does not take (a percent-encoded one) still runs it.
 * What the mounted router sees is checked beside the count; the agreement
 * with Express on many paths is test/router/mounted-params.test.ts's and the
 * property tests'.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'

for (const [version, factory, stackOf] of [
  ['5.x', webfw, (app: Any) => app.router.stack],
  ['4.x', webfw4, (app: Any) => app._router.stack],
] as const) {
  describe(`a use prefix with parameters (${version})`, () => {
    test('is not matched again by its pattern when the tree matched its shape', async () => {
      const app = factory()
      const api = factory.Router({ mergeParams: true })
      api.get('/items/:id', (req: Any, res: Any) => res.json({ params: req.params, baseUrl: req.baseUrl, url: req.url }))
      api.use((req: Any, res: Any) => res.json({ params: req.params, baseUrl: req.baseUrl, url: req.url }))
      app.use('/api/:version', api)
      const prefix = stackOf(app).find((layer: Any) => layer.route === undefined && layer.handle === api)
      assert.ok(prefix)
      let matched = 0
      const match = prefix.match
      prefix.match = function (this: unknown, ...args: unknown[]) {
        matched++
        return match.apply(this, args)
      }
      await withServer(app, async (srv) => {
        const answers: Record<string, unknown> = {}
        for (const path of ['/api/v2/items/7', '/API/V3/items/8?x=1', '/api/v2/', '/api/v2', '/api/v2//x']) {
          const res = await rawRequest(srv.port, 'GET', path)
          assert.equal(res.status, 200, path)
          answers[path] = JSON.parse(res.body)
        }
        assert.equal(matched, 0)
        assert.deepEqual(answers, {
          '/api/v2/items/7': { params: { version: 'v2', id: '7' }, baseUrl: '/api/v2', url: '/items/7' },
          '/API/V3/items/8?x=1': { params: { version: 'V3', id: '8' }, baseUrl: '/API/V3', url: '/items/8?x=1' },
          '/api/v2/': { params: { version: 'v2' }, baseUrl: '/api/v2', url: '/' },
          '/api/v2': { params: { version: 'v2' }, baseUrl: '/api/v2', url: '/' },
          // 4.x's prefix pattern also takes one slash before another.
          '/api/v2//x': { params: { version: 'v2' }, baseUrl: '/api/v2', url: version === '4.x' ? '/x' : '//x' },
        })
        // A path the tree leaves to the linear matcher still runs the pattern.
        const encoded = await rawRequest(srv.port, 'GET', '/api/v%32/items/9')
        assert.equal(encoded.status, 200)
        assert.deepEqual(JSON.parse(encoded.body).params, { version: 'v2', id: '9' })
        assert.ok(matched > 0)
      })
    })
  })
}
