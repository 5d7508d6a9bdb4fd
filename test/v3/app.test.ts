/**
 * The 3.x application: the route map (`app.routes`, `app.router` and where
 * it runs), `app.configure`, `app.locals` as a merging function,
 * `app.route` as the mount path, `app.param`'s 3.x forms, `app.del`,
 * `app.all`, and sub-apps.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { webfw3, type Any } from '../helpers/webfw'

function logger(log: string[], name: string) {
  return (_req: Any, _res: Any, next: Any) => {
    log.push(name)
    next()
  }
}

describe('the route map (3.x)', () => {
  test('routes run where the first route definition placed the map, even those defined after later middleware', async () => {
    const app = webfw3()
    const log: string[] = []
    app.use(logger(log, 'before'))
    app.get('/x', logger(log, 'r1'))
    app.use(logger(log, 'after'))
    app.get('/x', logger(log, 'r2'))
    app.use((_req: Any, res: Any) => res.end(log.join(',')))
    assert.equal((await call(app, '/x')).body, 'before,r1,r2,after')
  })

  test('app.use(app.router) places it; routes defined afterwards run there', async () => {
    const app = webfw3()
    const log: string[] = []
    app.use(logger(log, 'before'))
    app.use(app.router)
    app.use((_req: Any, res: Any) => res.end(log.join(',')))
    app.get('/', logger(log, 'GET /'))
    assert.equal((await call(app, '/')).body, 'before,GET /')
  })

  test('app.routes lists the routes by method with path, method, keys and regexp; editing a list changes routing', async () => {
    const app = webfw3()
    assert.deepEqual(app.routes, {})
    app.get('/', (_req: Any, res: Any) => res.end('root'))
    app.get('/user/:id', (_req: Any, res: Any) => res.end('user'))
    app.post('/user', (_req: Any, res: Any) => res.end('created'))
    assert.deepEqual(Object.keys(app.routes), ['get', 'post'])
    const get = app.routes.get
    assert.equal(get.length, 2)
    assert.equal(get[0].path, '/')
    assert.equal(get[0].method, 'get')
    assert.equal(String(get[0].regexp), '/^\\/\\/?$/i')
    assert.deepEqual(get[1].keys, [{ name: 'id', optional: false }])
    assert.equal(get[1].constructor, webfw3.Route)
    assert.equal((await call(app, '/user/12')).body, 'user')
    get.splice(1)
    assert.equal((await call(app, '/user/12')).status, 404)
  })

  test('app.all adds one route per method', () => {
    const app = webfw3()
    app.all('/tobi', (_req: Any, res: Any) => res.end())
    for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
      assert.equal(app.routes[method].length, 1, method)
      assert.equal(app.routes[method][0].method, method)
    }
  })

  test('app.del is app.delete', async () => {
    const app = webfw3()
    app.del('/tobi', (_req: Any, res: Any) => res.end('deleted'))
    assert.equal((await call(app, '/tobi', { method: 'DELETE' })).body, 'deleted')
  })

  test('the route map takes the routing settings when it is placed', async () => {
    const app = webfw3()
    app.enable('case sensitive routing')
    app.enable('strict routing')
    app.get('/User', (_req: Any, res: Any) => res.end('ok'))
    assert.equal((await call(app, '/User')).status, 200)
    assert.equal((await call(app, '/user')).status, 404)
    assert.equal((await call(app, '/User/')).status, 404)
  })

  test('app.get(name) with one argument reads a setting and defines no route', () => {
    const app = webfw3()
    app.set('title', 'Blog')
    assert.equal(app.get('title'), 'Blog')
    assert.deepEqual(app.routes, {})
  })
})

describe('app.param (3.x forms)', () => {
  test('app.param(fn) rewrites later calls, e.g. to take a RegExp', async () => {
    const app = webfw3()
    app.param((name: string, regexp: unknown) => {
      if (!(regexp instanceof RegExp)) return undefined
      return (req: Any, _res: Any, next: Any, val: string) => {
        const m = regexp.exec(String(val))
        if (!m) return next('route')
        req.params[name] = m[1]
        next()
      }
    })
    app.param(':name', /^([a-z]+)$/)
    app.get('/user/:name', (req: Any, res: Any) => res.end(req.params.name))
    assert.equal((await call(app, '/user/tj')).body, 'tj')
    assert.equal((await call(app, '/user/123')).status, 404)
  })

  test('a list of names, several callbacks, and a value that is not a function refused', async () => {
    const app = webfw3()
    app.param(['id', 'uid'], (req: Any, _res: Any, next: Any, id: string) => {
      req.params.id = Number(id)
      next()
    }, (req: Any, _res: Any, next: Any) => {
      req.params.checked = true
      next()
    })
    app.get('/user/:uid', (req: Any, res: Any) => res.json([typeof req.params.id, req.params.checked]))
    assert.deepEqual(JSON.parse((await call(app, '/user/5')).body), ['number', true])
    assert.throws(() => app.param('name', 'bob'), /invalid param\(\) call for name, got bob/)
  })

  test('a thrown error and next("route") from a parameter callback', async () => {
    const app = webfw3()
    app.param('id', (_req: Any, _res: Any, next: Any, id: string) => {
      if (id === 'boom') throw new Error('bad id')
      next('route')
    })
    app.get('/user/:id', (_req: Any, res: Any) => res.end('never'))
    app.get('/:name/:other', (_req: Any, res: Any) => res.end('next route'))
    app.use((err: Error, _req: Any, res: Any, _next: Any) => res.status(500).end(err.message))
    assert.equal((await call(app, '/user/1')).body, 'next route')
    const failed = await call(app, '/user/boom')
    assert.deepEqual([failed.status, failed.body], [500, 'bad id'])
  })
})

describe('app.configure, app.locals, app.route (3.x)', () => {
  test('app.configure runs the callback for no env, a matching env, or one of several', () => {
    const app = webfw3()
    app.set('env', 'development')
    const calls: string[] = []
    app.configure(function (this: Any) {
      assert.equal(this, app)
      calls.push('all')
    })
    app.configure('production', () => calls.push('prod'))
    app.configure('test', 'development', () => calls.push('dev'))
    assert.equal(app.configure('x', () => calls.push('x')), app)
    assert.deepEqual(calls, ['all', 'dev'])
  })

  test('app.locals is a function merging objects into itself, with the settings as a local', () => {
    const app = webfw3()
    assert.equal(typeof app.locals, 'function')
    assert.deepEqual(Object.keys(app.locals), ['settings'])
    app.locals({ user: 'tobi', age: 1 })
    app.locals({ age: 2, name: 'not a local' })
    assert.deepEqual(Object.keys(app.locals), ['settings', 'user', 'age'])
    assert.equal(app.locals.age, 2)
    assert.equal(app.locals.name, 'locals')
    app.set('title', 'House')
    assert.equal(app.locals.settings.title, 'House')
    assert.equal(Object.getPrototypeOf(app.locals.settings), Object.prototype)
  })

  test('app.locals and res.locals (functions too) reach templates', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-v3-views-'))
    fs.writeFileSync(path.join(dir, 'page.tpl'), 'unused')
    try {
      const app = webfw3()
      app.engine('tpl', (_file: string, options: Any, done: Any) => done(null, `${options.title}:${options.user}:${options.page}`))
      app.set('views', dir)
      app.locals({ title: 'Blog' })
      app.get('/', (_req: Any, res: Any) => {
        assert.equal(typeof res.locals, 'function')
        res.locals({ user: 'tobi' })
        res.render('page.tpl', { page: 1 })
      })
      assert.equal((await call(app, '/')).body, 'Blog:tobi:1')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  test('app.route is the mount path and app.path() joins the parents', () => {
    const app = webfw3()
    const blog = webfw3()
    const admin = webfw3()
    app.use('/blog', blog)
    blog.use('/admin', admin)
    assert.deepEqual([app.route, blog.route, admin.route], ['/', '/blog', '/admin'])
    assert.deepEqual([app.path(), blog.path(), admin.path()], ['', '/blog', '/blog/admin'])
    assert.equal(blog.parent, app)
  })

  test('a mounted sub-app runs with its own routes and settings, then the parent continues', async () => {
    const app = webfw3()
    const blog = webfw3()
    blog.set('title', 'Blog')
    blog.get('/', (req: Any, res: Any) => res.end(req.app.get('title') + ' ' + req.url))
    blog.get('/next', (_req: Any, _res: Any, next: Any) => next())
    app.use('/blog', blog)
    app.use((req: Any, res: Any) => res.end('parent ' + req.url))
    assert.equal((await call(app, '/blog')).body, 'Blog /')
    assert.equal((await call(app, '/blog/next')).body, 'parent /blog/next')
  })
})
