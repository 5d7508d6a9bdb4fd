/**
 * Application settings: the 5.x defaults of the settings table, the accessor
 * methods, settings compiled when set, and sub-app inheritance.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { withEnv } from '../helpers/env'
import { runNode } from '../helpers/child'
import { packageRoot, webfw, type Any } from '../helpers/webfw'

describe('defaults (5.x)', () => {
  test('every setting of the table', () => {
    const app = withEnv(undefined, () => webfw())
    assert.equal(app.get('case sensitive routing'), undefined)
    assert.equal(app.get('env'), 'development')
    assert.equal(app.get('etag'), 'weak')
    assert.equal(app.get('jsonp callback name'), 'callback')
    assert.equal(app.get('json escape'), undefined)
    assert.equal(app.get('json replacer'), undefined)
    assert.equal(app.get('json spaces'), undefined)
    assert.equal(app.get('query parser'), 'simple')
    assert.equal(app.get('strict routing'), undefined)
    assert.equal(app.get('subdomain offset'), 2)
    assert.equal(app.get('trust proxy'), false)
    assert.equal(app.get('views'), path.resolve('views'))
    assert.equal(app.get('view cache'), undefined)
    assert.equal(app.get('view engine'), undefined)
    assert.equal(app.get('x-powered-by'), true)
  })

  test('env comes from NODE_ENV; production enables view cache', () => {
    const app = withEnv('production', () => webfw())
    assert.equal(app.get('env'), 'production')
    assert.equal(app.get('view cache'), true)
    assert.equal(withEnv('test', () => webfw()).get('env'), 'test')
  })

  test('x-powered-by sends the framework name, and can be disabled', async () => {
    const app = webfw()
    app.get('/', (_req: Any, res: Any) => res.end())
    await withServer(app, async (srv) => {
      assert.equal((await rawRequest(srv.port, 'GET', '/')).headers['x-powered-by'], 'webfw')
      app.disable('x-powered-by')
      assert.equal((await rawRequest(srv.port, 'GET', '/')).headers['x-powered-by'], undefined)
    })
  })
})

describe('set / get / enable / disable / enabled / disabled', () => {
  test('any name can be stored; set returns the app; set(name) reads', () => {
    const app = webfw()
    assert.equal(app.set('anything', { a: 1 }), app)
    assert.deepEqual(app.set('anything'), { a: 1 })
    assert.deepEqual(app.get('anything'), { a: 1 })
    app.set('gone', undefined)
    assert.equal(app.get('gone'), undefined)
  })

  test('Boolean helpers', () => {
    const app = webfw()
    assert.equal(app.enable('flag'), app)
    assert.equal(app.get('flag'), true)
    assert.equal(app.enabled('flag'), true)
    assert.equal(app.disabled('flag'), false)
    app.disable('flag')
    assert.equal(app.get('flag'), false)
    assert.equal(app.enabled('flag'), false)
    assert.equal(app.disabled('flag'), true)
    assert.equal(app.enabled('never-set'), false)
    assert.equal(app.disabled('never-set'), true)
  })
})

describe('compiled settings', () => {
  test('etag compiles to a function, false to none, unknown values throw', () => {
    const app = webfw()
    assert.equal(typeof app.get('etag fn'), 'function')
    assert.match(app.get('etag fn')('hello'), /^W\/"5-/)
    app.set('etag', 'strong')
    assert.match(app.get('etag fn')('hello'), /^"5-/)
    app.set('etag', true)
    assert.match(app.get('etag fn')('hello'), /^W\//)
    app.set('etag', false)
    assert.equal(app.get('etag fn'), undefined)
    const custom = () => '"c"'
    app.set('etag', custom)
    assert.equal(app.get('etag fn'), custom)
    assert.throws(() => app.set('etag', 'bogus'), /unknown value for etag function/)
  })

  test('the etag setting decides the ETag of dynamic responses', async () => {
    const app = webfw()
    app.get('/', (_req: Any, res: Any) => res.send('hello'))
    await withServer(app, async (srv) => {
      assert.equal((await rawRequest(srv.port, 'GET', '/')).headers.etag, 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"')
      app.set('etag', 'strong')
      assert.equal((await rawRequest(srv.port, 'GET', '/')).headers.etag, '"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"')
      app.set('etag', false)
      assert.equal((await rawRequest(srv.port, 'GET', '/')).headers.etag, undefined)
      app.set('etag', (body: Buffer) => `"len${body.length}"`)
      assert.equal((await rawRequest(srv.port, 'GET', '/')).headers.etag, '"len5"')
    })
  })

  test('query parser: simple, extended, false, function', async () => {
    const app = webfw()
    app.get('/', (req: Any, res: Any) => res.json(req.query))
    await withServer(app, async (srv) => {
      const q = '/?a=1&a=2&b[c]=3&d=x+y'
      assert.deepEqual(JSON.parse((await rawRequest(srv.port, 'GET', q)).body), { a: ['1', '2'], 'b[c]': '3', d: 'x y' })
      app.set('query parser', 'extended')
      assert.deepEqual(JSON.parse((await rawRequest(srv.port, 'GET', q)).body), { a: ['1', '2'], b: { c: '3' }, d: 'x y' })
      app.set('query parser', false)
      assert.deepEqual(JSON.parse((await rawRequest(srv.port, 'GET', q)).body), {})
      app.set('query parser', (str: string) => ({ raw: str }))
      assert.deepEqual(JSON.parse((await rawRequest(srv.port, 'GET', q)).body), { raw: 'a=1&a=2&b[c]=3&d=x+y' })
    })
    assert.throws(() => app.set('query parser', 'bogus'), /unknown value for query parser function/)
  })

  test('extended query parsing keeps qs depth and array limits', async () => {
    const app = webfw()
    app.set('query parser', 'extended')
    app.get('/', (req: Any, res: Any) => res.json(req.query))
    await withServer(app, async (srv) => {
      const deep = JSON.parse((await rawRequest(srv.port, 'GET', '/?a[b][c][d][e][f][g][h]=1')).body)
      // qs stops nesting at depth 5 and keeps the rest as one key
      assert.deepEqual(deep, { a: { b: { c: { d: { e: { f: { '[g][h]': '1' } } } } } } })
      const sparse = JSON.parse((await rawRequest(srv.port, 'GET', '/?a[999]=x')).body)
      assert.deepEqual(sparse, { a: { 999: 'x' } })
    })
  })

  test('req.query is parsed once per URL and follows a rewritten URL', async () => {
    const app = webfw()
    let calls = 0
    app.set('query parser', (str: string) => {
      calls++
      return { str }
    })
    app.use((req: Any, _res: Any, next: Any) => {
      const first = req.query
      if (first !== req.query) throw new Error('parsed twice')
      req.url = '/?rewritten=1'
      next()
    })
    app.get('/', (req: Any, res: Any) => res.json(req.query))
    await withServer(app, async (srv) => {
      assert.deepEqual(JSON.parse((await rawRequest(srv.port, 'GET', '/?a=1')).body), { str: 'rewritten=1' })
    })
    assert.equal(calls, 2)
  })

  test('trust proxy compiles to a trust function of each documented form', () => {
    const app = webfw()
    const trust = () => app.get('trust proxy fn')
    assert.equal(trust()('1.2.3.4', 0), false)
    app.set('trust proxy', true)
    assert.equal(trust()('1.2.3.4', 0), true)
    app.set('trust proxy', 2)
    assert.equal(trust()('x', 1), true)
    assert.equal(trust()('x', 2), false)
    app.set('trust proxy', 'loopback, 10.0.0.0/8')
    assert.equal(trust()('127.0.0.1', 0), true)
    assert.equal(trust()('10.1.2.3', 0), true)
    assert.equal(trust()('11.1.2.3', 0), false)
    app.set('trust proxy', ['uniquelocal'])
    assert.equal(trust()('192.168.1.1', 0), true)
    const fn = (ip: string) => ip === '5.5.5.5'
    app.set('trust proxy', fn)
    assert.equal(trust(), fn)
  })
})

describe('sub-app inheritance', () => {
  test('settings without a default are inherited; settings with one are not', () => {
    const parent = webfw()
    parent.set('json spaces', 2)
    parent.set('view engine', 'ejs')
    parent.enable('case sensitive routing')
    parent.set('custom', 'x')
    parent.set('etag', 'strong')
    parent.set('query parser', 'extended')
    parent.set('jsonp callback name', 'cb')
    parent.set('subdomain offset', 3)
    const child = webfw()
    parent.use(child)
    assert.equal(child.get('json spaces'), 2)
    assert.equal(child.get('view engine'), 'ejs')
    assert.equal(child.get('case sensitive routing'), true)
    assert.equal(child.get('custom'), 'x')
    assert.equal(child.get('etag'), 'weak')
    assert.equal(child.get('query parser'), 'simple')
    assert.equal(child.get('jsonp callback name'), 'callback')
    assert.equal(child.get('subdomain offset'), 2)
  })

  test('trust proxy is inherited unless the sub-app set its own', () => {
    const parent = webfw()
    parent.set('trust proxy', 'loopback')
    const inherits = webfw()
    const own = webfw()
    own.set('trust proxy', false)
    parent.use('/a', inherits)
    parent.use('/b', own)
    assert.equal(inherits.get('trust proxy'), 'loopback')
    assert.equal(inherits.get('trust proxy fn')('127.0.0.1', 0), true)
    assert.equal(own.get('trust proxy'), false)
    assert.equal(own.get('trust proxy fn')('127.0.0.1', 0), false)
  })

  test('settings and app.locals keep fast properties; 5.x settings have no prototype, 4.x and 3.x ordinary ones', async () => {
    // V8 reads a dictionary's settings by hash lookup on every response
    // (etag fn, json replacer/spaces/escape, x-powered-by); the three
    // generations' settings objects stay fast through an application's usual
    // app.set calls.
    const code = `
      const out = {}
      for (const [name, id] of [['5', 'webfw'], ['4', 'webfw/v4'], ['3', 'webfw/v3']]) {
        const app = require(id)()
        const fresh = %HasFastProperties(app.settings)
        app.set('view engine', 'ejs')
        app.set('json spaces', 2)
        app.set('trust proxy', 'loopback')
        app.set('case sensitive routing', true)
        app.enable('strict routing')
        app.locals.title = 'Home'
        out[name] = {
          fresh,
          used: %HasFastProperties(app.settings),
          proto: Object.getPrototypeOf(app.settings) === null ? null : Object.getPrototypeOf(app.settings) === Object.prototype ? 'Object' : 'other',
          locals: typeof app.locals === 'function' ? 'function' : [%HasFastProperties(app.locals), Object.getPrototypeOf(app.locals) === null],
        }
      }
      console.log(JSON.stringify(out))
    `
    const { code: exit, stdout, stderr } = await runNode(code, { flags: ['--allow-natives-syntax'], cwd: packageRoot })
    assert.equal(exit, 0, stderr)
    // app.locals has fast properties from V8 12 (Node 22) on; on Node 20 it stays a dictionary.
    const fastLocals = Number(process.versions.v8.split('.')[0]) >= 12
    assert.deepEqual(JSON.parse(stdout), {
      5: { fresh: true, used: true, proto: null, locals: [fastLocals, true] },
      4: { fresh: true, used: true, proto: 'Object', locals: [fastLocals, true] },
      3: { fresh: true, used: true, proto: 'Object', locals: 'function' },
    })
  })

  test('view cache is not inherited in production', () => {
    withEnv('production', () => {
      const parent = webfw()
      parent.disable('view cache')
      const child = webfw()
      parent.use(child)
      assert.equal(parent.get('view cache'), false)
      assert.equal(child.get('view cache'), true)
    })
    withEnv('development', () => {
      const parent = webfw()
      parent.enable('view cache')
      const child = webfw()
      parent.use(child)
      assert.equal(child.get('view cache'), true)
    })
  })
})
