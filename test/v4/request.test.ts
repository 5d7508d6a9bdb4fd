/**
 * The 4.x request: `req.param(name, default)`, the singular
 * `acceptsCharset`/`acceptsEncoding`/`acceptsLanguage`, and `req.host` as
 * Express 4 has it: the deprecated older name of `req.hostname` (no port).
 * Its warning, once per process, is checked in deprecations.test.ts.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { OutgoingHttpHeaders } from 'node:http'
import { call, rawHttp } from '../helpers/call'
import { webfw, webfw4, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')

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
  /** `{ host, hostname }` as an app of `factory` reads them for a request with `headers`. */
  async function hosts(factory: Any, headers: OutgoingHttpHeaders, trust?: unknown): Promise<Any> {
    const app = factory()
    if (trust !== undefined) app.set('trust proxy', trust)
    app.use((req: Any, res: Any) => res.json({ host: req.host ?? null, hostname: req.hostname ?? null }))
    return answer(app, '/', { headers })
  }

  /** Asserts webfw/v4 gives `expected` as req.host (and req.hostname), and Express 4 the same. */
  async function sameAsExpress4(headers: OutgoingHttpHeaders, expected: string, trust?: unknown): Promise<void> {
    const mine = await hosts(webfw4, headers, trust)
    assert.deepEqual(mine, { host: expected, hostname: expected })
    assert.deepEqual(await hosts(express4, headers, trust), mine)
  }

  test('is the Host header without its port', async () => {
    await sameAsExpress4({ host: 'example.com' }, 'example.com')
    await sameAsExpress4({ host: 'example.com:3000' }, 'example.com')
  })

  test('keeps an IPv6 literal whole, brackets included, and strips the port after it', async () => {
    await sameAsExpress4({ host: '[::1]' }, '[::1]')
    await sameAsExpress4({ host: '[::1]:3000' }, '[::1]')
    await sameAsExpress4({ host: '[2001:db8::1]:8080' }, '[2001:db8::1]')
  })

  test('is undefined when the request has no Host', async () => {
    const app = webfw4()
    app.use((req: Any, res: Any) => res.end(String(req.host)))
    assert.match(await rawHttp(app, 'GET / HTTP/1.0\r\n\r\n'), /\r\n\r\nundefined$/)
  })

  test('uses the first X-Forwarded-Host value, without its port, only when the peer is trusted', async () => {
    const headers = { host: 'localhost:3000', 'x-forwarded-host': 'proxy.example:8080, other.example' }
    await sameAsExpress4(headers, 'localhost')
    await sameAsExpress4(headers, 'proxy.example', true)
    await sameAsExpress4(headers, 'proxy.example', 'loopback')
    await sameAsExpress4(headers, 'localhost', '10.0.0.1')
    await sameAsExpress4({ host: 'localhost', 'x-forwarded-host': ['[::1]:8080', 'other'] }, '[::1]', true)
  })

  test('counts proxy hops: the peer is trusted from one hop on', async () => {
    const headers = { host: 'localhost:3000', 'x-forwarded-host': 'proxy.example' }
    await sameAsExpress4(headers, 'proxy.example', 1)
    await sameAsExpress4(headers, 'localhost', 0)
  })

  test('reads req.hostname, so an app overriding it sees req.host follow', async () => {
    const app = webfw4()
    Object.defineProperty(app.request, 'hostname', { configurable: true, get: () => 'override.example' })
    app.use((req: Any, res: Any) => res.json(req.host))
    assert.equal(await answer(app, '/', { headers: { host: 'example.com:3000' } }), 'override.example')
  })

  test('5.x keeps its own req.host, with the port', async () => {
    assert.deepEqual(await hosts(webfw, { host: 'example.com:3000' }), { host: 'example.com:3000', hostname: 'example.com' })
    assert.deepEqual(await hosts(webfw, { host: '[::1]:3000' }), { host: '[::1]:3000', hostname: '[::1]' })
  })
})
