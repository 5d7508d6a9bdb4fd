/**
 * 3.x path syntax, in its two forms:
 *
 * - Route patterns, as Express 3 compiles them: `:name`, `:name?`,
 *   `.:format`, `:name(regexp)`, `:name*`, `*` and `/( ... )` groups, plus
 *   RegExps and arrays. The pattern text is regexp source: what is not a
 *   parameter is escaped only for `/` and `.` (so `/user/\\d+` is a digit
 *   class), `*` is `(.*)` wherever it stands (custom captures included), and
 *   a non-strict pattern gets an optional trailing slash even when it ends in
 *   one (`/a/` then needs its slash). Parameters are Express 3's
 *   `req.params`: an array, named captures as properties, other captures by
 *   position, optional ones present as undefined.
 * - `use` paths, as Connect matches them: a literal prefix (one trailing
 *   slash dropped), compared case-insensitively, followed in the path by
 *   "/", "." or nothing.
 *
 * Patterns made of static segments and whole-segment `:name` parameters, and
 * every `use` prefix of safe characters that does not end in "/" once one
 * slash is dropped, also get radix shapes. A pattern
 * whose RegExp could backtrack for long on a long path (two or more
 * unbounded captures, e.g. `/*-*.json` or `/:a-:b`) is matched by the
 * linear-time engine beyond the path length where that could start to cost
 * (see path4.ts for the budget).
 */
import { compileLinear, type LinearRegExp } from './linear-regexp'
import { decodeParam, type PathMatch, type PathMatcher, type PathOptions, type PathSyntax } from './path-syntax'
import { atomsOf, nativeLengthLimit } from './path4'
import { WILD, type Shape } from './shape'

/** A parameter of a 3.x route (`route.keys`). */
export interface Key3 {
  name: string
  optional: boolean
}

const SLASH = 0x2f
const DOT = 0x2e

/**
 * A parameter in Express 3's pattern language: an optional "/" and "." in
 * front, the name, then an optional custom capture, `?` and `*`.
 */
