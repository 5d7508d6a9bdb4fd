/**
 * Express 3's Router (`webfw.Router` of the 3.x factory): `router.route(method,
 * path, ...callbacks)`, the verbs and `all`, `match` and `matchRequest` by
 * position, `router.middleware`, callback validation, `router.param`, and
 * the OPTIONS answer; plus the 3.x dispatch rules the suite leaves out.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { webfw3, type Any } from '../helpers/webfw'

const { Router, Route } = webfw3
const noop = () => {}

describe('webfw.Router (3.x)', () => {
  test('routes are kept by method; match(method, url, i) finds the first match from position i', () => {
    const router = new Router()
    router.route('get', '/foo', noop)
    router.route('GET', '/foob?', noop)
    router.get('/bar', noop)
    assert.deepEqual(Object.keys(router.map), ['get'])
    const first = router.match('GET', '/foo?bar=baz', 0)
    assert.ok(first instanceof Route)
    assert.deepEqual([first.method, first.path], ['get', '/foo'])
    assert.equal(router.match('GET', '/foo?bar=baz', 1).path, '/foob?')
    assert.equal(router.match('GET', '/foo?bar=baz', 2), undefined)
    assert.equal(router.match('GET', '/bar').path, '/bar')
  })

  test('matchRequest(req, i) records the position in req._route_index; HEAD falls back to get routes', () => {
    const router = new Router()
    router.get('/foo', noop)
    router.get('/fo+', noop)
    const req: Any = { method: 'GET', url: '/foo' }
    assert.equal(router.matchRequest(req, 1).path, '/fo+')
    assert.equal(req._route_index, 1)
    assert.equal(router.matchRequest({ method: 'HEAD', url: '/foo' }).path, '/foo')
  })

  test('all() adds the route for every method', () => {
    const router = new Router()
    router.all('/foo', noop)
    for (const method of ['get', 'post', 'delete', 'm-search']) {
      const route = router.match(method, '/foo?x=1')
      assert.equal(route.method, method)
    }
  })

  test('callbacks must be functions and a path is required', () => {
    const router = new Router()
    assert.throws(() => router.route('get', '/foo', null, noop), /\.get\(\) requires callback functions but got a \[object Null\]/)
    assert.throws(() => router.route('get', '/foo', 'nope'), /requires callback functions but got a \[object String\]/)
    assert.throws(() => router.route('get', '', noop), /Router#get\(\) requires a path/)
    router.route('get', '/foo', [noop, [noop]])
    assert.equal(router.map.get[0].callbacks.length, 2)
  })

  test('router.middleware dispatches; unmatched OPTIONS goes on to later middleware', async () => {
    const app = webfw3()
    const router = new Router()
    router.get('/users', (_req: Any, res: Any) => res.end('users'))
    app.use(router.middleware)
    app.get('/other', noop)
    assert.equal((await call(app, '/users')).body, 'users')
    const options = await call(app, '/other', { method: 'OPTIONS' })
    assert.deepEqual([options.body, options.headers.allow], ['GET,HEAD', 'GET,HEAD'])
  })

  test('OPTIONS without an options route answers the sorted methods of the matching routes', async () => {
    const app = webfw3()
    app.put('/users', noop)
    app.get('/users', noop)
    app.del('/users/:id', noop)
    const res = await call(app, '/users', { method: 'OPTIONS' })
    assert.deepEqual([res.status, res.headers.allow, res.body], [200, 'GET,HEAD,PUT', 'GET,HEAD,PUT'])
    assert.equal((await call(app, '/nothing', { method: 'OPTIONS' })).status, 404)
  })

  test('a Route matches a path and keeps the params of its last match', () => {
    const route = new Route('get', '/user/:id/:op?', [noop])
    assert.equal(route.match('/user/12'), true)
    assert.equal(route.params.id, '12')
    assert.ok('op' in route.params)
    assert.equal(route.match('/users'), false)
  })
})

describe('3.x dispatch', () => {
  test('req.params is an array: named captures as properties, unnamed ones by position', async () => {
    const app = webfw3()
    app.get('/file/:name/*', (req: Any, res: Any) => {
      res.json({ isArray: Array.isArray(req.params), length: req.params.length, name: req.params.name, rest: req.params[0] })
    })
    const body = JSON.parse((await call(app, '/file/a/b/c')).body)
    assert.deepEqual(body, { isArray: true, length: 1, name: 'a', rest: 'b/c' })
  })

  test('an error thrown by a callback goes to the error callbacks after it, then to later routes', async () => {
    const app = webfw3()
    const log: string[] = []
    app.get('/', () => {
      throw new Error('thrown')
    }, (_req: Any, _res: Any, next: Any) => {
      log.push('skipped')
      next()
    }, (err: Error, _req: Any, _res: Any, next: Any) => {
      log.push('route handler ' + err.message)
      next(err)
    })
    app.get('/', (err: Error, _req: Any, res: Any, _next: Any) => res.end([...log, 'next route ' + err.message].join(',')))
    assert.equal((await call(app, '/')).body, 'route handler thrown,next route thrown')
  })

  test('a URL rewritten by a route is matched by the following routes', async () => {
    const app = webfw3()
    app.get('/account/edit', (req: Any, _res: Any, next: Any) => {
      req.url = '/user/12/edit'
      next()
    })
    app.get('/user/:id/edit', (req: Any, res: Any) => res.end('editing ' + req.params.id))
    assert.equal((await call(app, '/account/edit')).body, 'editing 12')
  })

  test('a parameter that cannot be decoded is a 400', async () => {
    const app = webfw3()
    app.get('/:name', (req: Any, res: Any) => res.end(req.params.name))
    assert.equal((await call(app, '/%foobar')).status, 400)
    assert.equal((await call(app, '/foo%2Fbar')).body, 'foo/bar')
  })

  test('req.route is the route running', async () => {
    const app = webfw3()
    app.get('/user/:id/:op?', (req: Any, _res: Any, next: Any) => {
      assert.equal(req.route.path, '/user/:id/:op?')
      next()
    })
    app.get('/user/:id/edit', (req: Any, res: Any) => res.end(req.route.method + ' ' + req.route.path))
    assert.equal((await call(app, '/user/1/edit')).body, 'get /user/:id/edit')
  })
})
