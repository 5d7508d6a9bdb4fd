/**
 * res.clearCookie: a Set-Cookie that expires the cookie at once.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

async function clear(name: string, options?: object): Promise<string> {
  const app = webfw()
  app.use((_req: unknown, res: Any) => res.clearCookie(name, options).end())
  return ((await call(app)).headers['set-cookie'] as string[])[0]
}

const EPOCH = 'Expires=Thu, 01 Jan 1970 00:00:00 GMT'

describe('res.clearCookie', () => {
  it('sets an empty value, path "/" and an expiry in the past', async () => {
    assert.equal(await clear('sid'), `sid=; Path=/; ${EPOCH}`)
  })

  it('keeps the path and domain given (they must match the original cookie)', async () => {
    assert.equal(await clear('sid', { path: '/admin', domain: 'example.com' }), `sid=; Domain=example.com; Path=/admin; ${EPOCH}`)
  })

  it('ignores maxAge and expires', async () => {
    const header = await clear('sid', { maxAge: 60000, expires: new Date(Date.now() + 60000) })
    assert.equal(header, `sid=; Path=/; ${EPOCH}`)
  })

  it('keeps the other attributes', async () => {
    assert.equal(await clear('sid', { httpOnly: true, secure: true, sameSite: 'lax' }), `sid=; Path=/; ${EPOCH}; HttpOnly; Secure; SameSite=Lax`)
  })
})
