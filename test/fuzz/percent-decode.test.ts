/// <reference path="../../src/types/fast-decode-uri-component.d.ts" />
/**
 * What webfw relies on from fast-decode-uri-component (src/util/percent-decode.ts,
 * for forms, cookies and route parameters): the very
 * string decodeURIComponent gives, and null exactly where decodeURIComponent
 * throws, on strings made of escapes of every kind (ASCII, two- to four-byte
 * UTF-8, encoded surrogates, overlong, truncated and malformed sequences)
 * between plain characters above U+00FF.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import fastDecodeURIComponent from 'fast-decode-uri-component'
import { runs } from './support'

const piece = fc.constantFrom(
  'a', ' ', '+', 'é', '😀', '\ud800', '%', '%4', '%41', '%7e', '%7F', '%00', '%2B', '%25', '%zz', '%G1', '%4g',
  '%80', '%BF', '%C0%80', '%C1%BF', '%C2%80', '%C3', '%C3%A9', '%DF%BF', '%E0%A4', '%E0%A4%A8', '%E0%80%80',
  '%ED%9F%BF', '%ED%A0%80', '%ED%BF%BF', '%EF%BF%BF', '%F0%9F%98%80', '%F0%80%80%80', '%F4%8F%BF%BF',
  '%F4%90%80%80', '%F5%80%80%80', '%FF',
)

function reference(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}

test(`fast-decode-uri-component answers as decodeURIComponent (${runs(20000)} strings)`, () => {
  let decoded = 0
  let refused = 0
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')), (s) => {
      const want = reference(s)
      assert.equal(fastDecodeURIComponent(s), want, JSON.stringify(s))
      if (want === null) refused++
      else if (want !== s) decoded++
    }),
    { numRuns: runs(20000) },
  )
  // Both answers were compared, many times each.
  assert.ok(decoded > 1000 && refused > 1000, `decoded ${decoded}, refused ${refused}`)
})
