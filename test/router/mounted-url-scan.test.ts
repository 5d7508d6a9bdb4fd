/**
 * A URL is scanned once per request however many routers it passes through:
 * a router mounted under a prefix gets the end of the path from the router
 * that stripped the prefix (src/router/shape.ts, `rememberMountedPathnameEnd`),
 * and `req.path` / `req.query` reuse the last answer. Counted, not timed.
 * What the mounted routers see (path, query, baseUrl, the routes they match)
 * is checked at the same time, on URLs where the derived end is easy to get
 * wrong: a query right after the prefix, an empty rest, a trailing slash.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { internal, webfw, type Any } from '../helpers/webfw'

const shape = internal('router/shape.js') as { pathnameScans(): number }

function nestedApp(): Any {
  const app = webfw()
  const api = webfw.Router({ mergeParams: true })
  const users = webfw.Router({ mergeParams: true })
  const seen = (req: Any) => ({ path: req.path, query: req.query, baseUrl: req.baseUrl, url: req.url, params: { ...req.params } })
  users.get('/', (req: Any, res: Any) => res.json({ at: 'users root', ...seen(req) }))
  users.get('/:post', (req: Any, res: Any) => res.json({ at: 'post', ...seen(req) }))
  api.use('/users/:user', users)
  app.use('/api/:version', api)
  return app
}

describe('one URL scan per request through nested routers', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['/api/v1/users/7/42?x=1', { at: 'post', path: '/42', query: { x: '1' }, baseUrl: '/api/v1/users/7', url: '/42?x=1', params: { version: 'v1', user: '7', post: '42' } }],
    ['/api/v1/users/7?x=1', { at: 'users root', path: '/', query: { x: '1' }, baseUrl: '/api/v1/users/7', url: '/?x=1', params: { version: 'v1', user: '7' } }],
    ['/api/v1/users/7', { at: 'users root', path: '/', query: {}, baseUrl: '/api/v1/users/7', url: '/', params: { version: 'v1', user: '7' } }],
    ['/api/v1/users/7/', { at: 'users root', path: '/', query: {}, baseUrl: '/api/v1/users/7', url: '/', params: { version: 'v1', user: '7' } }],
    ['/api/v1/users/7/42/?a=b&c=%20', { at: 'post', path: '/42/', query: { a: 'b', c: ' ' }, baseUrl: '/api/v1/users/7', url: '/42/?a=b&c=%20', params: { version: 'v1', user: '7', post: '42' } }],
  ]
  for (const [url, want] of cases) {
    test(`${url}: what the routers see, with one scan`, async () => {
      const app = nestedApp()
      // A first request builds the routers' indexes; the one counted is the second.
      await call(app, url)
      const before = shape.pathnameScans()
      const res = await call(app, url)
      const scans = shape.pathnameScans() - before
      assert.equal(res.status, 200)
      assert.deepEqual(JSON.parse(res.body), want)
      assert.equal(scans, 1, 'the URL is scanned once: by the app router; the mounted routers and req.path/req.query reuse it')
    })
  }
})
