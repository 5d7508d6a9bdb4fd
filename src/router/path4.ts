/**
 * 4.x path syntax (`?`, `+`, `*`, `( )`, `:name(regexp)`, `:name?`), compiled
 * by path-to-regexp 0.1 — the matcher Express 4 itself uses, in its version
 * with linear-time captures for several parameters in one segment — with the
 * parameter rules of Express 4's layer: unnamed captures and `*` numbered from
 * 0, optional parameters present as undefined, `'*'` alone matching any path.
 * Patterns made of static segments and whole-segment `:name` parameters also
 * get radix shapes.
 *
 * Two rules Express 4 lacks (see path4-analysis.ts): a pattern with two
 * captures touching (`/:a:b`) is refused when defined, and a pattern whose
 * RegExp could backtrack polynomially (wildcards next to other captures, as
 * in `/*-*.json`) is matched by the linear-time engine, with the same result.
 */
import pathToRegexp from 'path-to-regexp-v0'
import { compileLinear, type LinearRegExp } from './linear-regexp'
import { assertUnambiguous, needsLinearMatcher } from './path4-analysis'
import { decodeParam, type PathMatch, type PathMatcher, type PathOptions, type PathSyntax } from './path-syntax'
import { isShapeChar, PARAM, WILD, type Shape } from './shape'

const hasOwn = Object.prototype.hasOwnProperty
const PARAM_SEGMENT = /^:(\w+)$/
const SLASH = 0x2f

type FastRegExp = RegExp & { fast_star?: boolean; fast_slash?: boolean }

/** Characters 0.1.x leaves alone in a static segment (others are regexp syntax). */
function isStaticChar4(code: number): boolean {
  return isShapeChar(code) && code !== 0x24 && code !== 0x2b && code !== 0x3a // $ + :
}

/**
 * Atoms of `/seg/:param/...` or null; collects parameter names. With `names`
 * null the text is literal and has no parameters (3.x `use` prefixes).
 * Also the 3.x route syntax's (path3.ts): the same characters are static there.
 */
export function atomsOf(pattern: string, sensitive: boolean, names: string[] | null): number[] | null {
  const atoms: number[] = []
  const segments = pattern.split('/')
  for (let s = 1; s < segments.length; s++) {
    atoms.push(SLASH)
    const segment = segments[s]
    const param = names !== null ? PARAM_SEGMENT.exec(segment) : null
    if (param !== null && names !== null) {
      if (names.includes(param[1])) return null
      names.push(param[1])
      atoms.push(PARAM)
      continue
    }
    const text = sensitive ? segment : segment.toLowerCase()
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i)
      if (!isStaticChar4(code)) return null
      atoms.push(code)
    }
  }
  return atoms
}

function shapesOf(path: unknown, options: PathOptions, names: string[]): Shape[] | null {
  if (typeof path !== 'string' || path.length === 0 || path.charCodeAt(0) !== SLASH) return null
  // A route on "/" (0.1.x: /^\/?$/, or /^\/$/ when strict) matches the path
  // "/" alone: not "//", so it has no form with a trailing slash, and the
  // empty path it also matches never reaches the tree (a path there starts
  // with "/"). A `use('/')` prefix is a slash layer, outside the tree.
  if (path === '/') return options.end ? [[SLASH]] : null
  // 0.1.x makes one trailing slash optional unless strict.
  const endsWithSlash = path.charCodeAt(path.length - 1) === SLASH
  const base = endsWithSlash ? path.slice(0, -1) : path
  if (base.length === 0 || base.charCodeAt(base.length - 1) === SLASH) return null
  const atoms = atomsOf(base, options.sensitive, names)
  if (atoms === null) return null
  if (!options.end) return [atoms, [...atoms, SLASH, WILD]]
  if (options.strict) return endsWithSlash ? [[...atoms, SLASH]] : [atoms]
  return [atoms, [...atoms, SLASH]]
}

/** The string patterns of a path (arrays are already flat). */
function stringPatterns(path: unknown): string[] {
  if (typeof path === 'string') return [path]
  return Array.isArray(path) ? path.filter((p): p is string => typeof p === 'string') : []
}

/** The linear-time engine for the pattern's RegExp, when the pattern needs it (and fits it). */
function linearFor(regexp: RegExp, patterns: string[]): LinearRegExp | null {
  return patterns.some(needsLinearMatcher) ? compileLinear(regexp.source, regexp.flags) : null
}

/**
 * Backtracking steps the RegExp may take on a path before the linear engine
 * is used instead. The engine is exact but costs ~1.5-3 µs on a 15-20
 * character path where the RegExp takes ~0.1 µs (Node 20); the RegExp's worst
 * case with d competing quantifiers is about n^d/d! steps, so below the
 * length where that reaches this budget (n = 90 for d = 2, 29 for d = 3, 17
 * for d = 4) the RegExp runs, at most ~3 µs on the most adversarial path of
 * that length (measured: 1.8 µs for `/a*b*c*d` at 29 characters, 2.4 µs for
 * `/*-*.json` at 90). Longer paths go to the engine, linear in their length.
 */
const BACKTRACK_BUDGET = 4096

/** The longest path the RegExp matches before the linear engine takes over (see BACKTRACK_BUDGET). */
export function nativeLengthLimit(unbounded: number): number {
  let factorial = 1
  for (let k = 2; k <= unbounded; k++) factorial *= k
  return Math.floor(Math.pow(BACKTRACK_BUDGET * factorial, 1 / Math.max(unbounded, 1)))
}

function compile(path: unknown, options: PathOptions): PathMatcher {
  const patterns = stringPatterns(path)
  const keys: { name: string | number; optional: boolean; offset: number }[] = []
  const regexp = pathToRegexp(path as string, keys, options) as FastRegExp
  // After the RegExp is built, so a pattern that is not one fails as in Express 4 (SyntaxError).
  for (const pattern of patterns) assertUnambiguous(pattern)
  const linear = linearFor(regexp, patterns)
  const nativeUpTo = linear === null ? Infinity : nativeLengthLimit(linear.unbounded)
  regexp.fast_star = path === '*'
  regexp.fast_slash = path === '/' && options.end === false
  const keyNames = keys.map((k) => String(k.name))
  const names: string[] = []
  const shapes = shapesOf(path, options, names)

  return {
    match(p: string): PathMatch | false {
      if (regexp.fast_slash) return { params: {}, path: '', keys: keyNames }
      if (regexp.fast_star) return { params: { 0: decodeParam(p) }, path: p, keys: ['0'] }
      // (Captures are undefined when not matched, whichever engine ran.)
      const m = (p.length <= nativeUpTo ? regexp.exec(p) : (linear as LinearRegExp).exec(p)) as string[] | null
      if (!m) return false
      const params: Record<string, unknown> = {}
      for (let i = 1; i < m.length; i++) {
        const prop = keys[i - 1].name
        const val = decodeParam(m[i])
        if (val !== undefined || !hasOwn.call(params, prop)) params[prop] = val
      }
      return { params, path: m[0], keys: keyNames }
    },
    shapes,
    paramNames: shapes === null ? [] : names,
    prefixLength: shapes !== null && !options.end && names.length === 0 ? shapes[0].length : 0,
    exposed: { regexp, keys, params: undefined, path: undefined },
  }
}

export const path4: PathSyntax = { compile }
