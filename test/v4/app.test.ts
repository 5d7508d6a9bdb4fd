/**
 * The 4.x application: `app._router` and `app.lazyrouter()` with Express 4's
 * two built-in layers, no `app.router` (reading it throws), `app.del`, the
 * removed 3.x middleware names, `webfw.query()`, the request preparation
 * done by the `expressInit` layer, and `app.engines` as a plain object.
 */
import assert from 'node:assert/strict'
import net from 'node:net'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { webfw, webfw3, webfw4, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express5: Any = require('express')

describe('app._router (4.x)', () => {
  test('is undefined until something is registered, as in Express 4', () => {
    const app = webfw4()
    assert.equal(app._router, undefined)
    app.set('foo', 'bar')
    assert.equal(app._router, undefined)
    app.get('/', () => {})
    assert.equal(typeof app._router, 'function')
    assert.equal(typeof app._router.handle, 'function')
  })

  test('starts with the query and expressInit layers, then the app\'s own, as Express 4 lists them', () => {
    const app = webfw4()
    app.use(function logger(_req: Any, _res: Any, next: Any) {
      next()
    })
    app.get('/users/:id', (_req: Any, res: Any) => res.end())
    const reference = express4()
    reference.use(function logger(_req: Any, _res: Any, next: Any) {
      next()
    })
    reference.get('/users/:id', (_req: Any, res: Any) => res.end())
    const shape = (a: Any) => a._router.stack.map((l: Any) => [l.name, l.route ? l.route.path : null, String(l.regexp)])
    assert.deepEqual(shape(app), shape(reference))
    assert.deepEqual(
      shape(app).map((row: Any[]) => row[0]),
      ['query', 'expressInit', 'logger', 'bound dispatch'],
    )
  })

  test('lazyrouter() creates it once, with the routing settings of that moment', () => {
    const app = webfw4()
    app.enable('case sensitive routing')
    app.enable('strict routing')
    app.lazyrouter()
    const router = app._router
    assert.equal(router.caseSensitive, true)
    assert.equal(router.strict, true)
    app.lazyrouter()
    assert.equal(app._router, router)
  })

  test('routes registered through app._router are served', async () => {
    const app = webfw4()
    app.lazyrouter()
    app._router.get('/direct', (_req: Any, res: Any) => res.send('via _router'))
    const res = await call(app, '/direct')
    assert.equal(res.body, 'via _router')
  })

  test('5.x has no app._router', () => {
    const app = webfw()
    app.get('/', () => {})
    assert.equal(app._router, undefined)
    assert.equal(typeof app.router, 'function')
  })
})

describe('app.router (4.x)', () => {
  test('reading it throws an error pointing to the migration, worded as Express 4 words it', () => {
    const messageOf = (app: Any): string => {
      try {
        void app.router
      } catch (err) {
        return (err as Error).message
      }
      return 'no error'
    }
    assert.equal(messageOf(webfw4()), messageOf(express4()))
    assert.match(messageOf(webfw4()), /app\.router.*3\.x to 4\.x migration guide/s)
  })
})

describe('expressInit (4.x)', () => {
  test('sets X-Powered-By, req.res, res.req and the app prototypes', async () => {
    const app = webfw4()
    app.get('/', (req: Any, res: Any) => {
      res.json({
        linked: req.res === res && res.req === req,
        proto: Object.getPrototypeOf(Object.getPrototypeOf(req)) === app.request || Object.getPrototypeOf(req) === app.request,
        app: req.app === app,
      })
    })
    const res = await call(app)
    assert.equal(res.headers['x-powered-by'], 'webfw')
    assert.deepEqual(JSON.parse(res.body), { linked: true, proto: true, app: true })
  })

  test('a request handed to the router directly is prepared too', async () => {
    const app = webfw4()
    app.get('/', (req: Any, res: Any) => res.send(String(req.app === app)))
    const listener = (req: Any, res: Any) => app._router.handle(req, res, () => res.end('unhandled'))
    assert.equal((await call(listener)).body, 'true')
  })

  test('layers moved in front of the built-in ones run before them, as in Express 4', async () => {
    const build = (factory: Any) => {
      const app = factory()
      app.use(function early(req: Any, res: Any, next: Any) {
        req.early = `${res.getHeader('x-powered-by') ?? 'not yet'}, ${typeof res.send}`
        next()
      })
      app.get('/', (req: Any, res: Any) => res.send(`${req.early} / ${res.getHeader('x-powered-by') ? 'set' : 'unset'}`))
      // Express 4 apps sometimes reorder the stack: move the middleware first.
      app._router.stack.unshift(app._router.stack.splice(2, 1)[0])
      return app
    }
    const [ours, theirs] = await Promise.all([call(build(webfw4)), call(build(express4))])
    assert.equal(ours.body, 'not yet, undefined / set')
    assert.equal(theirs.body, 'not yet, undefined / set')
  })

  test('an app with nothing registered answers 404 without entering a router (no X-Powered-By)', async () => {
    const res = await call(webfw4())
    assert.equal(res.status, 404)
    assert.equal(res.headers['x-powered-by'], undefined)
  })

  test('a mounted app gets its own prototypes and gives the parent\'s back', async () => {
    const app = webfw4()
    const sub = webfw4()
    sub.request.where = 'sub'
    app.request.where = 'parent'
    sub.get('/', (req: Any, _res: Any, next: Any) => {
      req.seen = req.where
      next()
    })
    app.use('/sub', sub)
    app.use((req: Any, res: Any) => res.send(`${req.seen},${req.where}`))
    assert.equal((await call(app, '/sub')).body, 'sub,parent')
  })
})

describe('app.del (4.x)', () => {
  test('is app.delete', async () => {
    const app = webfw4()
    app.del('/item', (_req: Any, res: Any) => res.send('deleted'))
    assert.equal((await call(app, '/item', { method: 'DELETE' })).body, 'deleted')
    assert.equal((await call(app, '/item')).status, 404)
  })

  test('does not exist in 5.x', () => {
    assert.equal(webfw().del, undefined)
  })
})

describe('removed middleware (4.x)', () => {
  test('reading a 3.x bundled middleware throws, naming it', () => {
    for (const name of ['bodyParser', 'compress', 'session', 'logger', 'methodOverride', 'limit', 'multipart']) {
      assert.throws(() => webfw4[name], new RegExp(`middleware.*${name}`))
    }
  })

  test('the middleware webfw provides stay', () => {
    for (const name of ['json', 'raw', 'text', 'urlencoded', 'static', 'cookieParser', 'query']) {
      assert.equal(typeof webfw4[name], 'function', name)
    }
    assert.equal(webfw.bodyParser, undefined)
  })
})

describe('webfw.query() (4.x)', () => {
  test('parses the query string with qs on a server that is not an app', async () => {
    const parse = webfw4.query({ depth: 1 })
    const server = (req: Any, res: Any) => parse(req, res, () => res.end(JSON.stringify(req.query)))
    const res = await call(server, '/?a[b][c]=d&constructor=x')
    assert.deepEqual(JSON.parse(res.body), { a: { b: { '[c]': 'd' } }, constructor: 'x' })
  })

  test('takes a parse function', async () => {
    const parse = webfw4.query((str: string) => ({ raw: str }))
    const server = (req: Any, res: Any) => parse(req, res, () => res.end(JSON.stringify(req.query)))
    assert.deepEqual(JSON.parse((await call(server, '/?x=1')).body), { raw: 'x=1' })
  })

  test('leaves a query an app already gives alone', async () => {
    const app = webfw4()
    app.use(webfw4.query(() => ({ replaced: true })))
    app.use((req: Any, res: Any) => res.json(req.query))
    assert.deepEqual(JSON.parse((await call(app, '/?a=1')).body), { a: '1' })
  })
})

describe('app.listen (4.x)', () => {
  test('a listen error is the server\'s error event; the callback is for success only', async () => {
    const taken = net.createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()))
    const { port } = taken.address() as net.AddressInfo
    try {
      const calls: unknown[] = []
      const server = webfw4().listen(port, '127.0.0.1', (...args: unknown[]) => calls.push(args))
      const err = await new Promise<NodeJS.ErrnoException>((resolve) => server.once('error', resolve))
      assert.equal(err.code, 'EADDRINUSE')
      await new Promise((resolve) => setImmediate(resolve))
      assert.deepEqual(calls, [])
      // 5.x hands it to the callback
      const got = await new Promise<unknown>((resolve) => webfw().listen(port, '127.0.0.1', resolve))
      assert.equal((got as NodeJS.ErrnoException).code, 'EADDRINUSE')
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })
})

