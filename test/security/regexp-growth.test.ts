/**
 * The checks that stand in for timing: the static backtracking analysis
 * (regexp-growth.ts) and the step-counting backtracking matcher
 * (backtrack-steps.ts). Each must catch what it is there to catch, and the
 * two must agree: on the route patterns of both syntaxes and on adversarial
 * paths, every RegExp the analysis calls linear takes a linear number of
 * steps, and every one it calls polynomial is confirmed by a count that
 * grows faster. The matcher's answers are compared with `RegExp#exec`.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { PATTERNS, SUFFIXES, UNITS, WORST } from '../fuzz/route-cases'
import { assertLinearCount } from '../fuzz/support'
import { analyseBacktracking } from './regexp-growth'
import { backtrackRun, backtrackSteps, StepLimit } from './backtrack-steps'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pathToRegexp8: { pathToRegexp(path: string, options: object): { regexp: RegExp } } = require('path-to-regexp')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pathToRegexp0: (path: string, keys: unknown[], options: object) => RegExp = require('path-to-regexp-v0')

describe('the static analysis', () => {
  it('flags exponential backtracking (two cycles on one word)', () => {
    for (const re of [/^(a+)+$/, /^(?:a|a)*$/, /^(?:\w|\d)+!$/, /^(?:(?:|)a)*b$/]) {
      assert.equal(analyseBacktracking(re).growth, 'exponential', String(re))
    }
  })

  it('flags polynomial backtracking, super-linear search moves included', () => {
    for (const re of [/^(.*)-(.*)$/, /^\d*\d*!$/, /^(?:(?:(?!ab)[^])+)(?:(?:(?!ab)[^])+)$/, /a+b/, /\s*$/]) {
      assert.equal(analyseBacktracking(re).growth, 'polynomial', String(re))
    }
  })

  it('proves linear what is linear, reading lookaheads the way path-to-regexp writes them', () => {
    for (const re of [
      /^a*b$/,
      /^(?:a|ab)*c$/,
      /^\/([^/]+)-([^/-]+)$/,
      /^(?:\/([^/]+?))-(?:((?:(?!\/|-).)+?))-(?:((?:(?!\/|-).)+?))\/?$/i, // 4.x /:a-:b-:c
      /^(?:\/([^]+)\/\/((?:(?!\/\/)[^])+|[^/]+))(?:\/$)?$/i, // 5.x /*a//*b
      /[\u0000-\u001f"\\]/g, // a one-character search
    ]) {
      assert.equal(analyseBacktracking(re).growth, 'linear', String(re))
    }
  })

  it('answers "unsupported", never "linear", for what it cannot read', () => {
    for (const re of [/^(a)\1$/, /(?<=a)b/, /\bword\b/, /^a$/m, /^a$/u, /^(?:a?)*$/]) {
      assert.equal(analyseBacktracking(re).growth, 'unsupported', String(re))
    }
  })
})

describe('the step-counting matcher', () => {
  it('counts quadratic and cubic work for competing quantifiers, linear work otherwise', () => {
    // "\n": a line terminator, which `.` does not match, so the search fails only at the end.
    const quadratic = (n: number) => backtrackSteps(/^\/(.*)-(.*)$/, '/' + '-'.repeat(n) + '\n')
    assert.ok(quadratic(256) / quadratic(32) > 50, 'quadratic: 8x the input, ~64x the steps')
    const cubic = (n: number) => backtrackSteps(/^\/(.*)-(.*)-(.*)$/, '/' + '-'.repeat(n) + '\n')
    assert.ok(cubic(128) / cubic(16) > 300, 'cubic: 8x the input, ~512x the steps')
    assertLinearCount('one capture', (n) => backtrackSteps(/^\/([^/]+)-([^/-]+)$/, '/' + 'a-'.repeat(n) + '!'), 32, 8)
    assert.throws(() => backtrackSteps(/^(a+)+$/, 'a'.repeat(40) + '!', 0, 1e5), StepLimit)
  })

  it('answers what RegExp#exec answers', () => {
    const cases: [RegExp, string][] = [
      [/^\/(.*)-(.*)$/, '/a-b'], [/^\/(.*)-(.*)$/, '/ab'], [/a+b/, 'xxaab'], [/a+b/, 'aaa'],
      [/^(?:a|ab)*c$/i, 'ABABc'], [/^(?=\/|$)/, ''], [/^x(?!y)./, 'xz'], [/^x(?!y)./, 'xy'], [/b/g, 'abab'],
      [/^a{2,3}$/, 'aaaa'], [/^a{2,3}?b$/, 'aab'], [/^[^]+$/, '\n'], [/^.+$/, '\n'],
    ]
    for (const [re, str] of cases) {
      re.lastIndex = 2
      const from = re.global ? 2 : 0
      assert.equal(backtrackRun(re, str, from).matched, re.exec(str) !== null, `${re} on ${JSON.stringify(str)}`)
    }
  })
})

describe('the two agree on the route patterns', () => {
  const regexps: [string, RegExp, boolean][] = []
  for (const pattern of PATTERNS[5]) {
    for (const end of [true, false]) regexps.push([`5.x ${pattern}${end ? '' : ' (use)'}`, pathToRegexp8.pathToRegexp(pattern, { end }).regexp, end])
  }
  for (const pattern of PATTERNS[4]) {
    for (const end of [true, false]) regexps.push([`4.x ${pattern}${end ? '' : ' (use)'}`, pathToRegexp0(pattern, [], { end }), end])
  }

  const units = [...new Set([...UNITS, ...WORST[5].map(([, u]) => u), ...WORST[4].map(([, u]) => u)])]

  it('linear by analysis: linear step counts on every adversarial path; polynomial: a count confirms it', () => {
    const small = 8
    const factor = 8
    let confirmed = 0
    for (const [label, re, end] of regexps) {
      const verdict = analyseBacktracking(re)
      assert.notEqual(verdict.growth, 'unsupported', label)
      const counts = (unit: string, suffix: string) => (n: number) => backtrackSteps(re, '/' + unit.repeat(n) + suffix)
      if (verdict.growth === 'linear') {
        for (const unit of units) for (const suffix of SUFFIXES) assertLinearCount(`${label} on ${JSON.stringify(unit)} x n + ${JSON.stringify(suffix)}`, counts(unit, suffix), small, factor)
        continue
      }
      // A `use` prefix ends in `(?=\/|$)`, which the analysis reads as always true: its
      // alarm may be false (such patterns go to the linear-time engine all the same).
      if (!end) continue
      // The analysis assumes a search may fail anywhere; `(.*)` fails only on a line terminator.
      const grows = [...units, 'users/'].some((unit) => [...SUFFIXES, '\n'].some((suffix) => ['', 'api/'].some((prefix) => {
        const f = (n: number) => backtrackSteps(re, '/' + prefix + unit.repeat(n) + suffix)
        return f(small * factor) / f(small) > factor * 2
      })))
      assert.ok(grows, `${label}: called ${verdict.growth}, but no adversarial path shows it`)
      confirmed++
    }
    assert.ok(confirmed >= 6, `${confirmed} polynomial patterns confirmed`)
  })
})
