/**
 * req.query: the query string parsed by the `query parser` setting.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

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

  it('nests with the "extended" parser', async () => {
    assert.deepEqual(await query('/?c[d]=4', 'extended'), { c: { d: '4' } })
  })

  it('is {} when parsing is disabled, and whatever a function returns', async () => {
    assert.deepEqual(await query('/?a=1', false), {})
    assert.deepEqual(await query('/?a=1', (s: string) => ({ raw: s })), { raw: 'a=1' })
  })
})