describe('router.handle wrappers (4.x)', () => {
  test('a wrapped router.handle sees every request, as in Express 4 (instrumentation)', async () => {
    const app = webfw4()
    app.get('/', (_req: Any, res: Any) => res.send('ok'))
    const seen: string[] = []
    const original = app._router.handle
    app._router.handle = function (req: Any, res: Any, next: Any) {
      seen.push(req.url)
      return original.call(this, req, res, next)
    }
    assert.equal((await call(app, '/')).body, 'ok')
    assert.deepEqual(seen, ['/'])
  })
})

describe('app.engines (4.x)', () => {
  // What a handler sees of app.engines: own entries answer hasOwnProperty,
  // and a mounted app's engines inherit its parent's.
  function enginesApp(factory: Any): Any {
    const app = factory()
    const sub = factory()
    app.engine('tpl', (_file: string, _opts: unknown, done: (err: null, html: string) => void) => done(null, ''))
    const describeEngines = (req: Any, res: Any) => {
      const engines = req.app.engines
      res.json({
        plain: Object.getPrototypeOf(engines) === Object.prototype,
        own: typeof engines.hasOwnProperty === 'function' ? engines.hasOwnProperty('.tpl') : 'no hasOwnProperty',
        inherited: typeof engines['.tpl'] === 'function',
      })
    }
    sub.get('/', describeEngines)
    app.use('/sub', sub)
    app.get('/', describeEngines)
    return app
  }

  test('is a plain object with hasOwnProperty, as in Express 4 (and 3.x); 5.x keeps a null prototype, as Express 5', async () => {
    const cases = [
      ['webfw/v4', webfw4, true],
      ['webfw/v3', webfw3, true],
      ['express 4', express4, true],
      ['webfw', webfw, false],
      ['express 5', express5, false],
    ] as const
    for (const [name, factory, plain] of cases) {
      const top = await call(enginesApp(factory), '/')
      assert.deepEqual([name, JSON.parse(top.body)], [name, { plain, own: plain ? true : 'no hasOwnProperty', inherited: true }])
      const mounted = await call(enginesApp(factory), '/sub')
      assert.deepEqual(
        [name, JSON.parse(mounted.body)],
        [name, { plain: false, own: plain ? false : 'no hasOwnProperty', inherited: true }],
      )
    }
  })
})

