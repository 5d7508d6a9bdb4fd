/**
 * res.jsonp: JSON, or a JavaScript call of the requested callback.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

async function jsonp(path: string, value: unknown, settings: Record<string, unknown> = {}, before?: (res: Any) => void) {
  const app = webfw()
  for (const [k, v] of Object.entries(settings)) app.set(k, v)
  app.use((_req: unknown, res: Any) => {
    before?.(res)
    res.jsonp(value)
  })
  return call(app, path)
}

describe('res.jsonp', () => {
  it('sends plain JSON without a callback parameter', async () => {
    const res = await jsonp('/', { a: 1 })
    assert.equal(res.body, '{"a":1}')
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
  })

  it('wraps the JSON in a guarded call with a comment prologue', async () => {
    const res = await jsonp('/?callback=handle', { a: 1 })
    assert.equal(res.body, `/**/ typeof handle === 'function' && handle({"a":1});`)
    assert.equal(res.headers['content-type'], 'text/javascript; charset=utf-8')
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
  })

  it('allows dotted and indexed callback names', async () => {
    const res = await jsonp('/?callback=app.handlers[0]', [1])
    assert.equal(res.body, `/**/ typeof app.handlers[0] === 'function' && app.handlers[0]([1]);`)
  })

  it('strips every character that could inject script from the callback', async () => {
    const attack = encodeURIComponent('alert(document.cookie);//<script>"\'x')
    const res = await jsonp(`/?callback=${attack}`, {})
    assert.equal(res.body, `/**/ typeof alertdocument.cookiescriptx === 'function' && alertdocument.cookiescriptx({});`)
  })

  it('uses the `jsonp callback name` setting', async () => {
    const res = await jsonp('/?cb=go&callback=no', 1, { 'jsonp callback name': 'cb' })
    assert.equal(res.body, `/**/ typeof go === 'function' && go(1);`)
  })

  it('takes the first of repeated callback parameters and ignores non-string ones', async () => {
    assert.match((await jsonp('/?callback=one&callback=two', 1)).body, /typeof one ===/)
    const nested = await jsonp('/?callback[a]=x', 1, { 'query parser': 'extended' })
    assert.equal(nested.body, '1')
    assert.equal(nested.headers['content-type'], 'application/json; charset=utf-8')
  })

  it('escapes U+2028 and U+2029 inside the call', async () => {
    const res = await jsonp('/?callback=cb', { s: '\u2028\u2029' })
    assert.equal(res.body, `/**/ typeof cb === 'function' && cb({"s":"\\u2028\\u2029"});`)
    assert.equal((await jsonp('/', { s: '\u2028' })).body, '{"s":"\u2028"}')
  })

  it('calls with no argument for undefined', async () => {
    assert.equal((await jsonp('/?callback=cb', undefined)).body, `/**/ typeof cb === 'function' && cb();`)
  })

  it('replaces a Content-Type set before with a callback, keeps it without', async () => {
    const set = (res: Any) => res.type('application/vnd.x+json')
    assert.equal((await jsonp('/?callback=cb', 1, {}, set)).headers['content-type'], 'text/javascript; charset=utf-8')
    assert.equal((await jsonp('/', 1, {}, set)).headers['content-type'], 'application/vnd.x+json; charset=utf-8')
  })

  it('applies the json settings', async () => {
    const res = await jsonp('/?callback=cb', { a: '<' }, { 'json spaces': 1, 'json escape': true })
    assert.equal(res.body, `/**/ typeof cb === 'function' && cb({\n "a": "\\u003c"\n});`)
  })
})