const PARAMETER = /(\/)?(\.)?:(\w+)(?:(\(.*?\)))?(\?)?(\*)?/g
/** A group opened right after a "/": the slash moves inside, the group does not capture. */
const SLASH_GROUP = /\/\(/g
const ESCAPED_IN_PATTERN = /[/.]/g
const STAR = /\*/g

/**
 * The source of the RegExp Express 3 builds for a string pattern; fills
 * `keys` with its parameters in order.
 *
 * @example
 * routeSource('/user/:id/:op?', false, keys) // ^\/user\/(?:([^\/]+?))(?:\/([^\/]+?))?\/?$
 */
export function routeSource(pattern: string, strict: boolean, keys: Key3[]): string {
  let source = (strict ? pattern : pattern + '/?').replace(SLASH_GROUP, '(?:/')
  source = source.replace(PARAMETER, (_all, slash?: string, dot?: string, name?: string, capture?: string, optional?: string, star?: string) => {
    keys.push({ name: name as string, optional: optional !== undefined })
    const lead = slash ?? ''
    const body = (dot ?? '') + (capture ?? (dot !== undefined ? '([^/.]+?)' : '([^/]+?)'))
    // An optional parameter takes its slash with it; a required one leaves it outside.
    const group = optional !== undefined ? `(?:${lead}${body})?` : `${lead}(?:${body})`
    return star !== undefined ? group + '(/*)?' : group
  })
  return '^' + source.replace(ESCAPED_IN_PATTERN, '\\$&').replace(STAR, '(.*)') + '$'
}

/**
 * The RegExp of a 3.x route path (a RegExp is used as it is; an array is
 * one alternation group).
 */
export function routeRegExp(path: unknown, keys: Key3[], options: { sensitive?: boolean; strict?: boolean }): RegExp {
  if (path instanceof RegExp) return path
  const pattern = Array.isArray(path) ? '(' + path.join('|') + ')' : String(path)
  return new RegExp(routeSource(pattern, Boolean(options.strict), keys), options.sensitive ? '' : 'i')
}

function routeShapes(path: unknown, options: PathOptions, names: string[]): Shape[] | null {
  if (typeof path !== 'string' || path.length < 2 || path.charCodeAt(0) !== SLASH) return null
  const endsWithSlash = path.charCodeAt(path.length - 1) === SLASH
  // Non-strict, "/a/" needs its slash and also takes a second one: not a tree shape.
  if (endsWithSlash && !options.strict) return null
  const atoms = atomsOf(path, options.sensitive, names)
  if (atoms === null) return null
  return options.strict ? [atoms] : [atoms, [...atoms, SLASH]]
}

/** Params as Express 3 gives them: an array, named captures as properties. */
function paramsOf(m: RegExpExecArray | (string | undefined)[], keys: Key3[]): Record<string, unknown> {
  const params: unknown[] & Record<string, unknown> = [] as unknown as unknown[] & Record<string, unknown>
  for (let i = 1; i < m.length; i++) {
    const key = keys[i - 1]
    const val = typeof m[i] === 'string' ? decodeParam(m[i] as string) : m[i]
    if (key !== undefined) params[key.name] = val
    else params.push(val)
  }
  return params
}

function compileRoute(path: unknown, options: PathOptions): PathMatcher {
  const keys: Key3[] = []
  const regexp = routeRegExp(path, keys, options)
  const linear: LinearRegExp | null = path instanceof RegExp ? null : compileLinear(regexp.source, regexp.flags)
  const useLinear = linear !== null && linear.unbounded >= 2
  const nativeUpTo = useLinear ? nativeLengthLimit((linear as LinearRegExp).unbounded) : Infinity
  const keyNames = keys.map((k) => k.name)
  const names: string[] = []
  const shapes = routeShapes(path, options, names)
  return {
    match(p: string): PathMatch | false {
      const m = p.length <= nativeUpTo ? regexp.exec(p) : (linear as LinearRegExp).exec(p)
      if (!m) return false
      return { params: paramsOf(m, keys), path: m[0] as string, keys: keyNames }
    },
    shapes,
    paramNames: shapes === null ? [] : names,
    prefixLength: 0,
    exposed: { regexp, keys },
  }
}

const EMPTY_KEYS: string[] = []

/** Connect's literal `use` prefix: case-insensitive, then "/", "." or the end of the path. */
function compilePrefix(path: unknown): PathMatcher {
  if (typeof path !== 'string') throw new TypeError('app.use() path must be a string in 3.x, got ' + typeof path)
  const prefix = path.charCodeAt(path.length - 1) === SLASH ? path.slice(0, -1) : path
  const lower = prefix.toLowerCase()
  let shapes: Shape[] | null = null
  // A prefix still ending in "/" (`use('//')`, `use('/a//')`) matches its
  // text followed by another "/", and a tree that ignores one trailing slash
  // cannot tell that path from the text itself: such a layer is left to its
  // own matcher.
  if (prefix.length !== 0 && prefix.charCodeAt(0) === SLASH && prefix.charCodeAt(prefix.length - 1) !== SLASH) {
    const atoms = atomsOf(prefix, false, null)
    if (atoms !== null) shapes = [atoms, [...atoms, SLASH, WILD], [...atoms, DOT, WILD]]
  }
  return {
    match(p: string): PathMatch | false {
      if (p.length < prefix.length || p.slice(0, prefix.length).toLowerCase() !== lower) return false
      const next = p.charCodeAt(prefix.length)
      if (!Number.isNaN(next) && next !== SLASH && next !== DOT) return false
      return { params: {}, path: p.slice(0, prefix.length), keys: EMPTY_KEYS }
    },
    shapes,
    paramNames: [],
    prefixLength: shapes === null ? 0 : prefix.length,
  }
}

export const path3: PathSyntax = {
  compile(path: unknown, options: PathOptions): PathMatcher {
    return options.end ? compileRoute(path, options) : compilePrefix(path)
  },
}
