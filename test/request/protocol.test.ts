/**
 * req.protocol: "http" or "https", from the socket or a trusted proxy's
 * X-Forwarded-Proto.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { OutgoingHttpHeaders } from 'node:http'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

async function protocolOf(headers: OutgoingHttpHeaders, trust?: unknown, member = 'protocol'): Promise<unknown> {
  const app = webfw()
  if (trust !== undefined) app.set('trust proxy', trust)
  app.use(probe((req) => req[member]))
  return JSON.parse((await call(app, '/', { headers })).body).value
}

describe('req.protocol', () => {
  it('is "http" on a plain socket', async () => {
    assert.equal(await protocolOf({}), 'http')
  })

  it('ignores X-Forwarded-Proto unless the peer is trusted', async () => {
    assert.equal(await protocolOf({ 'X-Forwarded-Proto': 'https' }), 'http')
    assert.equal(await protocolOf({ 'X-Forwarded-Proto': 'https' }, '10.0.0.1'), 'http')
    assert.equal(await protocolOf({ 'X-Forwarded-Proto': 'https' }, true), 'https')
    assert.equal(await protocolOf({ 'X-Forwarded-Proto': 'https' }, 1), 'https')
  })

  it('takes the first value of a list, trimmed', async () => {
    assert.equal(await protocolOf({ 'X-Forwarded-Proto': ' https , http' }, true), 'https')
  })

  it('falls back to the socket when a trusted proxy sends no X-Forwarded-Proto', async () => {
    assert.equal(await protocolOf({}, true), 'http')
  })
})
