/**
 * `router.listRoutes()` (5.x, Express 5.3's router): the paths registered on a
 * router in order, each with its route's methods (upper-case, first
 * registration order, '*' for `.all()`, the automatic HEAD of GET) or the
 * router mounted there; plain middleware and sub-apps left out; a path array
 * gives one entry per path. Each case is also built on Express 5 and compared.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { express5 } from '../helpers/side-by-side'
import { webfw, webfw4, type Any } from '../helpers/webfw'

interface Built {
  list: Any[]
  admin: Any
}

/** A router with one of each kind of entry, built with `factory`. */
function build(factory: Any): Built {
  const router = factory.Router()
  const admin = factory.Router()
  admin.get('/', () => {})
  const sub = factory()
  sub.get('/', () => {})
  router.use('/admin', admin)
  router.all('/:id', () => {})
  router.get('/:id', () => {})
  router.route('/both').all(() => {}).get(() => {})
  router.route('/both-reversed').get(() => {}).all(() => {})
  router.route('/repeated').post(() => {}).get(() => {}).post(() => {})
  router.route('/empty')
  router.route('/head-first').head(() => {}).get(() => {})
  router.use((_req: Any, _res: Any, next: Any) => next())
  router.use('/sub', sub)
  router.route([['/a'], '/b', /^\/c$/]).put(() => {})
  router.use(['/m1', '/m2'], admin)
  return { list: router.listRoutes(), admin }
}

/** The list with the mounted router replaced by a name, comparable across frameworks. */
function comparable({ list, admin }: Built): unknown[] {
  return list.map((e: Any) => ({ path: String(e.path), methods: e.methods, router: e.router === admin ? 'admin' : e.router }))
}

describe('router.listRoutes() (5.x)', () => {
  test('lists routes with their methods and mounted routers, in registration order', () => {
    const built = build(webfw)
    assert.deepEqual(comparable(built), [
      { path: '/admin', methods: undefined, router: 'admin' },
      { path: '/:id', methods: ['*'], router: undefined },
      { path: '/:id', methods: ['GET', 'HEAD'], router: undefined },
      { path: '/both', methods: ['*', 'GET', 'HEAD'], router: undefined },
      { path: '/both-reversed', methods: ['GET', '*', 'HEAD'], router: undefined },
      { path: '/repeated', methods: ['POST', 'GET', 'HEAD'], router: undefined },
      { path: '/empty', methods: [], router: undefined },
      { path: '/head-first', methods: ['HEAD', 'GET'], router: undefined },
      { path: '/a', methods: ['PUT'], router: undefined },
      { path: '/b', methods: ['PUT'], router: undefined },
      { path: '/^\\/c$/', methods: ['PUT'], router: undefined },
      { path: '/m1', methods: undefined, router: 'admin' },
      { path: '/m2', methods: undefined, router: 'admin' },
    ])
    assert.ok(built.list[10].path instanceof RegExp, 'a RegExp path is listed as given')
    assert.deepEqual(comparable(build(express5)), comparable(built))
  })

  test('each path of an array gets its own methods array', () => {
    const { list } = build(webfw)
    assert.notEqual(list[8].methods, list[9].methods)
    list[8].methods.push('X')
    assert.deepEqual(list[9].methods, ['PUT'])
  })

  test('an app\'s router lists what the app registered, also after requests were served', async () => {
    const app = webfw()
    app.get('/before', (_req: Any, res: Any) => res.send('ok'))
    assert.equal((await call(app, '/before')).status, 200)
    app.post('/after', () => {})
    assert.deepEqual(app.router.listRoutes(), [
      { path: '/before', methods: ['GET', 'HEAD'], router: undefined },
      { path: '/after', methods: ['POST'], router: undefined },
    ])
    assert.equal(app.listRoutes, undefined)
  })

  test('is a method of the Router prototype, as in Express 5; 4.x routers have none, as Express 4\'s', () => {
    assert.equal(typeof webfw.Router.prototype.listRoutes, 'function')
    assert.equal(Object.keys(webfw.Router.prototype).includes('listRoutes'), Object.keys(express5.Router.prototype).includes('listRoutes'))
    assert.equal(webfw4.Router().listRoutes, undefined)
  })
})
