/**
 * Route matching does work linear in the path length, for both syntaxes and
 * both matchers, on adversarial paths: a unit that almost fits a pattern
 * (`a-`, `a.`, `/-` ...) repeated n times, then a suffix that makes the match
 * fail (or succeed) only at the very end — the inputs that make a
 * backtracking matcher quadratic or worse.
 *
 * The work is counted, never timed (test/security/work-meter.ts): every
 * RegExp the router executes is re-run by a step-counting backtracking
 * matcher (test/security/backtrack-steps.ts, the work V8's engine does, as a
 * number), and the linear-time engine reports its own steps
 * (src/router/linear-regexp.ts `searchSteps`). Each check compares the count
 * for a path of n units with the count for 32n units (`assertLinearCount`:
 * bound 64x; a quadratic matcher grows ~1000x). The same cases, timed, are in
 * `npm run check:scaling` (bench/check-scaling.js).
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
import { meter, stepsOf } from '../security/work-meter'
import { PATTERNS, SUFFIXES, UNITS, WORST } from './route-cases'
import { assertLinearCount, LONG, runs } from './support'

const { useMatcher } = internal('router/router-state')

const SMALL = LONG ? 1024 : 256
const FACTOR = 32

function routerWith(factory: Any, pattern: string | RegExp, kind: 'radix' | 'linear'): Any {
  const router = factory.Router()
  useMatcher(router, kind)
  const next = (_req: Any, _res: Any, n: Any) => n()
  router.get(pattern, next)
  if (typeof pattern === 'string') router.use(pattern, next)
  router.get('/static/route', next)
  return router
}

const res = { setHeader() {}, end() {} }
function noop(): void {}

/** Steps of one dispatch of `url` (after a first one, which compiles the router). */
function dispatchSteps(router: Any, url: string): number {
  router.handle({ method: 'GET', url }, res, noop)
  return stepsOf(meter(() => router.handle({ method: 'GET', url }, res, noop)))
}

function check(version: 5 | 4, factory: Any, pattern: string, unit: string, suffix: string): void {
  for (const kind of ['radix', 'linear'] as const) {
    const router = routerWith(factory, pattern, kind)
    assertLinearCount(
      `${version}.x ${kind} ${JSON.stringify(pattern)} on (${JSON.stringify(unit)} x n) + ${JSON.stringify(suffix)}`,
      (n) => dispatchSteps(router, '/' + unit.repeat(n) + suffix),
      SMALL,
      FACTOR,
    )
  }
}

/** Lets the router's deferred completions (setImmediate) run between checks. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

test('control: the count sees a quadratic matcher (an unanchored RegExp route)', async () => {
  // A smaller start than the real checks: the quadratic count is the slow part.
  const small = 64
  const router = routerWith(webfw, /a*b/, 'linear')
  const steps = (n: number) => dispatchSteps(router, '/' + 'a'.repeat(n) + '!')
  const ratio = steps(small * FACTOR) / steps(small)
  assert.ok(ratio > FACTOR * 8, `a quadratic matcher's work grew only ${ratio.toFixed(1)}x`)
  assert.throws(() => assertLinearCount('unanchored /a*b/', steps, small, FACTOR), /work grew/)
  await settle()
})

test('control: the count sees the 4.x engine working (and nothing else) on a wildcard pattern', async () => {
  const router = routerWith(webfw4, '/*-*-*', 'radix')
  const url = '/' + 'a.'.repeat(SMALL) + '!'
  router.handle({ method: 'GET', url }, res, noop)
  const work = meter(() => router.handle({ method: 'GET', url }, res, noop))
  assert.ok(work.engineSteps > url.length, `engine steps ${work.engineSteps} for ${url.length} characters`)
  assert.deepEqual(work.execs.map((e) => e.regexp.source), [], 'the cubic RegExp itself never runs on a long path')
  await settle()
})

for (const [version, factory] of [[5, webfw], [4, webfw4]] as [5 | 4, Any][]) {
  test(`${version}.x: known worst patterns and paths match in linear work`, async () => {
    for (const [pattern, unit] of WORST[version]) {
      check(version, factory, pattern, unit, '!')
      await settle()
    }
  })

  const cases = runs(8)
  test(`${version}.x: random adversarial (pattern, unit, suffix) match in linear work (${cases} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATTERNS[version]), fc.constantFrom(...UNITS), fc.constantFrom(...SUFFIXES), async (pattern, unit, suffix) => {
        check(version, factory, pattern, unit, suffix)
        await settle()
      }),
      { numRuns: cases, includeErrorInReport: true },
    )
  })
}
