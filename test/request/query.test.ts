/**
 * req.query: the query string parsed by the `query parser` setting.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import util from 'node:util'
import { call, probe } from '../helpers/call'
import { webfw, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express5: Any = require('express')

async function query(url: string, parser?: unknown): Promise<unknown> {
  const app = webfw()
  if (parser !== undefined) app.set('query parser', parser)
  app.use(probe((req) => req.query))
  return JSON.parse((await call(app, url)).body).value
}

describe('req.query', () => {
  it('is {} without a query string', async () => {
    assert.deepEqual(await query('/'), {})
  })

  it('parses simple keys by default (5.x), without nesting', async () => {
    assert.deepEqual(await query('/?a=1&b=2&b=3&c[d]=4'), { a: '1', b: ['2', '3'], 'c[d]': '4' })
  })

  it('"simple" is querystring.parse: the first 1000 pairs, broken UTF-8 escapes as U+FFFD', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => `k${i}=${i}`).join('&')
    const parsed = (await query('/?' + many)) as Record<string, string>
    assert.equal(Object.keys(parsed).length, 1000)
    assert.equal(parsed.k999, '999')
    assert.equal(parsed.k1000, undefined)
    assert.deepEqual(await query('/?' + Array(1500).fill('a=1').join('&')), { a: Array(1000).fill('1') })
    assert.deepEqual(await query('/?a=%C3&b=%E0%A4%A&c=%zz&d=%C3%A9'), { a: '\ufffd', b: '\ufffd%A', c: '%zz', d: 'é' })
  })

  it('"simple" gives an object without a prototype, printed as Express 5 prints it', async () => {
    const seen = async (factory: Any, url: string) => {
      const app = factory()
      app.use((req: Any, res: Any) => res.json({ printed: util.inspect(req.query), protoless: Object.getPrototypeOf(req.query) === null }))
      return JSON.parse((await call(app, url)).body)
    }
    for (const url of ['/', '/?test=1', '/?a=1&b=x+y&a=%41&=e&__proto__=p']) {
      const ours = await seen(webfw, url)
      assert.deepEqual(ours, await seen(express5, url), url)
      assert.equal(ours.protoless, true)
    }
    assert.equal((await seen(webfw, '/?test=1')).printed, "[Object: null prototype] { test: '1' }")
  })

  it('nests with the "extended" parser', async () => {
    assert.deepEqual(await query('/?c[d]=4', 'extended'), { c: { d: '4' } })
  })

  it('is {} when parsing is disabled, and whatever a function returns', async () => {
    assert.deepEqual(await query('/?a=1', false), {})
    assert.deepEqual(await query('/?a=1', (s: string) => ({ raw: s })), { raw: 'a=1' })
  })
})
