/**
 * `webfw.methodOverride([key])` (3.x): the method from the body field
 * `_method` (removed from the body) or the X-HTTP-Method-Override header,
 * whatever the request's own method; `req.originalMethod`.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { send } from '../../helpers/client'
import type { Any } from '../../helpers/webfw'
import { serveApp, webfw3 } from './support'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

function app(key?: Any, options?: Any) {
  return (a: Any) => {
    a.use(webfw3.bodyParser())
    a.use(webfw3.methodOverride(key, options))
    for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
      a[method]('/', (req: Any, res: Any) => res.json({ route: method, method: req.method, originalMethod: req.originalMethod, body: req.body }))
    }
  }
}

test('a POST with _method=DELETE reaches the delete route; the field leaves req.body', () =>
  serveApp(app(), async ({ port }) => {
    const res = await send(port, { headers: FORM, body: '_method=DELETE&name=tj' })
    assert.deepEqual(res.json(), { route: 'delete', method: 'DELETE', originalMethod: 'POST', body: { name: 'tj' } })
  }))

test('the X-HTTP-Method-Override header works too, and wins over the body field; Vary names it', () =>
  serveApp(app(), async ({ port }) => {
    const res = await send(port, { headers: { ...FORM, 'x-http-method-override': 'PATCH' }, body: '_method=PUT' })
    assert.equal(res.json().route, 'patch')
    assert.match(String(res.headers.vary), /X-HTTP-Method-Override/i)
  }))

test('any request method may be overridden (not only POST), lowercase names included', () =>
  serveApp(app(), async ({ port }) => {
    const res = await send(port, { method: 'GET', headers: { 'x-http-method-override': 'put' } })
    assert.deepEqual(res.json().route, 'put')
  }))

test('an unknown method is ignored; a custom key names the body field', async () => {
  await serveApp(app(), async ({ port }) => {
    assert.equal((await send(port, { headers: FORM, body: '_method=EXPLODE' })).json().route, 'post')
  })
  await serveApp(app('verb'), async ({ port }) => {
    const res = await send(port, { headers: FORM, body: 'verb=put&_method=delete' })
    assert.deepEqual(res.json(), { route: 'put', method: 'PUT', originalMethod: 'POST', body: { _method: 'delete' } })
  })
})

test('methods: ["POST"] restricts overriding to POST requests: a GET stays a GET', async () => {
  for (const restricted of [app(undefined, { methods: ['POST'] }), app({ methods: ['post'] }), app('_method', { methods: ['POST'] })]) {
    await serveApp(restricted, async ({ port }) => {
      const get = await send(port, { method: 'GET', headers: { 'x-http-method-override': 'DELETE' } })
      assert.deepEqual([get.json().route, get.json().method], ['get', 'GET'])
      const post = await send(port, { headers: { ...FORM, 'x-http-method-override': 'DELETE' }, body: 'a=1' })
      assert.deepEqual([post.json().route, post.json().originalMethod], ['delete', 'POST'])
      const form = await send(port, { headers: FORM, body: '_method=PUT' })
      assert.equal(form.json().route, 'put')
    })
  }
})

test('methods must be an array of method names (or null)', () => {
  assert.throws(() => webfw3.methodOverride('_method', { methods: 'POST' }), TypeError)
  assert.throws(() => webfw3.methodOverride({ methods: [1] }), TypeError)
})
