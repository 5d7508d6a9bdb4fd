/**
 * The "simple" parser (src/util/runtime-querystring.ts) against its oracle,
 * the runtime's `querystring.parse` with the same maxKeys: random strings
 * made of separators, `+`, hex digits and every kind of escape (ASCII,
 * UTF-8 lead and continuation bytes, malformed), so both of its paths run.
 * Same keys, same values, same order, and no key resolving through the
 * prototype chain.
 */
import assert from 'node:assert/strict'
import querystring from 'node:querystring'
import { test } from 'node:test'
import fc from 'fast-check'
import { internal } from '../helpers/webfw'
import { runs } from './support'

const { parseRuntimeQueryString } = internal('util/runtime-querystring')

const piece = fc.constantFrom(
  'a', 'b', 'k', '1', '=', '==', '&', '&&', '+', ' ', '__proto__', 'toString', '',
  '%', '%4', '%41', '%7e', '%7F', '%00', '%2B', '%25', '%26', '%3D', '%5F', '%zz', '%G1',
  '%4\x10', '%\x17\x10', '%4\x01', '%4`', '%4@', '%4G', '%4g', '%3a', '%3A', '%7F', '%/0',
  '%80', '%8a', '%C3', '%C3%A9', '%E0%A4', '%E0%A4%A8', '%E9', '%FF', '%F0%9F%98%80', '%ED%A0%80', 'é', '😀',
)
const str = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''))

function fastPathTaken(s: string): boolean {
  return s.indexOf('%') === -1 || !/%(?![0-7][0-9A-Fa-f])/.test(s)
}

test(`parseRuntimeQueryString gives querystring.parse's result (${runs(3000)} strings, both paths)`, () => {
  let fast = 0
  let slow = 0
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
      if ((promise || s.length < maxKeys) && fastPathTaken(s)) fast++
      else slow++
    }),
    { numRuns: runs(3000) },
  )
  // Both paths were compared, many times each.
  assert.ok(fast > 100 && slow > 100, `fast ${fast}, slow ${slow}`)
})
