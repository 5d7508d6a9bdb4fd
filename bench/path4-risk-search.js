/**
 * A randomised search for 4.x patterns that webfw leaves on their RegExp
 * (src/router/path4-analysis.ts says they need no linear-time matcher) but
 * whose RegExp is superlinear after all. Random patterns are made from the
 * pieces of the 4.x syntax; for each one left on the RegExp, adversarial
 * paths (repeats of one to three characters the pattern uses, with and
 * without a failing end) are timed at 400 and 1600 characters: a time that
 * grows more than 8-fold (linear: 4-fold) is reported. The analysis is
 * conservative on purpose; anything this finds is a pattern it must flag.
 *
 * Run: npm run build && node bench/path4-risk-search.js [seed] [seconds]
 */
'use strict'

const pathToRegexp = require('path-to-regexp-v0')
const { needsLinearMatcher, assertUnambiguous } = require('../dist/router/path4-analysis')

const pieces = ['a', 'b', 'ab', '-', '.', '~', ':p', ':p?', ':p*', '*', ':p(\\d+)', ':p(x|y)', ':p([a-z-]+)', 'c?', 'd+', '(e)?', ':p(\\w+)', ':p([^/]+)', ':p(.+)']

let seed = Number(process.argv[2] || 1)
const seconds = Number(process.argv[3] || 60)

function random() {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed / 0x7fffffff
}
const pick = (list) => list[Math.floor(random() * list.length)]

function randomPattern() {
  let n = 0
  const segments = []
  for (let s = 1 + Math.floor(random() * 3); s > 0; s--) {
    let segment = ''
    for (let k = 1 + Math.floor(random() * 4); k > 0; k--) segment += pick(pieces)
    segments.push(segment.replace(/:p/g, () => ':p' + n++))
  }
  return '/' + segments.join('/')
}

function fastest(regexp, text, runs = 2) {
  let best = Infinity
  for (let r = 0; r < runs; r++) {
    const t0 = process.hrtime.bigint()
    regexp.exec(text)
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6)
  }
  return best
}

/** The first adversarial path family on which the RegExp grows faster than linearly, or null. */
function superlinear(pattern, regexp) {
  const literals = [...new Set(pattern.replace(/:\w+(\([^)]*\))?/g, '').replace(/[()?*+[\]\\^]/g, '').split(''))].filter((c) => c !== '/')
  const alphabet = ['a', '/', '1', 'x', ...literals]
  for (const x of alphabet) {
    for (const y of alphabet) {
      for (const z of ['', ...alphabet]) {
        const unit = x + y + z
        for (const prefix of ['/', '/a/']) {
          for (const suffix of ['', '/!', '!']) {
            const make = (n) => prefix + unit.repeat(Math.ceil(n / unit.length)) + suffix
            const short = fastest(regexp, make(400))
            if (short < 0.05) continue
            // Already slow at 400 characters (confirmed, not a pause of the
            // machine): no need to wait for 1600.
            if (short > 50 && fastest(regexp, make(400), 5) > 50) return `${JSON.stringify([prefix, unit, suffix])}: ${short.toFixed(2)} ms at 400 characters`
            const long = fastest(regexp, make(1600))
            if (long / short > 8 && long > 0.5) return `${JSON.stringify([prefix, unit, suffix])}: ${short.toFixed(2)} ms -> ${long.toFixed(2)} ms`
          }
        }
      }
    }
  }
  return null
}

let checked = 0
let found = 0
const deadline = Date.now() + seconds * 1000
while (Date.now() < deadline) {
  const pattern = randomPattern()
  let regexp
  try {
    assertUnambiguous(pattern)
    regexp = pathToRegexp(pattern, [], { end: true })
  } catch {
    continue
  }
  if (needsLinearMatcher(pattern)) continue
  checked++
  const evidence = superlinear(pattern, regexp)
  if (evidence !== null) {
    found++
    console.log(`superlinear but left on its RegExp: ${pattern}  ${regexp.source}  ${evidence}`)
  }
}
console.log(`${checked} patterns left on their RegExp checked, ${found} superlinear`)
