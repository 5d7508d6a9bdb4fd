/**
 * The 4.x request: `req.param(name, default)`, the singular
 * `acceptsCharset`/`acceptsEncoding`/`acceptsLanguage`, and no `req.host`
 * (the 4.x host property is `req.hostname`).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { webfw, webfw4, type Any } from '../helpers/webfw'

async function answer(app: Any, path: string, init: Any = {}): Promise<Any> {
  return JSON.parse((await call(app, path, init)).body)
}

describe('req.param (4.x)', () => {
  function paramApp(...names: [string, unknown?][]): Any {
    const app = webfw4()
    app.use(webfw4.json())
    app.post('/users/:id?', (req: Any, res: Any) => {
      res.json(names.map(([name, def]) => (def === undefined ? req.param(name) : req.param(name, def)) ?? null))
    })
    return app
  }

  test('looks in the route params, then the body, then the query', async () => {
    const app = paramApp(['id'], ['name'], ['sort'])
    const res = await answer(app, '/users/42?id=q&name=q&sort=asc', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'b', name: 'tobi' }),
    })
    assert.deepEqual(res, ['42', 'tobi', 'asc'])
  })

  test('skips null and undefined values, and params the route did not capture', async () => {
    const app = paramApp(['id'], ['name'])
    const res = await answer(app, '/users?id=from-query&name=q', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: null }),
    })
    assert.deepEqual(res, ['from-query', 'q'])
  })

  test('a name found nowhere gives the default (or undefined)', async () => {
    const app = paramApp(['page', 1], ['missing'])
    assert.deepEqual(await answer(app, '/users/1', { method: 'POST' }), [1, null])
  })

  test('only own properties of req.params count', async () => {
    const app = webfw4()
    app.get('/', (req: Any, res: Any) => {
      req.params = Object.create({ inherited: 'from the prototype' })
      res.json([req.param('inherited', 'default')])
    })
    assert.deepEqual(await answer(app, '/'), ['default'])
  })

  test('does not exist in 5.x', () => {
    assert.equal(webfw.request.param, undefined)
  })
})

describe('singular accepts* (4.x)', () => {
  test('acceptsCharset, acceptsEncoding and acceptsLanguage answer as the plural forms', async () => {
    const app = webfw4()
    app.use((req: Any, res: Any) =>
      res.json([
        req.acceptsCharset('utf-8', 'latin1'),
        req.acceptsEncoding('br', 'gzip'),
        req.acceptsLanguage('fr', 'en'),
        req.acceptsLanguage('de'),
      ]),
    )
    const res = await answer(app, '/', {
      headers: { 'accept-charset': 'latin1', 'accept-encoding': 'gzip', 'accept-language': 'en' },
    })
    assert.deepEqual(res, ['latin1', 'gzip', 'en', false])
  })

  test('do not exist in 5.x', () => {
    for (const name of ['acceptsCharset', 'acceptsEncoding', 'acceptsLanguage']) assert.equal(webfw.request[name], undefined)
  })
})

describe('req.host (4.x)', () => {
  function hostApp(factory: Any, trust?: unknown): Any {
    const app = factory()
    if (trust !== undefined) app.set('trust proxy', trust)
    app.use((req: Any, res: Any) => res.json({ hasHost: 'host' in req, hostname: req.hostname ?? null }))
    return app
  }

  test('is not provided: the 4.x host property is req.hostname (without the port)', async () => {
    assert.equal('host' in webfw4.request, false)
    assert.deepEqual(await answer(hostApp(webfw4), '/', { headers: { host: 'example.com:3000' } }), {
      hasHost: false,
      hostname: 'example.com',
    })
    assert.deepEqual(await answer(hostApp(webfw4), '/', { headers: { host: '[::1]:3000' } }), { hasHost: false, hostname: '[::1]' })
  })

  test('5.x has it, with the port', async () => {
    const app = webfw()
    app.use((req: Any, res: Any) => res.json({ host: req.host, hostname: req.hostname }))
    assert.deepEqual(await answer(app, '/', { headers: { host: 'example.com:3000' } }), { host: 'example.com:3000', hostname: 'example.com' })
  })

  test('req.hostname follows X-Forwarded-Host only from a trusted proxy', async () => {
    const headers = { host: 'localhost:3000', 'x-forwarded-host': 'proxy.example:8080, other' }
    assert.equal((await answer(hostApp(webfw4), '/', { headers })).hostname, 'localhost')
    assert.equal((await answer(hostApp(webfw4, true), '/', { headers })).hostname, 'proxy.example')
  })
})
