/**
 * 4.x patterns whose RegExp backtracks polynomially, on adversarial paths of
 * doubling length: webfw's matcher (the linear-time engine these patterns
 * are routed to) against the plain RegExp path-to-regexp 0.1.13 builds
 * (what Express 4 runs). The cost per path character of webfw's matcher
 * should stay flat (ratio near 1 between the largest and smallest path); the
 * RegExp's grows with the length (quadratic: x2 per doubling; cubic: x4), so
 * it is only run up to 4K characters. Node caps the request line with the
 * other headers at 16 KB by default. Also timed: `/:a-:b-:c`, which stays on
 * the RegExp (path-to-regexp 0.1.13's own guard keeps it linear).
 *
 * A second table times ordinary (short) paths, which webfw still gives to
 * the RegExp (see BACKTRACK_BUDGET in src/router/path4.ts), against the
 * engine alone.
 *
 * Run: npm run build && node bench/path4-scaling.bench.js
 */
'use strict'

const pathToRegexp = require('path-to-regexp-v0')
const { path4 } = require('../dist/router/path4')

const cases = [
  ['/a*b*c*d', (n) => '/a' + 'bc'.repeat(n / 2)],
  ['/*-*.json', (n) => '/' + 'oj-'.repeat(n / 3) + 'o!'],
  ['/*/*/edit', (n) => '/a/b/' + 'da/'.repeat(n / 3) + '!'],
  ['/:a-*-:b', (n) => '/' + 'a1-'.repeat(n / 3)],
  ['/:a-:b-:c', (n) => '/' + 'a-'.repeat(n / 2) + '/!'],
]
const sizes = [2048, 4096, 8192, 16384]
const nativeSizes = [1024, 2048, 4096]
const options = { end: true, strict: false, sensitive: false }

/** Fastest of a few runs, in ms (the first runs include compilation). */
function fastest(fn, runs = 7) {
  let best = Infinity
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint()
    fn()
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6)
  }
  return best
}

const rows = []
for (const [pattern, make] of cases) {
  const matcher = path4.compile(pattern, options)
  const regexp = pathToRegexp(pattern, [], options)
  const ours = sizes.map((n) => fastest(() => matcher.match(make(n))) / n * 1e6)
  const native = nativeSizes.map((n) => fastest(() => regexp.exec(make(n)), n > 2048 ? 1 : 3) / n * 1e6)
  rows.push({
    pattern,
    ...Object.fromEntries(sizes.map((n, i) => [`webfw ns/char @${n / 1024}K`, ours[i].toFixed(1)])),
    'webfw 16K/2K': (ours[ours.length - 1] / ours[0]).toFixed(2),
    ...Object.fromEntries(nativeSizes.map((n, i) => [`RegExp ns/char @${n / 1024}K`, native[i].toFixed(1)])),
    'RegExp 4K/1K': (native[native.length - 1] / native[0]).toFixed(2),
  })
}
console.table(rows)

const { compileLinear } = require('../dist/router/linear-regexp')
const typical = [
  ['/*-*.json', '/report-2024.json'],
  ['/a*b*c*d', '/aXbYcZd'],
  ['/*/*/edit', '/users/42/edit'],
  ['/:a-*-:b', '/one-two-three'],
]
const perCall = (fn) => fastest(() => {
  for (let i = 0; i < 20000; i++) fn()
}) / 20000 * 1e6
console.table(
  typical.map(([pattern, path]) => {
    const matcher = path4.compile(pattern, options)
    const regexp = pathToRegexp(pattern, [], options)
    const engine = compileLinear(regexp.source, regexp.flags)
    return {
      pattern,
      path,
      'webfw ns': perCall(() => matcher.match(path)).toFixed(0),
      'RegExp#exec ns': perCall(() => regexp.exec(path)).toFixed(0),
      'engine alone ns': perCall(() => engine.exec(path)).toFixed(0),
    }
  }),
)
