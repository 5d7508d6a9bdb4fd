/**
 * req.stale: the opposite of req.fresh.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { freshness } from '../helpers/freshness'

const stale = (c: Parameters<typeof freshness>[1]) => freshness('stale', c)

describe('req.stale', () => {
  it('is false when the client copy matches', async () => {
    assert.equal(await stale({ response: { ETag: '"abc"' }, request: { 'If-None-Match': '"abc"' } }), false)
  })

  it('is true when it does not, or without validators', async () => {
    assert.equal(await stale({ response: { ETag: '"abc"' }, request: { 'If-None-Match': '"x"' } }), true)
    assert.equal(await stale({}), true)
  })

  it('is true for a method that is never validated', async () => {
    assert.equal(await stale({ method: 'POST', body: '{}', response: { ETag: '"abc"' }, request: { 'If-None-Match': '"abc"' } }), true)
  })
})
