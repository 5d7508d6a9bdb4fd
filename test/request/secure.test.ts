/**
 * req.secure: req.protocol is "https".
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

async function secure(headers: Record<string, string>, trust?: unknown): Promise<unknown> {
  const app = webfw()
  if (trust !== undefined) app.set('trust proxy', trust)
  app.use(probe((req) => req.secure))
  return JSON.parse((await call(app, '/', { headers })).body).value
}

describe('req.secure', () => {
  it('is false on plain HTTP', async () => {
    assert.equal(await secure({}), false)
  })

  it('is true when a trusted proxy says https, only then', async () => {
    assert.equal(await secure({ 'X-Forwarded-Proto': 'https' }), false)
    assert.equal(await secure({ 'X-Forwarded-Proto': 'https' }, true), true)
    assert.equal(await secure({ 'X-Forwarded-Proto': 'https, http' }, 'loopback'), true)
    assert.equal(await secure({ 'X-Forwarded-Proto': 'http' }, true), false)
  })
})
