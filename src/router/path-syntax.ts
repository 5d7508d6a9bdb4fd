/**
 * The contract between the router and a version's path-pattern syntax.
 *
 * A syntax turns one pattern (string, RegExp) into a `PathMatcher`: the exact
 * matcher Express would use (the oracle, and the linear fallback) plus, when
 * the pattern is simple enough, the radix shapes that stand for it in the tree.
 */
import { decodeOrNull } from '../util/percent-decode'
import type { Shape } from './shape'

export interface PathMatch {
  params: Record<string, unknown>
  /** The part of the path the pattern matched (a prefix for `use`). */
  path: string
  /** Parameter names for param triggers, when not simply the params' keys. */
  keys?: string[]
}

export interface PathOptions {
  /** true for routes (whole path), false for `use` prefixes. */
  end: boolean
  strict: boolean
  sensitive: boolean
}

export interface PathMatcher {
  /**
   * Exact matching; throws a 400 error when a parameter cannot be decoded.
   * `bare`: the parameters will only be copied (mergeParams), so a matcher
   * that would give them a null prototype may return a plain object instead.
   */
  match(path: string, bare?: boolean): PathMatch | false
  /**
   * Radix shapes whose union matches exactly what `match` matches on paths
   * that `fastPathnameEnd` accepts, or null when the pattern stays linear.
   * Static text is lower-cased when the pattern is case-insensitive.
   */
  shapes: Shape[] | null
  /** Parameter names in positional order of the PARAM atoms of `shapes`. */
  paramNames: string[]
  /** For `use` prefixes with no parameters: length of the static prefix. */
  prefixLength: number
  /** Fields this version's Express layer exposes (`regexp`, `matchers` ...). */
  exposed?: Record<string, unknown>
}

export interface PathSyntax {
  /** Compiles a path: a string, a RegExp, or an (already flat) array of them. */
  compile(path: unknown, options: PathOptions): PathMatcher
}

/** Decodes a captured parameter the way Express does: 400 on bad encoding. */
export function decodeParam(val: string): string {
  if (typeof val !== 'string' || val.length === 0 || val.indexOf('%') === -1) {
    return val
  }
  // decodeURIComponent itself only for the error it throws (../util/percent-decode.ts).
  const decoded = decodeOrNull(val)
  if (decoded !== null) return decoded
  try {
    return decodeURIComponent(val)
  } catch (err) {
    if (err instanceof URIError) {
      err.message = "Failed to decode param '" + val + "'"
      ;(err as URIError & { status: number; statusCode: number }).status = 400
      ;(err as URIError & { status: number; statusCode: number }).statusCode = 400
    }
    throw err
  }
}

const MATCHING_GROUP = /\((?:\?<(.*?)>)?(?!\?)/g

/**
 * A RegExp pattern: capture groups become parameters, named groups by name,
 * the others by position (`req.params[0]` ...). Never in the tree.
 */
export function compileRegExp(re: RegExp): PathMatcher {
  const names: (string | number)[] = []
  let unnamed = 0
  MATCHING_GROUP.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = MATCHING_GROUP.exec(re.source)) !== null) {
    names.push(m[1] || unnamed++)
  }
  return {
    match(path: string): PathMatch | false {
      const found = re.exec(path)
      if (!found) return false
      const params: Record<string, unknown> = {}
      for (let i = 1; i < found.length; i++) {
        const name = i - 1 < names.length ? names[i - 1] : i - 1
        const val = decodeParam(found[i])
        if (val !== undefined) params[name as string] = val
      }
      return { params, path: found[0] }
    },
    shapes: null,
    paramNames: [],
    prefixLength: 0,
  }
}
