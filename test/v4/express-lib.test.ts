/**
 * The Express 4 module paths webfw exposes (`express/lib/...` when "express"
 * is aliased to webfw): each is the 4.x object Express 4's module is, and a
 * patch applied to it reaches 4.x apps and no others. Resolved from a
 * throw-away project whose `node_modules/express` is this package, as the
 * alias installs it. Patches hold for the process: each test undoes its own.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { makeExpressAliasProject } from '../helpers/consumer-project'
import { call } from '../helpers/call'
import { webfw, webfw4, type Any } from '../helpers/webfw'
import { express4 } from '../helpers/side-by-side'

let dir: string
let appRequire: NodeRequire

before(() => {
  ;({ dir, require: appRequire } = makeExpressAliasProject('webfw-express-lib-'))
})

after(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

function errorHandler(err: Any, _req: Any, res: Any, _next: Any): void {
  res.status(500).send('handled: ' + err.message)
}

describe('express/lib/... paths', () => {
  test('are the 4.x objects Express 4 has there, with or without ".js" or "/index"', () => {
    const route = new webfw4.Route('/')
    route.get(() => {})
    const expected: Record<string, unknown> = {
      'express/lib/application': webfw4.application,
      'express/lib/request': webfw4.request,
      'express/lib/response': webfw4.response,
      'express/lib/router/index': webfw4.Router,
      'express/lib/router/route': webfw4.Route,
      'express/lib/router/layer': route.stack[0].constructor,
    }
    for (const [id, value] of Object.entries(expected)) {
      assert.equal(appRequire(id), value, id)
      assert.equal(appRequire(id + '.js'), value, id + '.js')
    }
    // A folder, as in Express 4: `express/lib/router.js` exists in neither.
    assert.equal(appRequire('express/lib/router'), webfw4.Router)
  })

  test('express.Router is the prototype of 4.x routers, as in Express 4: what is added to it every router has (express-ws)', async () => {
    for (const [name, factory, lib] of [
      ['webfw/v4', webfw4, appRequire('express/lib/router')],
      ['Express 4', express4, require('express4/lib/router')],
    ] as const) {
      const Router = factory.Router
      assert.equal(lib, Router, name)
      assert.equal(typeof Router.use, 'function', name)
      Router.shout = function (this: Any, path: string, text: string) {
        return this.get(path, (_req: Any, res: Any) => res.send(text.toUpperCase()))
      }
      try {
        const router = factory.Router()
        assert.equal(Object.getPrototypeOf(router), Router, name)
        assert.equal(Object.getPrototypeOf(new Router()), Router, name)
        router.shout('/hi', 'hello')
        const app = factory()
        app.use(router)
        assert.equal((await call(app, '/hi')).body, 'HELLO', name)
      } finally {
        delete Router.shout
      }
    }
    // 5.x keeps the router package's shape: the methods are on Router.prototype.
    assert.equal(Object.getPrototypeOf(webfw.Router()), webfw.Router.prototype)
    assert.equal(typeof webfw.Router.use, 'undefined')
  })

  test('an app\'s first route calls router.use once for query and once for expressInit, as Express 4 does', () => {
    const callsOf = (factory: Any): string[] => {
      const Router = factory.Router
      const original = Router.use
      const calls: string[] = []
      Router.use = function (this: Any, ...args: Any[]) {
        calls.push(args.map((a) => (typeof a === 'function' ? a.name : Array.isArray(a) ? 'array' : String(a))).join(' '))
        return original.apply(this, args)
      }
      try {
        const app = factory()
        app.get('/', () => {})
        app.use(function mine(_req: Any, _res: Any, next: Any) {
          next()
        })
      } finally {
        Router.use = original
      }
      return calls
    }
    assert.deepEqual(callsOf(webfw4), callsOf(express4))
    assert.deepEqual(callsOf(webfw4), ['query', 'expressInit', '/ mine'])
  })

  test('lib/router/layer is the class of the layers in 4.x routers and routes only', () => {
    const Layer = appRequire('express/lib/router/layer')
    const app = webfw4()
    app.get('/', () => {})
    const stack = app._router.stack
    assert.ok(stack.every((layer: Any) => layer instanceof Layer))
    assert.ok(stack[stack.length - 1].route.stack[0] instanceof Layer)
    const router5 = webfw.Router()
    router5.get('/', () => {})
    assert.equal(router5.stack[0] instanceof Layer, false)
    assert.equal(router5.stack[0].route.stack[0] instanceof Layer, false)
  })

  test("lib/express is the 4.x factory, as Express 4's main module is its lib/express", () => {
    assert.equal(appRequire('express/lib/express'), webfw4)
    assert.equal(appRequire('express/lib/express.js'), webfw4)
    assert.equal(require('express4/lib/express'), express4)
    const { response, Router } = appRequire('express/lib/express')
    assert.equal(response, webfw4.response)
    assert.equal(Router, webfw4.Router)
  })

  test("lib/middleware/query is the 4.x query middleware factory, parsing as Express 4's", async () => {
    const query = appRequire('express/lib/middleware/query')
    assert.equal(query, webfw4.query)
    // On a plain node:http server: inside an app, the app's own query layer has set req.query already.
    const parsed = (middleware: Any) =>
      call(
        (req: Any, res: Any) => middleware(req, res, () => res.end(JSON.stringify(req.query))),
        '/?a[b]=1&c=2&c=3',
      ).then((r) => r.body)
    const expected: Record<string, string> = { undefined: '{"a":{"b":"1"},"c":["2","3"]}', '{"depth":0}': '{"a[b]":"1","c":["2","3"]}' }
    for (const options of [undefined, { depth: 0 }]) {
      const mine = await parsed(query(options))
      assert.equal(mine, await parsed(require('express4/lib/middleware/query')(options)))
      assert.equal(mine, expected[JSON.stringify(options) ?? 'undefined'])
    }
  })

  test("Express 4's init middleware (lib/middleware/init) is not exposed", () => {
    for (const id of ['express/lib/middleware/init']) {
      assert.throws(() => appRequire(id), { code: 'MODULE_NOT_FOUND' }, id)
    }
  })
})

describe('patches of express/lib/... modules', () => {
  test('a replaced Layer.prototype.handle_request runs for 4.x layers, not 5.x ones', async () => {
    const Layer = appRequire('express/lib/router/layer')
    const original = Layer.prototype.handle_request
    let calls = 0
    // The hand-written equivalent of express-async-errors that apps carry.
    Layer.prototype.handle_request = function (this: Any, req: Any, res: Any, next: Any) {
      calls++
      const fn = this.handle
      if (fn.length > 3) return next()
      try {
        const ret = fn(req, res, next)
        if (ret && typeof ret.catch === 'function') ret.catch(next)
      } catch (err) {
        next(err)
      }
    }
    try {
      const build = (factory: Any) => {
        const app = factory()
        app.get('/', async () => {
          throw new Error('async')
        })
        app.use(errorHandler)
        return app
      }
      const res = await call(build(webfw4), '/')
      assert.deepEqual([res.status, res.body], [500, 'handled: async'])
      assert.ok(calls > 0)
      const before = calls
      const res5 = await call(build(webfw), '/')
      assert.deepEqual([res5.status, res5.body, calls], [500, 'handled: async', before])
    } finally {
      Layer.prototype.handle_request = original
    }
  })

  test('a replaced Layer.prototype.handle_error sees the errors of 4.x apps', async () => {
    const Layer = appRequire('express/lib/router/layer')
    const original = Layer.prototype.handle_error
    const seen: string[] = []
    Layer.prototype.handle_error = function (this: Any, err: Any, req: Any, res: Any, next: Any) {
      seen.push(err.message)
      return original.call(this, err, req, res, next)
    }
    try {
      const build = (factory: Any) => {
        const app = factory()
        app.get('/', () => {
          throw new Error('sync')
        })
        app.use(errorHandler)
        return app
      }
      assert.equal((await call(build(webfw4), '/')).body, 'handled: sync')
      assert.equal((await call(build(webfw), '/')).body, 'handled: sync')
      assert.deepEqual(seen, ['sync'])
    } finally {
      Layer.prototype.handle_error = original
    }
  })

  test('a method added to lib/request or lib/response is there in 4.x apps only', async () => {
    const request = appRequire('express/lib/request')
    const response = appRequire('express/lib/response')
    request.tenant = function (this: Any) {
      return this.hostname.split('.')[0]
    }
    response.sendTenant = function (this: Any) {
      return this.send('tenant ' + this.req.tenant())
    }
    try {
      const build = (factory: Any) => {
        const app = factory()
        app.get('/', (_req: Any, res: Any) => (typeof res.sendTenant === 'function' ? res.sendTenant() : res.send('none')))
        return app
      }
      const headers = { host: 'acme.example.com' }
      assert.equal((await call(build(webfw4), '/', { headers })).body, 'tenant acme')
      assert.equal((await call(build(webfw), '/', { headers })).body, 'none')
    } finally {
      delete request.tenant
      delete response.sendTenant
    }
  })

  test('a wrapped method of lib/router is what 4.x apps call (app.get reaches router.route)', async () => {
    const proto = appRequire('express/lib/router')
    const original = proto.route
    const paths: unknown[] = []
    proto.route = function (this: Any, routePath: unknown) {
      paths.push(routePath)
      return original.call(this, routePath)
    }
    try {
      const app = webfw4()
      app.get('/users/:id', (req: Any, res: Any) => res.send(req.params.id))
      webfw().get('/five', () => {})
      assert.equal((await call(app, '/users/7')).body, '7')
      assert.deepEqual(paths, ['/users/:id'])
    } finally {
      proto.route = original
    }
  })
})

describe('express/lib/view', () => {
  let views: string

  before(() => {
    views = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-lib-view-'))
    fs.writeFileSync(path.join(views, 'page.tmpl'), 'page of {{who}}')
    fs.mkdirSync(path.join(views, 'shared'))
    fs.writeFileSync(path.join(views, 'shared', 'page.tmpl'), 'shared page of {{who}}')
  })

  after(() => {
    fs.rmSync(views, { recursive: true, force: true })
  })

  /** A synchronous engine: `{{who}}` replaced by the `who` local. */
  function tmpl(file: string, options: Any, done: Any): void {
    done(null, fs.readFileSync(file, 'utf8').replace('{{who}}', options.who))
  }

  /** The app renders `page` with `View` as its `view` setting. */
  function render(factory: Any, View: unknown): Promise<string> {
    const app = factory()
    app.engine('tmpl', tmpl)
    app.set('views', views)
    app.set('view engine', 'tmpl')
    app.set('view', View)
    return new Promise((resolve, reject) => app.render('page', { who: 'ann' }, (err: unknown, html: string) => (err ? reject(err) : resolve(html))))
  }

  /** The ES5 way of deriving from Express 4's View: a view that looks in `shared/` first. */
  function es5Subclass(Base: Any): unknown {
    function SharedView(this: Any, name: string, options: Any) {
      Base.call(this, name, options)
    }
    SharedView.prototype = Object.create(Base.prototype)
    SharedView.prototype.constructor = SharedView
    SharedView.prototype.lookup = function (this: Any, name: string) {
      return Base.prototype.lookup.call(this, path.join('shared', name)) || Base.prototype.lookup.call(this, name)
    }
    return SharedView
  }

  test("is 4.x apps' default view class, a function constructor with Express 4's prototype methods", () => {
    const View = appRequire('express/lib/view')
    const ExpressView = require('express4/lib/view')
    assert.equal(View, webfw4().get('view'))
    assert.equal(ExpressView, express4().get('view'))
    assert.notEqual(View, webfw().get('view'))
    assert.equal(typeof View, 'function')
    assert.deepEqual(Object.keys(View.prototype), Object.keys(ExpressView.prototype))
    assert.equal(View.prototype.constructor, View)
  })

  test('a subclass made the ES5 way (View.call(this, ...)) or with class extends renders as on Express 4', async () => {
    const View = appRequire('express/lib/view')
    const ExpressView = require('express4/lib/view')
    assert.equal(await render(express4, es5Subclass(ExpressView)), 'shared page of ann')
    assert.equal(await render(webfw4, es5Subclass(View)), 'shared page of ann')
    const extended = (Base: Any) =>
      class extends Base {
        resolve(dir: string, file: string) {
          return super.resolve(path.join(dir, 'shared'), file)
        }
      }
    assert.equal(await render(express4, extended(ExpressView)), 'shared page of ann')
    assert.equal(await render(webfw4, extended(View)), 'shared page of ann')
  })

  test('a patched View.prototype.lookup reaches 4.x apps, not 5.x ones', async () => {
    const View = appRequire('express/lib/view')
    const original = View.prototype.lookup
    View.prototype.lookup = function (this: Any, name: string) {
      return original.call(this, path.join('shared', name))
    }
    try {
      assert.equal(await render(webfw4, webfw4().get('view')), 'shared page of ann')
      assert.equal(await render(webfw, webfw().get('view')), 'page of ann')
    } finally {
      View.prototype.lookup = original
    }
    assert.equal(await render(webfw4, webfw4().get('view')), 'page of ann')
  })
})
