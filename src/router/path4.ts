/**
 * 4.x path syntax (`?`, `+`, `*`, `( )`, `:name(regexp)`, `:name?`), matched by
 * path-to-regexp 0.1 — the matcher Express 4 itself uses, in its version with
 * linear-time captures for several parameters in one segment — with the
 * parameter rules of Express 4's layer: unnamed captures and `*` numbered from
 * 0, optional parameters present as undefined, `'*'` alone matching any path.
 * Patterns made of static segments and whole-segment `:name` parameters also
 * get radix shapes.
 */
import pathToRegexp from 'path-to-regexp-v0'
import { compileWildcards } from './path4-wildcards'
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

/** Atoms of `/seg/:param/...` or null; collects parameter names. */
function atomsOf(pattern: string, sensitive: boolean, names: string[]): number[] | null {
  const atoms: number[] = []
  const segments = pattern.split('/')
  for (let s = 1; s < segments.length; s++) {
    atoms.push(SLASH)
    const segment = segments[s]
    const param = PARAM_SEGMENT.exec(segment)
    if (param !== null) {
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
  if (typeof path !== 'string' || path.length === 0 || path.charCodeAt(0) !== SLASH || path === '/') return null
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

function compile(path: unknown, options: PathOptions): PathMatcher {
  const keys: { name: string | number; optional: boolean; offset: number }[] = []
  const regexp = pathToRegexp(path as string, keys, options) as FastRegExp
  regexp.fast_star = path === '*'
  regexp.fast_slash = path === '/' && options.end === false
  const keyNames = keys.map((k) => String(k.name))
  const names: string[] = []
  const shapes = shapesOf(path, options, names)
  // Several `*` make the regexp backtrack polynomially; see path4-wildcards.ts.
  const wildcards = typeof path === 'string' ? compileWildcards(path, options) : null

  return {
    match(p: string): PathMatch | false {
      if (regexp.fast_slash) return { params: {}, path: '', keys: keyNames }
      if (regexp.fast_star) return { params: { 0: decodeParam(p) }, path: p, keys: ['0'] }
      let m: string[] | null
      const captures = wildcards === null ? undefined : wildcards(p)
      if (captures === undefined) m = regexp.exec(p)
      else m = captures === null ? null : [p.slice(0, captures.length), ...captures.captures]
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
