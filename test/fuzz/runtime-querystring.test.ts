/**
 * The "simple" parser (src/util/runtime-querystring.ts) against its oracle,
 * the runtime's `querystring.parse` with the same maxKeys: random strings
 * made of separators, `+`, hex digits, prototype names and every kind of
 * escape (ASCII, UTF-8 lead and continuation bytes, malformed), and strings
 * of pairs whose keys repeat, so both of its paths run (webfw's own parser,
 * querystring where maxKeys may cut the string short) and both passes of
 * the first (the blind stores, and the second pass for a key that came
 * back). Same keys, same values, same order, and no key resolving through
 * the prototype chain.
 */
import assert from 'node:assert/strict'
import querystring from 'node:querystring'
import { test } from 'node:test'
import fc from 'fast-check'
import { internal } from '../helpers/webfw'
import { formStrings, runs } from './support'

const { parseRuntimeQueryString } = internal('util/runtime-querystring')

const piece = fc.constantFrom(
  'a', 'b', 'k', '1', '=', '==', '&', '&&', '+', ' ', '__proto__', 'toString', '',
  '%', '%4', '%41', '%7e', '%7F', '%00', '%2B', '%25', '%26', '%3D', '%5F', '%zz', '%G1',
  '%4\x10', '%\x17\x10', '%4\x01', '%4`', '%4@', '%4G', '%4g', '%3a', '%3A', '%7F', '%/0',
  '%80', '%8a', '%C3', '%C3%A9', '%E0%A4', '%E0%A4%A8', '%E9', '%FF', '%F0%9F%98%80', '%ED%A0%80', 'é', '😀',
)
/** Forms whose keys come from a small set (so that keys repeat), and any run of pieces. */
const str = formStrings(piece, ['a', 'b', '', '__proto__', 'toString', '%61', 'a+', '%E9'])

/** Whether a key repeats (joined at once when it follows itself, by the second pass when it comes back later). */
function repeatsAKey(parsed: Record<string, unknown>): boolean {
  return Object.values(parsed).some((v) => Array.isArray(v) && v.length > 1)
}

test(`parseRuntimeQueryString gives querystring.parse's result (${runs(3000)} strings, both paths)`, () => {
  let fast = 0
  let slow = 0
  let repeated = 0
  fc.assert(
    fc.property(str, fc.constantFrom(1, 3, 1000), fc.boolean(), (s, maxKeys, counted) => {
      const pairs = s.split('&').length
      // `counted` promises no more than maxKeys pairs: only then may it be said.
      const promise = counted && pairs <= maxKeys
      const got = parseRuntimeQueryString(s, maxKeys, promise)
      const want = querystring.parse(s, undefined, undefined, { maxKeys })
      assert.deepEqual(Object.entries(got), Object.entries(want), JSON.stringify(s))
      const proto = Object.getPrototypeOf(got)
      assert.ok(proto === null || (Object.getPrototypeOf(proto) === null && Reflect.ownKeys(proto).length === 0))
      if (promise || s.length < maxKeys) {
        fast++
        if (repeatsAKey(want)) repeated++
      } else slow++
    }),
    { numRuns: runs(3000) },
  )
  // Both paths were compared, many times each.
  assert.ok(fast > 100 && slow > 100 && repeated > 100, `fast ${fast}, slow ${slow}, repeated keys on the fast path ${repeated}`)
})

test('parseRuntimeQueryString: what querystring decodes, and a key that comes back', () => {
  // [input, the keys and values querystring gives] (the oracle is checked too)
  const cases: [string, [string, unknown][]][] = [
    // no escape of two hex digits: kept as it is (byte by byte would turn é into U+FFFD)
    ['a=\u00e9%zz', [['a', '\u00e9%zz']]],
    // one: the whole value goes through querystring.unescape, byte by byte where decodeURIComponent fails
    ['a=\u00e9%zz%41', [['a', '\ufffd%zzA']]],
    // a `+` between a value's hex digits does not stop the scan
    ['a=\u00e9%4+1', [['a', '\ufffd%4 1']]],
    ['a=\u00e9%+41', [['a', '\ufffd% 41']]],
    // a second escape in a key that has decoded marks the value for decoding
    ['%41%42=\u00e9%zz', [['AB', '\ufffd%zz']]],
    ['%41=\u00e9%zz', [['A', '\u00e9%zz']]],
    // the empty key, __proto__, and keys that come back after others
    ['=1&__proto__=2&=3&b&__proto__', [['', ['1', '3']], ['__proto__', ['2', '']], ['b', '']]],
  ]
  for (const [input, expected] of cases) {
    assert.deepEqual(Object.entries(querystring.parse(input)), expected, `oracle: ${input}`)
    assert.deepEqual(Object.entries(parseRuntimeQueryString(input, 1000)), expected, input)
  }
})
