/**
 * req.acceptsCharsets: the best of the offered charsets for Accept-Charset.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

async function charsets(header: string | undefined, ...args: unknown[]): Promise<unknown> {
  const app = webfw()
  app.use(probe((req) => req.acceptsCharsets(...args)))
  const res = await call(app, '/', { headers: header === undefined ? {} : { 'Accept-Charset': header } })
  return JSON.parse(res.body).value
}

describe('req.acceptsCharsets', () => {
  it('returns the charset when accepted, false otherwise', async () => {
    assert.equal(await charsets('utf-8', 'utf-8'), 'utf-8')
    assert.equal(await charsets('utf-8', 'iso-8859-1'), false)
  })

  it('returns the best of several, by the header quality values', async () => {
    assert.equal(await charsets('utf-8;q=0.5, iso-8859-1', 'utf-8', 'iso-8859-1'), 'iso-8859-1')
    assert.equal(await charsets('utf-8;q=0.5, iso-8859-1', ['utf-8', 'iso-8859-1']), 'iso-8859-1')
  })

  it('accepts the first offer when the header is absent', async () => {
    assert.equal(await charsets(undefined, 'utf-16', 'utf-8'), 'utf-16')
  })
})