describe('app.settings (4.x)', () => {
  // What an application sees of app.settings and app.get: an ordinary object
  // in Express 4 (and 3.x), none in 5.x; app.get answers settings only, never
  // Object.prototype's members (4.x, 5.x), also through a mounted app.
  function look(factory: Any) {
    const app = factory()
    const sub = factory()
    app.set('title', 'top')
    app.use('/sub', sub)
    const settings = app.settings
    return {
      plain: Object.getPrototypeOf(settings) === Object.prototype,
      own: typeof settings.hasOwnProperty === 'function' ? settings.hasOwnProperty('title') : 'no hasOwnProperty',
      getPrototypeMember: typeof app.get('hasOwnProperty'),
      enabledPrototypeMember: app.enabled('toString'),
      inherited: sub.get('title'),
      subOwn: Object.hasOwn(sub.settings, 'title'),
    }
  }

  test('is an ordinary object in 4.x as in Express 4, without prototype in 5.x; app.get reads settings only', () => {
    const cases = [
      ['webfw/v4', webfw4, 'express 4', express4],
      ['webfw', webfw, 'express 5', express5],
    ] as const
    for (const [name, factory, refName, reference] of cases) {
      const ours = look(factory)
      assert.deepEqual([name, ours], [name, look(reference)], `against ${refName}`)
      assert.equal(ours.getPrototypeMember, 'undefined')
      assert.equal(ours.enabledPrototypeMember, false)
      assert.equal(ours.inherited, 'top')
    }
    assert.equal(look(webfw4).plain, true)
    assert.equal(look(webfw).plain, false)
  })
})
