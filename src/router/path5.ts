/**
 * 5.x path syntax (`:name`, `{optional}`, `*name`), matched by path-to-regexp 8
 * exactly as Express 5 matches it, plus the radix shapes of patterns made of
 * static text and whole-segment parameters.
 */
import { match as ptrMatch, parse as ptrParse, pathToRegexp, type Token } from 'path-to-regexp'
import { nullPrototype } from '../util/null-prototype'
import { compileRegExp, decodeParam, type PathMatch, type PathMatcher, type PathOptions, type PathSyntax } from './path-syntax'
import { isShapeChar, PARAM, WILD, type Shape } from './shape'

const TRAILING_SLASHES = /\/+$/
const SLASH = 0x2f

/** Express 5 ignores trailing slashes of non-strict patterns ("loosen"). */
function loosen(path: string): string {
  return path === '/' ? path : path.replace(TRAILING_SLASHES, '')
}

/**
 * Atoms of a pattern made only of text and whole-segment parameters, or null.
 * Collects parameter names in order.
 */
function atomsOf(tokens: Token[], sensitive: boolean, names: string[]): number[] | null {
  const atoms: number[] = []
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t]
    if (token.type === 'text') {
      const text = sensitive ? token.value : token.value.toLowerCase()
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i)
        if (!isShapeChar(code)) return null
        atoms.push(code)
      }
    } else if (token.type === 'param') {
      const next = tokens[t + 1]
      const wholeSegment =
        atoms.length > 0 && atoms[atoms.length - 1] === SLASH &&
        (next === undefined || (next.type === 'text' && next.value.charCodeAt(0) === SLASH))
      if (!wholeSegment || names.includes(token.name)) return null
      names.push(token.name)
      atoms.push(PARAM)
    } else {
      return null
    }
  }
  return atoms
}

function shapesOf(pattern: string, options: PathOptions, names: string[]): Shape[] | null {
  if (pattern.length === 0 || pattern.charCodeAt(0) !== SLASH) return null
  let tokens: Token[]
  try {
    tokens = ptrParse(pattern).tokens
  } catch {
    return null
  }
  const atoms = atomsOf(tokens, options.sensitive, names)
  if (atoms === null) return null
  if (!options.end) return [atoms, [...atoms, SLASH, WILD]]
  if (options.strict) return [atoms]
  return [atoms, [...atoms, SLASH]]
}

/**
 * The matcher of a pattern made of text and whole-segment parameters (one
 * with shapes): path-to-regexp's own RegExp, every capture a required
 * parameter decoded as path-to-regexp's `match` decodes it, but the params a
 * fast-properties null-prototype object instead of `Object.create(null)` (a
 * dictionary, slow to fill and to copy in mergeParams) and their names known
 * in advance. Mounted routers with parameters (`use('/api/:version')`) are
 * verified with it on every request (docs/perf.md).
 */
function shapeMatcher(pattern: string, ptrOptions: { sensitive: boolean; end: boolean; trailing: boolean }, names: string[]): (path: string, bare?: boolean) => PathMatch | false {
  const { regexp } = pathToRegexp(pattern, ptrOptions)
  const count = names.length
  return function match(path: string, bare?: boolean): PathMatch | false {
    const m = regexp.exec(path)
    if (m === null) return false
    const params = bare === true ? {} : nullPrototype()
    for (let i = 0; i < count; i++) params[names[i]] = decodeParam(m[i + 1])
    return { params, path: m[0], keys: names }
  }
}

function compileString(path: string, options: PathOptions): PathMatcher {
  const pattern = options.strict ? path : loosen(path)
  const ptrOptions = { sensitive: options.sensitive, end: options.end, trailing: !options.strict }
  const names: string[] = []
  const shapes = shapesOf(pattern, options, names)
  const fn = shapes !== null ? shapeMatcher(pattern, ptrOptions, names) : ptrMatch(pattern, { ...ptrOptions, decode: decodeParam })
  let prefixLength = 0
  if (shapes !== null && !options.end && names.length === 0) prefixLength = shapes[0].length
  return {
    match: fn as (path: string, bare?: boolean) => PathMatch | false,
    shapes,
    paramNames: shapes === null ? [] : names,
    prefixLength,
  }
}

function compileOne(path: unknown, options: PathOptions): PathMatcher {
  if (path instanceof RegExp) return compileRegExp(path)
  // Express 5's router reads any other value as its string (`String(path)`)
  // unless routing is strict, where path-to-regexp is given it as it is.
  return compileString((options.strict ? path : String(path)) as string, options)
}

/** A matcher as Express 5's layer exposes it (`layer.matchers`): path-to-regexp's `{ path, params }` or false. */
function exposedMatcher(matcher: PathMatcher): (path: string) => { path: string; params: Record<string, unknown> } | false {
  return (p) => {
    const found = matcher.match(p)
    return found && { path: found.path, params: found.params }
  }
}

/** An array of patterns: the first that matches wins (never in the tree). */
function compileArray(paths: unknown[], options: PathOptions): PathMatcher {
  const matchers = paths.map((p) => compileOne(p, options))
  return {
    match(path: string): PathMatch | false {
      for (const m of matchers) {
        const found = m.match(path)
        if (found) return found
      }
      return false
    },
    shapes: null,
    paramNames: [],
    prefixLength: 0,
    exposed: { matchers: matchers.map(exposedMatcher) },
  }
}

export const path5: PathSyntax = {
  compile(path: unknown, options: PathOptions): PathMatcher {
    if (Array.isArray(path)) return compileArray(path, options)
    const matcher = compileOne(path, options)
    matcher.exposed = { matchers: [exposedMatcher(matcher)] }
    return matcher
  },
}
