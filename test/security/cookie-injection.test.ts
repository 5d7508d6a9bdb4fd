/**
 * Cookie attribute injection: a value, name or option carrying `;`, `=`,
 * white space or a line break can never add an attribute (Domain, Path,
 * SameSite, Secure, Max-Age ...) to a Set-Cookie line, nor a second cookie.
 * Values are encoded; names and options outside the RFC 6265 grammar throw
 * a TypeError before anything is set. A signed value verifies only as
 * signed.
 */
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { describe, it } from 'node:test'
import { webfw, type Any } from '../helpers/webfw'
import { detachedResponse, setCookieLines } from '../helpers/detached'

const app = webfw()


const ATTACKS = ['x; Domain=evil.example', 'x; Path=/; HttpOnly', 'x\r\nSet-Cookie: admin=1', 'x, admin=1', 'x; SameSite=None; Secure', 'x; Max-Age=999999999', '" ; Domain=evil.example; "']

describe('values are encoded, never attributes', () => {
  for (const value of ATTACKS) {
    it(JSON.stringify(value), () => {
      for (const options of [{}, { signed: true }, { httpOnly: true, sameSite: 'strict' }]) {
        const res = detachedResponse(app, 'secret')
        res.cookie('session', value, options)
        res.cookie('obj', { v: value }, options)
        for (const line of setCookieLines(res)) {
          const attrs = line.split('; ')
          const [pair, ...rest] = attrs
          assert.doesNotMatch(pair, /[\s;,"]/, `raw separator in ${JSON.stringify(pair)}`)
          for (const attr of rest) assert.match(attr, /^(Path=\/|HttpOnly|SameSite=Strict)$/, `${JSON.stringify(line)}`)
        }
      }
    })
  }
})

describe('names and options outside the grammar throw before anything is set', () => {
  const cases: [string, (res: Any) => void][] = [
    ['name with ;', (res) => res.cookie('a; Domain=evil.example', 'v')],
    ['name with =', (res) => res.cookie('a=b', 'v')],
    ['name with space', (res) => res.cookie('a b', 'v')],
    ['name with CRLF', (res) => res.cookie('a\r\nX', 'v')],
    ['path with ;', (res) => res.cookie('a', 'v', { path: '/; Domain=evil.example' })],
    ['path with CRLF', (res) => res.cookie('a', 'v', { path: '/\r\nX: y' })],
    ['domain with ;', (res) => res.cookie('a', 'v', { domain: 'example.com; Secure' })],
    ['domain with space', (res) => res.cookie('a', 'v', { domain: 'example.com x' })],
    ['sameSite other than lax/strict/none', (res) => res.cookie('a', 'v', { sameSite: 'lax; Domain=evil.example' })],
    ['priority other than low/medium/high', (res) => res.cookie('a', 'v', { priority: 'high; Secure' })],
    ['expires not a date', (res) => res.cookie('a', 'v', { expires: 'Thu; Domain=evil.example' })],
    ['invalid date', (res) => res.cookie('a', 'v', { expires: new Date(Number.NaN) })],
    ['maxAge not a number', (res) => res.cookie('a', 'v', { maxAge: 'forever; Domain=evil.example' })],
    ['maxAge Infinity', (res) => res.cookie('a', 'v', { maxAge: Infinity })],
    ['encode returning ;', (res) => res.cookie('a', 'v', { encode: () => 'v; Domain=evil.example' })],
    ['clearCookie name with ;', (res) => res.clearCookie('a; Domain=evil.example')],
    ['clearCookie path with ;', (res) => res.clearCookie('a', { path: '/; Domain=evil.example' })],
  ]
  for (const [label, fn] of cases) {
    it(label, () => {
      const res = detachedResponse(app)
      assert.throws(() => fn(res), TypeError)
      assert.deepEqual(setCookieLines(res), [])
    })
  }
})

describe('signed cookies', () => {
  it('a signature does not carry over to another value, and a guessed key or no signature fails', async () => {
    const parser = webfw.cookieParser('secret')
    const res = detachedResponse(app, 'secret')
    res.cookie('role', 'user', { signed: true })
    const pair = setCookieLines(res)[0].split(';')[0]
    const raw = decodeURIComponent(pair.slice(pair.indexOf('=') + 1))
    const signature = raw.slice(raw.lastIndexOf('.'))
    const parse = (cookie: string) => {
      const req: Any = { headers: { cookie } }
      parser(req, {}, () => {})
      return req.signedCookies
    }
    assert.deepEqual({ ...parse(pair) }, { role: 'user' })
    // (The signature covers the value only, as in cookie-parser: the same signed value
    // under another cookie name verifies too.)
    assert.deepEqual({ ...parse('role=' + encodeURIComponent('s:admin' + signature)) }, { role: false })
    const forged = 's:admin.' + crypto.createHmac('sha256', 'guess').update('admin').digest('base64').replace(/=+$/, '')
    assert.deepEqual({ ...parse('role=' + encodeURIComponent(forged)) }, { role: false })
    assert.deepEqual({ ...parse('role=' + encodeURIComponent('s:admin')) }, { role: false })
  })
})
