/**
 * req.acceptsEncodings: the best of the offered encodings for Accept-Encoding.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

async function encodings(header: string | undefined, ...args: unknown[]): Promise<unknown> {
  const app = webfw()
  app.use(probe((req) => req.acceptsEncodings(...args)))
  // http.request adds no Accept-Encoding of its own.
  const res = await call(app, '/', { headers: header === undefined ? {} : { 'Accept-Encoding': header } })
  return JSON.parse(res.body).value
}

describe('req.acceptsEncodings', () => {
  it('returns the encoding when accepted, false otherwise', async () => {
    assert.equal(await encodings('gzip', 'gzip'), 'gzip')
    assert.equal(await encodings('gzip', 'br'), false)
  })

  it('returns the best of several by quality', async () => {
    assert.equal(await encodings('gzip;q=0.5, br', 'gzip', 'br'), 'br')
    assert.equal(await encodings('gzip;q=0.5, br', ['gzip', 'br']), 'br')
  })

  it('always accepts identity unless refused', async () => {
    assert.equal(await encodings('gzip', 'identity'), 'identity')
    assert.equal(await encodings('gzip, identity;q=0', 'identity'), false)
  })
})
