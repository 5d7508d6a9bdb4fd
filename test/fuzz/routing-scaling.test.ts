/**
 * Route matching stays linear in the path length, for both syntaxes and
 * both matchers, on adversarial paths: a unit that almost fits a pattern
 * (`a-`, `a.`, `/-` ...) repeated n times, then a suffix that makes the match
 * fail (or succeed) only at the very end — the inputs that make a
 * backtracking matcher quadratic or worse.
 *
 * Each check compares the cost of dispatching a path of n units with one of
 * 32n units on a router holding one pattern (see `assertLinear`: a ratio
 * bound of 4x the linear growth, re-measured once before failing; a
 * quadratic matcher grows ~1000x). Counting is not possible inside the
 * regular expression engine, hence times, but only as a ratio within one run.
 *
 * Cases: the listed worst pairs of each syntax, plus 8 random
 * (pattern, unit, suffix) triples per syntax from the fuzz alphabets;
 * FUZZ_LONG uses 4x longer paths and more triples.
 *
 * Patterns with a custom regular expression group that can itself
 * backtrack (`:a(.*)-:b(.*)` in 4.x) are the application's own regexp, like
 * a RegExp route, and are not part of this check; nor are 4.x patterns
 * combining several `:name*` parameters (`/:a*\/:b*\/x`), which stay
 * quadratic as in Express 4.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { internal, webfw, webfw4, type Any } from '../helpers/webfw'
import { assertLinear, growth, LONG, runs } from './support'

const { useMatcher } = internal('router/router-state')

const SMALL = LONG ? 1024 : 256
const FACTOR = 32

const PATTERNS: Record<5 | 4, string[]> = {
  5: [
    '/:a-:b-:c', '/:a.:b.:c', '/*a-*b', '/*a/*b/*c', '{/:a}{/:b}{/:c}{/:d}', '/:a{-:b}{-:c}',
    '/*a.*b.*c', '/{*a}-{*b}', '/:a/:b/:c/:d', '/a/:b/c{/*d}', '/:a{.:b}{.:c}/x',
  ],
  4: [
    '/:a-:b-:c', '/:a.:b.:c', '/:a(\\d+)-:b', '/*-*-*', '/a*b*c*d', '/:a?-:b?-:c?', '/:a*', '/:a+',
    '/:a?/:b?/:c?', '/(a)?-(b)?', '/:a-:b.:c', '/*/:b/*', '/*x*y*z', '/*/x/*/y', '/api/*/users/*',
  ],
}
const UNITS = ['-', '.', 'a', '/', 'a-', 'a.', '-a', '.a', '/-', '/a', 'a/', '1-', '%20', 'a-b.']
const SUFFIXES = ['!', '/x', '', '-', '.', '%zz', '/']

/** Known worst (pattern, unit) pairs, always checked. */
const WORST: Record<5 | 4, [string, string][]> = {
  5: [['/:a-:b-:c', 'a-'], ['/:a.:b.:c', 'a.'], ['/*a-*b', 'a.'], ['/*a/*b/*c', 'a-'], ['{/:a}{/:b}{/:c}{/:d}', '/-'], ['/:a{-:b}{-:c}', '-a']],
  4: [
    ['/:a-:b-:c', '-a'], ['/:a.:b.:c', 'a.'], ['/:a(\\d+)-:b', 'a-'], ['/*-*-*', 'a.'], ['/a*b*c*d', 'a.'], ['/:a?-:b?-:c?', 'a-'], ['/:a+', '/-'],
    // cubic in 0.1's regexp (as in Express 4); linear since the linear matcher (linear-regexp.ts)
    ['/a*b*c*d', 'abc'], ['/*x*y*z', 'xy'], ['/*/x/*/y', 'x/'], ['/a*b*c*d', 'a-b.'],
  ],
}

function routerWith(factory: Any, pattern: string, kind: 'radix' | 'linear'): Any {
  const router = factory.Router()
  useMatcher(router, kind)
  const next = (_req: Any, _res: Any, n: Any) => n()
  router.get(pattern, next)
  router.use(pattern, next)
  router.get('/static/route', next)
  return router
}

const res = { setHeader() {}, end() {} }
function noop(): void {}

function check(version: 5 | 4, factory: Any, pattern: string, unit: string, suffix: string): void {
  for (const kind of ['radix', 'linear'] as const) {
    const router = routerWith(factory, pattern, kind)
    assertLinear(
      `${version}.x ${kind} ${JSON.stringify(pattern)} on (${JSON.stringify(unit)} x n) + ${JSON.stringify(suffix)}`,
      (n) => {
        const url = '/' + unit.repeat(n) + suffix
        return () => router.handle({ method: 'GET', url }, res, noop)
      },
      SMALL,
      FACTOR,
    )
  }
}

/** Lets the router's deferred completions (setImmediate) run between checks. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

test('control: the check sees a quadratic matcher (an unanchored RegExp route)', async () => {
  const router = webfw.Router()
  router.get(/a*b/, (_req: Any, _res: Any, n: Any) => n())
  const ratio = growth((n) => {
    const url = '/' + 'a'.repeat(n) + '!'
    return () => router.handle({ method: 'GET', url }, res, noop)
  }, SMALL, FACTOR)
  assert.ok(ratio > FACTOR * 4, `a quadratic matcher grew only ${ratio.toFixed(1)}x`)
  await settle()
})

for (const [version, factory] of [[5, webfw], [4, webfw4]] as [5 | 4, Any][]) {
  test(`${version}.x: known worst patterns and paths match in linear time`, async () => {
    for (const [pattern, unit] of WORST[version]) {
      check(version, factory, pattern, unit, '!')
      await settle()
    }
  })

  const cases = runs(8)
  test(`${version}.x: random adversarial (pattern, unit, suffix) match in linear time (${cases} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATTERNS[version]), fc.constantFrom(...UNITS), fc.constantFrom(...SUFFIXES), async (pattern, unit, suffix) => {
        check(version, factory, pattern, unit, suffix)
        await settle()
      }),
      { numRuns: cases, includeErrorInReport: true },
    )
  })
}
