/**
 * Fuzzing cookies both ways.
 *
 * Reading: hostile Cookie headers (prototype names, duplicates, `j:` JSON
 * carrying `__proto__`, forged and malformed `s:` values, broken escapes,
 * thousands of pairs) through `cookieParser(secrets)`: it never throws,
 * `req.cookies` / `req.signedCookies` inherit nothing, no built-in prototype
 * changes, and every signed cookie is either verified or `false`.
 *
 * Writing: `res.cookie` with random names, values and options either throws
 * a TypeError or produces one Set-Cookie line whose attributes are exactly
 * those asked for (no attribute injected through a value, path, domain,
 * sameSite or priority); a signed cookie read back through the parser gives
 * the value that was set, and any tampering with it gives `false`.
 *
 * Cases: 500 headers, 300 round trips, 400 option sets; FUZZ_RUNS /
 * FUZZ_LONG raise them.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { webfw, type Any } from '../helpers/webfw'
import { detachedResponse, setCookieLines } from '../helpers/detached'
import { assertBuiltinsUnchanged, runs, snapshotBuiltins } from './support'

const SECRETS = ['new-secret', 'old-secret']
const parser = webfw.cookieParser(SECRETS)
const app = webfw()

function inheritsNothing(obj: object): boolean {
  for (let p = Object.getPrototypeOf(obj); p !== null; p = Object.getPrototypeOf(p)) {
    if (p !== Object.prototype && Reflect.ownKeys(p).length !== 0) return false
  }
  return true
}

/** Runs the parser on a request carrying `header`. */
function parse(header: string | undefined): { cookies: Record<string, unknown>; signedCookies: Record<string, unknown> } {
  const req: Any = { headers: header === undefined ? {} : { cookie: header } }
  let called = 0
  parser(req, {}, (err?: unknown) => {
    assert.equal(err, undefined)
    called++
  })
  assert.equal(called, 1, 'next called once')
  return { cookies: req.cookies, signedCookies: req.signedCookies }
}


const nameWord = fc.constantFrom('a', 'sid', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', '__Host-x', '__Secure-y', 'j', 's')
const rawValue = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 2, arbitrary: fc.constantFrom('j:{"__proto__":{"polluted":1}}', 'j:{"constructor":{"prototype":{"polluted":1}}}', 'j:[1,', 'j:0', 'j:null', 'j:"x"', 's:', 's:.', 's:a.b', 's:val.AAAA') },
  { weight: 2, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%C3%A9', '"quoted"', '"', '==', 'a=b', '\t', ' ') },
)
const cookieHeader = fc.oneof(
  { weight: 6, arbitrary: fc.array(fc.tuple(nameWord, rawValue), { maxLength: 8 }).chain((pairs) => fc.constantFrom('; ', ';', ';;', ' ; ').map((sep) => pairs.map(([n, v]) => `${n}=${v}`).join(sep))) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 500, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => `c${i % 700}=${i}`).join('; ')) },
)

test(`cookieParser: hostile Cookie headers never throw nor pollute (${runs(500)} headers)`, () => {
  const before = snapshotBuiltins()
  fc.assert(
    fc.property(cookieHeader, (header) => {
      const { cookies, signedCookies } = parse(header)
      assert.ok(inheritsNothing(cookies) && inheritsNothing(signedCookies), 'cookie objects inherit nothing')
      for (const v of Object.values(signedCookies)) assert.notEqual(typeof v, 'undefined')
      for (const [name, v] of Object.entries(signedCookies)) {
        // Nothing in these headers was signed with the secrets: every s: cookie is refused.
        assert.equal(v, false, `signed cookie ${name} accepted: ${JSON.stringify(v)}`)
      }
      assertBuiltinsUnchanged(before, JSON.stringify(header.slice(0, 60)))
    }),
    { numRuns: runs(500), includeErrorInReport: true },
  )
})

/** Cookie names res.cookie accepts (RFC 6265 tokens), including prototype names. */
const validName = fc.oneof(nameWord, fc.stringMatching(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,8}$/))
const cookieValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.json({ maxDepth: 2 }).map((j) => JSON.parse(j)).filter((v) => v !== null && typeof v === 'object'),
)

