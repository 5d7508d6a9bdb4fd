/**
 * Router semantics beyond the shared routing cases: Router() options, error
 * handlers chosen by arity, throws and rejections, req.params decoding and
 * reset, RegExp captures, HEAD and OPTIONS, 5.x path syntax, invalid
 * percent-encoding, recursion safety of synchronous next() chains.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, type Any } from '../helpers/webfw'

async function get(app: Any, path: string, method = 'GET') {
  return withServer(app, (srv) => rawRequest(srv.port, method, path))
}

describe('Router options', () => {
  test('Router() and new Router() both return a router function', () => {
    const a = webfw.Router()
    const b = new webfw.Router()
    assert.equal(typeof a, 'function')
    assert.equal(typeof b, 'function')
    assert.deepEqual(a.stack, [])
  })

  test('caseSensitive', async () => {
    const app = webfw()
    const r = webfw.Router({ caseSensitive: true })
    r.get('/Abc', (_req: Any, res: Any) => res.send('ok'))
    app.use(r)
    assert.equal((await get(app, '/Abc')).status, 200)
    assert.equal((await get(app, '/abc')).status, 404)
  })

  test('strict', async () => {
    const app = webfw()
    const r = webfw.Router({ strict: true })
    r.get('/dir/', (_req: Any, res: Any) => res.send('dir'))
    app.use(r)
    assert.equal((await get(app, '/dir/')).body, 'dir')
    assert.equal((await get(app, '/dir')).status, 404)
  })

  test('mergeParams: the child wins on a name conflict', async () => {
    const app = webfw()
    const r = webfw.Router({ mergeParams: true })
    r.get('/:id', (req: Any, res: Any) => res.json(req.params))
    app.use('/:id/:other', r)
    assert.deepEqual(JSON.parse((await get(app, '/p/q/c')).body), { id: 'c', other: 'q' })
  })

  test('mergeParams keeps parent RegExp captures and numbers the child ones after them', async () => {
    const app = webfw()
    const r = webfw.Router({ mergeParams: true })
    r.get(/^\/(\d+)$/, (req: Any, res: Any) => res.json(req.params))
    app.use(/^\/(\w+)/, r)
    assert.deepEqual(JSON.parse((await get(app, '/ab/12')).body), { 0: 'ab', 1: '12' })
  })
})

describe('errors', () => {
  test('only four-argument handlers receive errors; others are skipped', async () => {
    const app = webfw()
    app.get('/', () => {
      throw new Error('thrown')
    })
    app.use((_req: Any, _res: Any, next: Any) => next(new Error('never')))
    app.use((err: Error, _req: Any, res: Any, _next: Any) => res.status(500).send('handled ' + err.message))
    const r = await get(app, '/')
    assert.equal(r.status, 500)
    assert.equal(r.body, 'handled thrown')
  })

  test('an error handler is skipped when there is no error', async () => {
    const app = webfw()
    let called = false
    app.use((_err: Error, _req: Any, _res: Any, next: Any) => {
      called = true
      next()
    })
    app.get('/', (_req: Any, res: Any) => res.send('fine'))
    assert.equal((await get(app, '/')).body, 'fine')
    assert.equal(called, false)
  })

  test('a rejected promise and an async throw reach the error handler', async () => {
    const app = webfw()
    app.get('/reject', () => Promise.reject(new Error('rejected')))
    app.get('/empty', () => Promise.reject(undefined)) // eslint-disable-line prefer-promise-reject-errors
    app.use((err: Error, _req: Any, res: Any, _next: Any) => res.status(500).send(err.message))
    assert.equal((await get(app, '/reject')).body, 'rejected')
    assert.equal((await get(app, '/empty')).body, 'Rejected promise')
  })

  test('an error thrown in an error handler replaces the error', async () => {
    const app = webfw()
    app.get('/', (_req: Any, _res: Any, next: Any) => next(new Error('first')))
    app.use((_err: Error, _req: Any, _res: Any, _next: Any) => {
      throw new Error('second')
    })
    app.use((err: Error, _req: Any, res: Any, _next: Any) => res.send(err.message))
    assert.equal((await get(app, '/')).body, 'second')
  })
})

describe('req.params', () => {
  test('named parameters are URI-decoded', async () => {
    const app = webfw()
    app.get('/p/:a/:b', (req: Any, res: Any) => res.json(req.params))
    assert.deepEqual(JSON.parse((await get(app, '/p/a%20b/%E2%9C%93')).body), { a: 'a b', b: '✓' })
  })

  test('RegExp captures are numbered, named groups by name', async () => {
    const app = webfw()
    app.get(/^\/n\/(\d+)\/(?<word>\w+)$/, (req: Any, res: Any) => res.json(req.params))
    assert.deepEqual(JSON.parse((await get(app, '/n/7/seven')).body), { 0: '7', word: 'seven' })
  })

  test('wildcards capture the segments as an array', async () => {
    const app = webfw()
    app.get('/files/*path', (req: Any, res: Any) => res.json(req.params))
    assert.deepEqual(JSON.parse((await get(app, '/files/a/b%20c/d')).body), { path: ['a', 'b c', 'd'] })
  })

  test('changes made by a handler are reset for the next layer', async () => {
    const app = webfw()
    app.get('/r/:id', (req: Any, _res: Any, next: Any) => {
      req.params.id = 'changed'
      req.params.extra = 1
      next()
    })
    app.get('/r/:id', (req: Any, res: Any) => res.json(req.params))
    assert.deepEqual(JSON.parse((await get(app, '/r/5')).body), { id: '5' })
  })

  test('req.params is {} in middleware without parameters', async () => {
    const app = webfw()
    app.use((req: Any, res: Any) => res.json(req.params))
    assert.deepEqual(JSON.parse((await get(app, '/x')).body), {})
  })

  test('invalid percent-encoding in a parameter gives 400, not a crash', async () => {
    const app = webfw()
    app.get('/p/:v', (_req: Any, res: Any) => res.send('unreachable'))
    const r = await get(app, '/p/%E0%A4%A')
    assert.equal(r.status, 400)
    assert.match(r.body, /Failed to decode param/)
  })
})

describe('HEAD and OPTIONS', () => {
  test('GET routes answer HEAD without a body', async () => {
    const app = webfw()
    app.get('/g', (_req: Any, res: Any) => res.send('body'))
    const r = await get(app, '/g', 'HEAD')
    assert.equal(r.status, 200)
    assert.equal(r.body, '')
    assert.equal(r.headers['content-length'], '4')
  })

  test('a HEAD route defined first takes precedence', async () => {
    const app = webfw()
    app.head('/h', (_req: Any, res: Any) => res.set('x-by', 'head').end())
    app.get('/h', (_req: Any, res: Any) => res.set('x-by', 'get').end())
    assert.equal((await get(app, '/h', 'HEAD')).headers['x-by'], 'head')
  })

  test('OPTIONS with no handler lists the allowed methods', async () => {
    const app = webfw()
    app.get('/o', (_req: Any, res: Any) => res.end())
    app.post('/o', (_req: Any, res: Any) => res.end())
    app.route('/o').delete((_req: Any, res: Any) => res.end())
    const r = await get(app, '/o', 'OPTIONS')
    assert.equal(r.status, 200)
    assert.equal(r.headers.allow, 'DELETE, GET, HEAD, POST')
    assert.equal(r.body, 'DELETE, GET, HEAD, POST')
    assert.equal((await get(app, '/nothing', 'OPTIONS')).status, 404)
  })
})

describe('5.x path syntax', () => {
  test(':name, {optional}, *name and {/*name}', async () => {
    const app = webfw()
    app.get('/a/:x', (req: Any, res: Any) => res.json(['named', req.params]))
    app.get('/b{/:x}', (req: Any, res: Any) => res.json(['optional', req.params]))
    app.get('/c/*rest', (req: Any, res: Any) => res.json(['wild', req.params]))
    app.get('/d{/*rest}', (req: Any, res: Any) => res.json(['optional wild', req.params]))
    assert.deepEqual(JSON.parse((await get(app, '/a/1')).body), ['named', { x: '1' }])
    assert.deepEqual(JSON.parse((await get(app, '/b')).body), ['optional', {}])
    assert.deepEqual(JSON.parse((await get(app, '/b/2')).body), ['optional', { x: '2' }])
    assert.deepEqual(JSON.parse((await get(app, '/c/x/y')).body), ['wild', { rest: ['x', 'y'] }])
    assert.equal((await get(app, '/c')).status, 404)
    assert.deepEqual(JSON.parse((await get(app, '/d')).body), ['optional wild', {}])
    assert.deepEqual(JSON.parse((await get(app, '/d/e/f')).body), ['optional wild', { rest: ['e', 'f'] }])
  })

  test('4.x-only syntax is rejected at definition time with a clear error', () => {
    const app = webfw()
    assert.throws(() => app.get('*', () => {}), /Missing parameter name/)
    assert.throws(() => app.get('/a(b)?', () => {}), TypeError)
  })
})

describe('robustness', () => {
  test('thousands of synchronous next() calls do not overflow the stack', async () => {
    const app = webfw()
    for (let i = 0; i < 5000; i++) app.use((_req: Any, _res: Any, next: Any) => next())
    for (let i = 0; i < 5000; i++) app.get('/', (_req: Any, _res: Any, next: Any) => next())
    app.get('/', (_req: Any, res: Any) => res.send('survived'))
    assert.equal((await get(app, '/')).body, 'survived')
  })

  test('next() called twice by a handler does not run later layers twice', async () => {
    const app = webfw()
    let count = 0
    app.use((_req: Any, _res: Any, next: Any) => {
      next()
      next()
    })
    app.get('/', (_req: Any, res: Any) => {
      count++
      if (!res.headersSent) res.send('once')
    })
    const r = await get(app, '/')
    assert.equal(r.body, 'once')
    assert.equal(count, 1)
  })
})
