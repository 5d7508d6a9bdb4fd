/**
 * Fuzzing the router with hostile alphabets: route patterns built from any
 * character either syntax gives a meaning to (and many it does not), with
 * parameter names such as `__proto__` and `constructor`, and request paths
 * with malformed and encoded escapes, dot segments, non-ASCII text, query
 * strings and fragments. For every table and path, the radix matcher, the
 * linear matcher (the oracle) and Express's own router run the same
 * callbacks with the same params, and no request throws out of
 * `router.handle` or is left unanswered (see test/router/property-core.ts).
 *
 * Cases: 150 tables (each with up to 6 requests) per syntax; FUZZ_RUNS /
 * FUZZ_LONG raise it (test/fuzz/support.ts).
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { internal, webfw, webfw4, type Any } from '../helpers/webfw'
import { checkDispatch } from '../router/property-core'
import { runs } from './support'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express: Any = require('express')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pathToRegexp0: Any = require('path-to-regexp-v0')
const { compileLinear } = internal('router/linear-regexp')

const CASES = runs(150)

const PARAM_NAMES = ['p', 'id', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', '0', 'length', 'ü']

/** Text characters: mostly plain, then everything either syntax treats specially. */
const textChar = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('a', 'b', 'A', 'x', '1') },
  { weight: 3, arbitrary: fc.constantFrom('-', '.', '_', '~', '@', ',', ';', '=', '&', '$', "'") },
  { weight: 1, arbitrary: fc.constantFrom('%', 'é', '☃', ' ', '"', '#', '^', '|', '<', '>', '`') },
  { weight: 1, arbitrary: fc.constantFrom(':', '*', '?', '+', '(', ')', '[', ']', '{', '}', '!', '\\') },
)
const text = fc.string({ unit: textChar, minLength: 1, maxLength: 4 })

/** 5.x atoms: text, `:name`, `*name`, `{...}` optional groups, escapes. */
const atom5: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 3, arbitrary: fc.constantFrom(...PARAM_NAMES).map((n) => ':' + n) },
  { weight: 1, arbitrary: fc.constantFrom(':"quoted name"', ':"__proto__"', '\\:', '\\*', '\\{', '\\(') },
  { weight: 1, arbitrary: fc.constantFrom('w', 'splat', '__proto__').map((n) => '*' + n) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('/', '-', '.', ''), fc.constantFrom(...PARAM_NAMES)).map(([sep, n]) => `{${sep}:${n}}`) },
)

/** 4.x atoms: text, `:name` with modifiers and custom groups, `*`, `(...)` groups. */
const atom4: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: text },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...PARAM_NAMES.filter((n) => /^\w+$/.test(n))), fc.constantFrom('', '', '?', '*', '+', '(\\d+)', '(a|b)', '([^/]+?)'))
      .map(([n, mod]) => ':' + n + mod),
  },
  { weight: 1, arbitrary: fc.constantFrom('*', '(a)?', '(b|c)', 'a?', 'ab+', 'x*y') },
)

function patternOf(atom: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .array(fc.array(atom, { minLength: 0, maxLength: 3 }).map((parts) => parts.join('')), { minLength: 0, maxLength: 3 })
    .chain((segments) => fc.constantFrom('', '/').map((tail) => '/' + segments.join('/') + (segments.length ? tail : '')))
}

/** Request path segments: plain names, escapes good and bad, dot segments, non-ASCII, separators. */
const pathSegment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'b', 'A', 'x', '1', 'ab', 'a-b', 'a.b', 'x.y.z', '42') },
  { weight: 2, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'prototype', 'hasOwnProperty') },
  { weight: 2, arbitrary: fc.constantFrom('%', '%2', '%zz', '%2F', '%2f', '%25', '%00', '%E0%A4%A', '%C3%A9', '%c3%a9', '%FF', '%5F%5Fproto%5F%5F') },
  { weight: 2, arbitrary: fc.constantFrom('', '.', '..', '...', ' ', '+', ':', '*', '(', ')', '~', ';', '=', '@', '\\', '"', '<') },
  { weight: 1, arbitrary: fc.constantFrom('é', 'café', '☃', '\u0000', '\t', '\u2028', 'ＡＢ') },
  { weight: 1, arbitrary: fc.string({ unit: textChar, maxLength: 6 }) },
)
const requestPath: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(pathSegment, { minLength: 0, maxLength: 5 }),
    fc.boolean(),
    fc.constantFrom('', '', '?', '?a=1', '?a=/b/../c', '?%zz', '#frag', '?x#y', '//'),
  )
  .map(([segs, slash, tail]) => '/' + segs.join('/') + (slash && segs.length ? '/' : '') + tail)

test(`5.x: hostile patterns and paths, radix = linear = Express 5 (${CASES} tables)`, async () => {
  await checkDispatch(5, webfw.Router, express.Router, { routePattern: patternOf(atom5), requestPath, numRuns: CASES })
})

test(`4.x: hostile patterns and paths, radix = linear = Express 4 (${CASES} tables)`, async () => {
  await checkDispatch(4, webfw4.Router, express4.Router, { routePattern: patternOf(atom4), requestPath, numRuns: CASES })
})

test(`4.x patterns of literals and several "*": the linear matcher finds the regexp's match (${runs(3000)} cases)`, () => {
  const patternChar = fc.constantFrom('a', 'b', 'A', 'x', '/', '.', '-', '*', '*')
  const pattern = fc
    .string({ unit: patternChar, maxLength: 8 })
    .map((p) => '/' + p)
    .filter((p) => p.split('*').length >= 3)
  const pathChar = fc.constantFrom('a', 'b', 'A', 'B', 'x', 'X', '/', '/', '.', '-', 'é', '\u212a', '\u017f', 'ß', '\n', '\u2028')
  const path = fc.string({ unit: pathChar, maxLength: 12 }).map((p) => '/' + p)
  fc.assert(
    fc.property(pattern, path, fc.boolean(), fc.boolean(), fc.boolean(), (pat, p, end, strict, sensitive) => {
      const regexp = pathToRegexp0(pat, [], { end, strict, sensitive })
      const linear = compileLinear(regexp.source, regexp.flags)
      assert.notEqual(linear, null, pat)
      const m = regexp.exec(p)
      assert.deepEqual(linear.exec(p), m === null ? null : [...m], `${pat} on ${JSON.stringify(p)} end=${end} strict=${strict} sensitive=${sensitive}`)
    }),
    { numRuns: runs(3000), includeErrorInReport: true },
  )
})