test(`res.cookie signed round trip: the value comes back, tampering gives false (${runs(300)} cookies)`, () => {
  const before = snapshotBuiltins()
  fc.assert(
    fc.property(validName, cookieValue, fc.nat(), (name, value, flip) => {
      const res = detachedResponse(app, SECRETS[1]) // signed with the old secret: rotation must still verify it
      res.cookie(name, value, { signed: true, httpOnly: true })
      const [line] = setCookieLines(res)
      const pair = line.slice(0, line.indexOf(';'))
      const { signedCookies, cookies } = parse(pair)
      assert.equal(Object.keys(cookies).length, 0, 'a signed cookie is not a plain cookie')
      // A cookie named __proto__ is dropped when read, as cookie-parser drops it.
      if (name === '__proto__') {
        assert.equal(Object.prototype.hasOwnProperty.call(signedCookies, name), false)
        assertBuiltinsUnchanged(before, name)
        return
      }
      const expected = typeof value === 'object' ? JSON.parse(JSON.stringify(value)) : value
      assert.deepEqual(signedCookies[name], expected)
      // Flip one character of the signed value (or of its signature).
      const raw = decodeURIComponent(pair.slice(pair.indexOf('=') + 1))
      // An ASCII character of the value or the signature (so the result stays encodable).
      const ascii: number[] = []
      for (let i = 2; i < raw.length; i++) if (raw.charCodeAt(i) < 0x80) ascii.push(i)
      const at = ascii[flip % ascii.length]
      const c = raw.charCodeAt(at)
      const tampered = raw.slice(0, at) + String.fromCharCode(c === 0x41 ? 0x42 : 0x41) + raw.slice(at + 1)
      const back = parse(`${name}=${encodeURIComponent(tampered)}`).signedCookies[name]
      assert.equal(back, false, `tampered ${JSON.stringify(tampered)} accepted`)
      assertBuiltinsUnchanged(before, name)
    }),
    { numRuns: runs(300), includeErrorInReport: true },
  )
})

const hostileText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('/; Domain=evil.example', 'x\r\nSet-Cookie: a=1', 'lax; Secure', 'example.com; HttpOnly', '/a b', '\u0000', 'strict', 'none', 'high', 'low'),
)
const optionsArb = fc.record(
  {
    path: hostileText,
    domain: fc.oneof(hostileText, fc.constantFrom('example.com', '.example.com', 'a-b.example')),
    sameSite: fc.oneof(hostileText, fc.constantFrom<unknown>(true, false, 'lax', 'Strict', 'none')),
    priority: fc.oneof(hostileText, fc.constantFrom('low', 'medium', 'high')),
    maxAge: fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(Number.NaN, Infinity, -Infinity, 1.5, '1000' as unknown as number)),
    expires: fc.oneof(fc.date({ noInvalidDate: false }), fc.constantFrom<unknown>('Thu, 01 Jan 1970 00:00:00 GMT; Domain=evil', 0)),
    httpOnly: fc.boolean(),
    secure: fc.boolean(),
    partitioned: fc.boolean(),
  },
  { requiredKeys: [] },
)

const ATTRIBUTES = new Set(['max-age', 'domain', 'path', 'expires', 'httponly', 'secure', 'partitioned', 'priority', 'samesite'])

test(`res.cookie attributes: either a TypeError or exactly the attributes asked for (${runs(400)} option sets)`, () => {
  fc.assert(
    fc.property(validName, fc.string({ maxLength: 12 }), optionsArb, (name, value, options) => {
      const res = detachedResponse(app)
      try {
        res.cookie(name, value, { ...options })
      } catch (err) {
        assert.ok(err instanceof TypeError || err instanceof RangeError, `unexpected ${String(err)}`)
        assert.deepEqual(setCookieLines(res), [], 'nothing set after a refusal')
        return
      }
      const lines = setCookieLines(res)
      assert.equal(lines.length, 1)
      const line = lines[0]
      assert.doesNotMatch(line, /[\r\n\0]/)
      const [first, ...attrs] = line.split('; ')
      assert.equal(first.slice(0, first.indexOf('=')), name)
      assert.doesNotMatch(first.slice(first.indexOf('=') + 1), /[;\s]/, 'value is encoded')
      const seen = new Set<string>()
      for (const attr of attrs) {
        const key = attr.split('=')[0].toLowerCase()
        assert.ok(ATTRIBUTES.has(key), `unknown attribute ${JSON.stringify(attr)} in ${JSON.stringify(line)}`)
        assert.ok(!seen.has(key), `attribute ${key} twice in ${JSON.stringify(line)}`)
        seen.add(key)
      }
      if (options.path) assert.ok(attrs.includes('Path=' + options.path), `path ${JSON.stringify(options.path)} in ${line}`)
      if (typeof options.domain === 'string' && options.domain !== '') assert.ok(attrs.includes('Domain=' + options.domain), line)
      assert.equal(seen.has('httponly'), Boolean(options.httpOnly))
      assert.equal(seen.has('secure'), Boolean(options.secure))
    }),
    { numRuns: runs(400), includeErrorInReport: true },
  )
})
