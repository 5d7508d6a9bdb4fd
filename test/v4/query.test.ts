/**
 * req.query in 4.x: the "extended" parser by default (qs, up to 1000 array
 * items), `query parser` false giving {}, and qs's defaults when the app has
 * no `query parser fn` at all.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { webfw, webfw4, type Any } from '../helpers/webfw'

function queryApp(factory: Any, setup?: (app: Any) => void): Any {
  const app = factory()
  setup?.(app)
  app.use((req: Any, res: Any) => res.json({ query: req.query, proto: Object.getPrototypeOf(req.query) === Object.prototype }))
  return app
}

async function query(app: Any, url: string): Promise<Any> {
  return JSON.parse((await call(app, url)).body)
}

describe('req.query (4.x)', () => {
  test('the default is the extended parser: nested keys', async () => {
    assert.equal(webfw4().get('query parser'), 'extended')
    assert.deepEqual((await query(queryApp(webfw4), '/?user[name]=tj&tags[]=a&tags[]=b')).query, {
      user: { name: 'tj' },
      tags: ['a', 'b'],
    })
    // 5.x keeps brackets as part of the key
    assert.deepEqual((await query(queryApp(webfw), '/?user[name]=tj')).query, { 'user[name]': 'tj' })
  })

  test('repeated keys stay an array past qs\'s limit of 20 (Express 4 allows 1000)', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => `ids=${i}`).join('&')
    const expected = Array.from({ length: 25 }, (_, i) => String(i))
    assert.deepEqual((await query(queryApp(webfw4), '/?' + ids)).query, { ids: expected })
  })

  test('"query parser" false gives a plain empty object', async () => {
    const res = await query(queryApp(webfw4, (app) => app.set('query parser', false)), '/?a=1')
    assert.deepEqual(res, { query: {}, proto: true })
  })

  test('without any "query parser fn", qs with its defaults (as Express 4\'s query middleware)', async () => {
    const app = queryApp(webfw4, (a) => {
      delete a.settings['query parser']
      delete a.settings['query parser fn']
    })
    const res = await query(app, '/?user[name]=tj&user.name=tj')
    assert.deepEqual(res.query, { user: { name: 'tj' }, 'user.name': 'tj' })
    // qs's own array limit (20) applies there
    const ids = Array.from({ length: 25 }, (_, i) => `ids=${i}`).join('&')
    const many = (await query(app, '/?' + ids)).query.ids
    assert.equal(Array.isArray(many), false)
  })

  test('"simple" and custom parsers work as in 5.x', async () => {
    assert.deepEqual((await query(queryApp(webfw4, (a) => a.set('query parser', 'simple')), '/?a[b]=c')).query, { 'a[b]': 'c' })
    const fn = (str: string) => ({ length: str.length })
    assert.deepEqual((await query(queryApp(webfw4, (a) => a.set('query parser', fn)), '/?abc')).query, { length: 3 })
    assert.throws(() => webfw4().set('query parser', 'bogus'), /unknown value for query parser/)
  })
})
