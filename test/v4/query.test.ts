/**
 * req.query in 4.x: the "extended" parser by default (qs, up to 1000 array
 * items), `query parser` false giving {}, and qs's defaults when the app has
 * no `query parser fn` at all.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import util from 'node:util'
import { call } from '../helpers/call'
import { webfw, webfw4, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')

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
  test('"simple", and urlencoded({ extended: false }) bodies: no prototype, printed as Express 4 prints them', async () => {
    const seen = async (factory: Any, url: string, body?: string) => {
      const app = factory()
      app.set('query parser', 'simple')
      app.use(factory.urlencoded({ extended: false }))
      app.use((req: Any, res: Any) => {
        const value = body === undefined ? req.query : req.body
        res.json({ printed: util.inspect(value), protoless: Object.getPrototypeOf(value) === null })
      })
      const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }
      return JSON.parse((await call(app, url, init)).body)
    }
    for (const [url, body] of [['/?test=1&b=2&b=3'], ['/', 'name=tj&x=a+b&x=%41']]) {
      const ours = await seen(webfw4, url, body)
      assert.deepEqual(ours, await seen(express4, url, body), url + ' ' + body)
      assert.equal(ours.protoless, true)
    }
  })


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

describe('req.query for the whole request (4.x)', () => {
  function mounted(factory: Any, change: (req: Any) => void): Any {
    const app = factory()
    app.use((req: Any, _res: Any, next: Any) => {
      change(req)
      next()
    })
    const router = factory.Router()
    router.get('/items', (req: Any, res: Any) => res.json(req.query))
    app.use('/api', router)
    return app
  }

  test('a change made by a middleware is what a mounted router sees, as in Express 4', async () => {
    const coerce = (req: Any) => {
      req.query.page = Number(req.query.page)
    }
    const replace = (req: Any) => {
      req.query = { replaced: true }
    }
    for (const change of [coerce, replace]) {
      const [ours, theirs] = await Promise.all([
        query(mounted(webfw4, change), '/api/items?page=2'),
        query(mounted(express4, change), '/api/items?page=2'),
      ])
      assert.deepEqual(ours, theirs)
    }
    assert.deepEqual(await query(mounted(webfw4, coerce), '/api/items?page=2'), { page: 2 })
  })

  test('is the query of the URL the app was entered with, even after req.url is rewritten', async () => {
    const rewrite = (factory: Any) => {
      const app = factory()
      app.use((req: Any, _res: Any, next: Any) => {
        req.url = '/target?from=rewrite'
        next()
      })
      app.get('/target', (req: Any, res: Any) => res.json(req.query))
      return app
    }
    const ours = await query(rewrite(webfw4), '/start?from=client')
    assert.deepEqual(ours, await query(rewrite(express4), '/start?from=client'))
    assert.deepEqual(ours, { from: 'client' })
    // 5.x follows req.url
    assert.deepEqual(await query(rewrite(webfw), '/start?from=client'), { from: 'rewrite' })
  })
})
