/**
 * req.signedCookies: the signed cookies whose signature verifies, unsigned.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

/** Sets `value` as a signed cookie with `setSecret`, then reads req.signedCookies with `readSecrets`. */
async function roundTrip(value: unknown, setSecret: string, readSecrets: string | string[], tamper = (c: string) => c): Promise<unknown> {
  const setter = webfw()
  setter.use(webfw.cookieParser(setSecret))
  setter.use((req: Any, res: Any) => res.cookie('v', value, { signed: true }).end())
  const set = await call(setter, '/')
  const cookie = tamper((set.headers['set-cookie'] as string[])[0].split(';')[0])

  const reader = webfw()
  reader.use(webfw.cookieParser(readSecrets))
  reader.use(probe((req) => req.signedCookies))
  return JSON.parse((await call(reader, '/', { headers: { Cookie: cookie } })).body).value
}

describe('req.signedCookies', () => {
  it('is undefined without a cookie parser and {} without a secret', async () => {
    const bare = webfw()
    bare.use(probe((req) => req.signedCookies))
    assert.equal(JSON.parse((await call(bare, '/')).body).value, '<undefined>')
    const noSecret = webfw()
    noSecret.use(webfw.cookieParser())
    noSecret.use(probe((req) => req.signedCookies))
    assert.deepEqual(JSON.parse((await call(noSecret, '/', { headers: { Cookie: 'a=s%3Ax.y' } })).body).value, {})
  })

  it('returns a string value signed with the secret', async () => {
    assert.deepEqual(await roundTrip('tobi', 'k1', 'k1'), { v: 'tobi' })
  })

  it('returns an object value (j: JSON inside the signature)', async () => {
    assert.deepEqual(await roundTrip({ foo: 'bar' }, 'k1', 'k1'), { v: { foo: 'bar' } })
  })

  it('maps a cookie with a wrong signature to false', async () => {
    assert.deepEqual(await roundTrip('tobi', 'k1', 'other'), { v: false })
    const forged = await roundTrip('tobi', 'k1', 'k1', (c) => c.replace('tobi', 'root'))
    assert.deepEqual(forged, { v: false })
  })

  it('verifies against every secret given, for rotation', async () => {
    assert.deepEqual(await roundTrip('tobi', 'old', ['new', 'old']), { v: 'tobi' })
  })
})
