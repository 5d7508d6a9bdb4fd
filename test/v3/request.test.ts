/**
 * The 3.x request: `req.host` without the port, Express 3's `req.accepts`
 * (a comma-separated list, undefined when nothing is acceptable) and
 * boolean `req.is`, the `req.accepted*` lists and boolean
 * `acceptsCharset`/`acceptsLanguage`/`acceptsEncoding`, `req.auth`,
 * `req.files`, `req.range` through `req.get`, `req.query` and `req.param`.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw3, type Any } from '../helpers/webfw'

/** Answers what `fn` returns for the request, as JSON. */
async function ask(fn: (req: Any) => unknown, headers: Record<string, string> = {}, path = '/', trust?: unknown): Promise<Any> {
  const app = webfw3()
  app.set('json spaces', 0)
  if (trust !== undefined) app.set('trust proxy', trust)
  app.use(probe((req) => fn(req)))
  const res = await call(app, path, { headers })
  assert.equal(res.status, 200, res.body)
  const value = JSON.parse(res.body).value
  return value === '<undefined>' ? undefined : value
}

describe('req.host (3.x)', () => {
  test('the Host without its port, IPv6 literals kept whole', async () => {
    assert.equal(await ask((req) => req.host, { host: 'example.com:3000' }), 'example.com')
    assert.equal(await ask((req) => req.host, { host: '[::1]:3000' }), '[::1]')
    assert.equal(await ask((req) => req.host, { host: '[::1]' }), '[::1]')
  })

  test('X-Forwarded-Host only from a trusted proxy; subdomains follow', async () => {
    const headers = { host: 'localhost', 'x-forwarded-host': 'tobi.example.com:8080' }
    assert.equal(await ask((req) => req.host, headers), 'localhost')
    assert.equal(await ask((req) => req.host, headers, '/', true), 'tobi.example.com')
    assert.deepEqual(await ask((req) => req.subdomains, headers, '/', true), ['tobi'])
  })
})

describe('req.accepts and req.is (3.x)', () => {
  test('the first given type acceptable to the best Accept entry; a comma-separated string is a list', async () => {
    const accept = { accept: 'text/html;q=.5, application/json' }
    assert.equal(await ask((req) => req.accepts('html, json'), accept), 'json')
    assert.equal(await ask((req) => req.accepts('html', 'png'), accept), 'html')
    assert.equal(await ask((req) => req.accepts(['text/html', 'application/json']), accept), 'application/json')
  })

  test('the first type without an Accept header, undefined when none is acceptable', async () => {
    assert.equal(await ask((req) => req.accepts(['json', 'html'])), 'json')
    assert.equal(await ask((req) => req.accepts('json') === undefined, { accept: 'image/png' }), true)
  })

  test('wildcards and media type parameters', async () => {
    assert.equal(await ask((req) => req.accepts('png'), { accept: 'image/*' }), 'png')
    assert.equal(await ask((req) => req.accepts('text/html; level=1') ?? 'none', { accept: 'text/html; level=2' }), 'none')
  })

  test('req.is is a boolean, false without a Content-Type, whatever the body', async () => {
    const json = { 'content-type': 'application/json; charset=utf-8' }
    assert.equal(await ask((req) => req.is('json'), json), true)
    assert.equal(await ask((req) => req.is('*/json'), json), true)
    assert.equal(await ask((req) => req.is('application/*'), json), true)
    assert.equal(await ask((req) => req.is('html'), json), false)
    assert.equal(await ask((req) => req.is('json')), false)
  })
})

describe('req.accepted* and the boolean accepts* (3.x)', () => {
  test('the lists, best first; [] without the header', async () => {
    const headers = {
      accept: 'text/html;q=.5, application/json',
      'accept-language': 'en;q=.5, en-us',
      'accept-charset': 'iso-8859-1;q=.2, utf-8',
      'accept-encoding': 'gzip, deflate',
    }
    const lists = await ask((req) => [req.accepted.map((a: Any) => a.value), req.acceptedLanguages, req.acceptedCharsets, req.acceptedEncodings], headers)
    assert.deepEqual(lists, [['application/json', 'text/html'], ['en-us', 'en'], ['utf-8', 'iso-8859-1'], ['gzip', 'deflate']])
    assert.deepEqual(await ask((req) => [req.accepted, req.acceptedLanguages, req.acceptedCharsets, req.acceptedEncodings]), [[], [], [], []])
  })

  test('acceptsCharset and acceptsLanguage: true without the header; acceptsEncoding: only listed ones', async () => {
    assert.deepEqual(await ask((req) => [req.acceptsCharset('utf-8'), req.acceptsLanguage('fr'), req.acceptsEncoding('gzip')]), [true, true, false])
    const headers = { 'accept-charset': 'utf-8', 'accept-language': 'en', 'accept-encoding': 'gzip' }
    assert.deepEqual(
      await ask((req) => [req.acceptsCharset('utf-8'), req.acceptsCharset('latin1'), req.acceptsLanguage('fr'), req.acceptsEncoding('gzip')], headers),
      [true, false, false, true],
    )
  })

  test('the plural 4.x methods are there too', async () => {
    assert.equal(await ask((req) => req.acceptsLanguages('fr', 'en'), { 'accept-language': 'en' }), 'en')
  })
})

describe('req.auth, req.files, req.range, req.query, req.param (3.x)', () => {
  test('req.auth: the Basic credentials, undefined otherwise', async () => {
    const basic = (s: string) => ({ authorization: 'Basic ' + Buffer.from(s).toString('base64') })
    assert.deepEqual(await ask((req) => req.auth, basic('tobi:ferret:ferret')), { username: 'tobi', password: 'ferret:ferret' })
    assert.equal(await ask((req) => req.auth, basic('nocolon')), undefined)
    assert.equal(await ask((req) => req.auth, { authorization: 'Meow abc' }), undefined)
  })

  test('req.files is {} until a parser sets it', async () => {
    assert.deepEqual(await ask((req) => req.files), {})
    assert.deepEqual(await ask((req) => {
      req.files = { avatar: { name: 'a.png' } }
      return req.files
    }), { avatar: { name: 'a.png' } })
  })

  test('req.range reads the Range header through req.get', () => {
    const req = Object.create(webfw3.request)
    req.get = (name: string) => (name === 'Range' ? 'bytes=0-50,60-100' : undefined)
    const ranges = req.range(120)
    assert.deepEqual([...ranges], [{ start: 0, end: 50 }, { start: 60, end: 100 }])
    assert.equal(ranges.type, 'bytes')
    req.get = () => undefined
    assert.equal(req.range(120), undefined)
  })

  test('req.query is parsed with qs (nested objects, arrays); {} without a query', async () => {
    assert.deepEqual(await ask((req) => req.query, {}, '/?user[name]=tj&n=1&n=2'), { user: { name: 'tj' }, n: ['1', '2'] })
    assert.deepEqual(await ask((req) => req.query), {})
  })

  test('req.param looks in the route parameters, the body, then the query', async () => {
    const app = webfw3()
    app.use(webfw3.json())
    app.post('/user/:name', (req: Any, res: Any) => res.end([req.param('name'), req.param('id'), req.param('q'), req.param('none', 'default')].join(',')))
    const res = await call(app, '/user/tj?q=search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"5","name":"body"}' })
    assert.equal(res.body, 'tj,5,search,default')
  })
})
