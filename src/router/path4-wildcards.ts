/**
 * Linear-time matching of 4.x route patterns made only of literal text and
 * two or more `*` wildcards (`/*x*y*z`, `/files/*\/*.json`).
 *
 * path-to-regexp 0.1 turns each `*` into a greedy `(.*)`. With two or more
 * of them, a path that does not match makes the regular expression try
 * every split: quadratic with two wildcards, cubic with three — `/*x*y*z`
 * against an 8 KB path costs about a minute of CPU, in Express 4 as in its
 * regexp here. This module finds the very same captures without
 * backtracking.
 *
 * Why it is the same: the regexp's groups are greedy from the left, so the
 * first group ends as late as the rest allows, then the second, and so on.
 * Since a `(.*)` absorbs anything, "the rest allows" only asks that the
 * following literals still fit, in order, before the end; the latest
 * placement of every literal is therefore its rightmost occurrence before
 * the next literal's placement, found from the last literal backwards with
 * `lastIndexOf`. The first literal must start the path; the last one must
 * end it, or end just before a final "/" (the optional trailing slash of a
 * non-strict pattern).
 *
 * Case-insensitive patterns (the regexp's `i` flag without `u`) compare
 * ASCII letters without case; the literals here are ASCII, and a non-ASCII
 * character never equals an ASCII one under that flag, so folding the
 * path's ASCII letters is exact. Paths holding a line terminator (which
 * `.` does not match) are left to the regexp.
 */

/** Patterns this module handles: ASCII characters with no meaning in a regexp or in 0.1's syntax. */
const WILDCARD_PATTERN = /^[A-Za-z0-9/._~!@,;=&'%*-]*$/
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/
const UPPER_ASCII = /[A-Z]+/g
const SLASH = 0x2f

function lowerAscii(s: string): string {
  return s.replace(UPPER_ASCII, (m) => m.toLowerCase())
}

export interface WildcardOptions {
  /** true for routes (the whole path), false for `use` prefixes. */
  end: boolean
  strict: boolean
  sensitive: boolean
}

/** The captures and the length of the matched part of the path. */
export interface WildcardMatch {
  captures: string[]
  length: number
}

/** null: no match; undefined: the path must go to the regexp. */
export type WildcardMatcher = (path: string) => WildcardMatch | null | undefined

/**
 * The linear matcher of `pattern`, or null when the pattern is not one this
 * module handles.
 *
 * Where the last literal may end: a route ends at the end of the path, or
 * (non-strict) just before a final "/". A `use` prefix ends at the end of
 * the path or before any "/" — 0.1 appends `(?=\/|$)` — after taking an
 * optional "/" (non-strict) when the rest still starts a segment; a strict
 * prefix written with a final "/" may end anywhere. Of those ends, the
 * regexp takes the last one the literals can reach: the literals placed
 * leftmost give the earliest point the last literal can start from.
 *
 * @example
 * const match = compileWildcards('/*x*y', { end: true, strict: false, sensitive: false })
 * match?.('/AxbY/') // { captures: ['A', 'b'], length: 6 }
 * match?.('/axb')   // null
 */
export function compileWildcards(pattern: string, options: WildcardOptions): WildcardMatcher | null {
  if (!WILDCARD_PATTERN.test(pattern)) return null
  const literals = pattern.split('*')
  if (literals.length < 3) return null
  const { end, strict, sensitive } = options
  // A strict prefix whose pattern ends with "/" gets no lookahead from 0.1.
  const anyEnd = !end && strict && pattern.endsWith('/')
  if (!strict) {
    // 0.1 makes a final "/" optional, or appends an optional one.
    const last = literals[literals.length - 1]
    if (last.endsWith('/')) literals[literals.length - 1] = last.slice(0, -1)
  }
  const lits = sensitive ? literals : literals.map(lowerAscii)
  const first = lits[0]
  const k = lits.length - 1
  const lastLit = lits[k]

  /** Whether the last literal may end at `q` (before the optional slash and the end test). */
  function validEnd(s: string, q: number, n: number): boolean {
    if (q === n || anyEnd) return true
    if (end) return !strict && q === n - 1 && s.charCodeAt(q) === SLASH
    return s.charCodeAt(q) === SLASH
  }

  return function matchWildcards(path: string): WildcardMatch | null | undefined {
    if (LINE_TERMINATOR.test(path)) return undefined
    const s = sensitive ? path : lowerAscii(path)
    if (!s.startsWith(first)) return null
    const n = s.length
    // The literals in between, each at its leftmost place.
    let pos = first.length
    for (let i = 1; i < k; i++) {
      const at = s.indexOf(lits[i], pos)
      if (at === -1) return null
      pos = at + lits[i].length
    }
    // The last end the last literal can take.
    let q = n
    while (q - lastLit.length >= pos && !(validEnd(s, q, n) && s.startsWith(lastLit, q - lastLit.length))) q--
    if (q - lastLit.length < pos) return null
    // From there back, every literal at its rightmost place.
    const starts = new Array<number>(k + 1)
    starts[0] = 0
    starts[k] = q - lastLit.length
    let limit = starts[k]
    for (let i = k - 1; i >= 1; i--) {
      const at = s.lastIndexOf(lits[i], limit - lits[i].length)
      starts[i] = at
      limit = at
    }
    const captures = new Array<string>(k)
    for (let j = 1; j <= k; j++) captures[j - 1] = path.slice(starts[j - 1] + lits[j - 1].length, starts[j])
    let length = n
    if (!end) {
      // The optional slash is taken when what follows it still starts a segment.
      const takeSlash = !strict && s.charCodeAt(q) === SLASH && (q + 1 === n || s.charCodeAt(q + 1) === SLASH)
      length = takeSlash ? q + 1 : q
    }
    return { captures, length }
  }
}
