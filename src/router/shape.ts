/**
 * Radix shapes: the part of a route pattern that the find-my-way tree can
 * express exactly, and the two relations the compiler needs between shapes.
 *
 * A shape is a list of atoms: a character code (static text), PARAM (one whole
 * non-empty path segment) or WILD (anything, possibly empty; only at the end of
 * a `use()` prefix shape). The end of the list is END.
 *
 * find-my-way explores its tree depth first: at a node it checks for a leaf
 * (END), then static children, then the parametric child, then the wildcard.
 * For two shapes, the first atom at which they differ therefore decides which
 * one the tree returns first, or proves that no path can match both. That is
 * what `compareShapes` computes; `containsShape` proves that every path one
 * shape matches is matched by another.
 */

export const PARAM = -1
export const WILD = -2
const END = -3

export type Shape = readonly number[]

export const enum Relation {
  /** Same atoms. */
  Equal,
  /** The tree tries the first shape before the second. */
  Before,
  /** The tree tries the first shape after the second. */
  After,
  /** No path can match both shapes. */
  Disjoint,
}

function rank(atom: number): number {
  return atom >= 0 ? 0 : atom === PARAM ? 1 : 2
}

/** Order of `a` relative to `b` in find-my-way's depth-first search. */
export function compareShapes(a: Shape, b: Shape): Relation {
  for (let i = 0; ; i++) {
    const x = i < a.length ? a[i] : END
    const y = i < b.length ? b[i] : END
    if (x === y) {
      if (x === END) return Relation.Equal
      continue
    }
    if (x >= 0 && y >= 0) return Relation.Disjoint
    if (x === END || y === END) {
      // A leaf is checked before the children of its node; only a wildcard can
      // also match the empty remainder, every other atom needs more path.
      if (x === WILD) return Relation.After
      if (y === WILD) return Relation.Before
      return Relation.Disjoint
    }
    return rank(x) < rank(y) ? Relation.Before : Relation.After
  }
}

const SLASH = 0x2f

/**
 * True when every path matched by `inner` (with non-empty parameters) is
 * matched by `outer` as well.
 */
export function containsShape(outer: Shape, inner: Shape): boolean {
  let j = 0
  for (let i = 0; ; i++) {
    const x = i < outer.length ? outer[i] : END
    const y = j < inner.length ? inner[j] : END
    if (x === WILD) return true
    if (x === END) return y === END
    if (x === PARAM) {
      if (y === PARAM) {
        j++
        continue
      }
      if (y < 0 || y === SLASH) return false
      while (j < inner.length && inner[j] >= 0 && inner[j] !== SLASH) j++
      continue
    }
    if (x !== y) return false
    j++
  }
}

/** The find-my-way route string of a shape; parameters are named by position. */
export function shapeToRoute(shape: Shape): string {
  let out = ''
  let param = 0
  for (const atom of shape) {
    if (atom === PARAM) out += ':p' + param++
    else if (atom === WILD) out += '*'
    else if (atom === 0x3a) out += '::'
    else out += String.fromCharCode(atom)
  }
  return out
}

/** A stable key for a shape, for grouping layers that share one. */
export function shapeKey(shape: Shape): string {
  return shape.join(',')
}

/**
 * Static characters a shape may hold. Others (`%`, `*`, `?`, `#`, `(`, `)`,
 * spaces, non-ASCII) either mean something to find-my-way or can never reach
 * the tree (see `fastPathnameEnd`), so patterns holding them stay linear.
 */
export function isShapeChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x2f || code === 0x2d || code === 0x2e || code === 0x5f || code === 0x7e || // / - . _ ~
    code === 0x21 || code === 0x24 || code === 0x26 || code === 0x27 || code === 0x2b || // ! $ & ' +
    code === 0x2c || code === 0x3b || code === 0x3d || code === 0x3a || code === 0x40 // , ; = : @
  )
}

/**
 * For a request URL, the index where its pathname ends when the pathname may
 * be looked up in the tree; -1 when the URL needs the linear matcher (it does
 * not start with "/", or holds `%`, `#`, white space, control or non-ASCII
 * characters, which Express matches on the raw or re-parsed string).
 */
export function fastPathnameEnd(url: string): number {
  return scannedEnd(scanPathname(url))
}

/**
 * `fastPathnameEnd` and whether the pathname holds an ASCII capital, from
 * one pass over the URL (a case-insensitive tree must fold such a path;
 * checking in the same loop is cheaper than lower-casing the path or a
 * second loop, see issue 31): -1, or the end times two plus 1 for capitals.
 * That stays a small integer, since V8 strings are shorter than 2^29. Read
 * it with `scannedEnd` and `scannedCapitals`.
 */
export function scanPathname(url: string): number {
  if (url === lastUrl) return lastScan
  const scan = scanUrl(url)
  lastUrl = url
  lastScan = scan
  return scan
}

/**
 * The last URL `scanPathname` answered for and its answer. The answer
 * depends on the URL's text alone, so it holds for any later call with the
 * same text: a router, then `req.path` or `req.query`, and each router a
 * request passes through ask about the same URL (docs/perf.md, "Nested
 * routers").
 */
let lastUrl: string | undefined
let lastScan = -1

/**
 * Records the answer for a URL made from one `fastPathnameEnd` accepted by
 * removing a mount prefix of `removed` characters from its path and, when
 * that left no leading "/", adding one: the rest of the path and the query
 * are the accepted URL's, so the answer follows without a scan. Capitals
 * are carried over from the parent's answer: the removed prefix may have
 * held the only ones, and then the router only folds a path that needs no
 * folding, which finds the same routes.
 */
export function rememberMountedPathnameEnd(url: string, parentEnd: number, removed: number, slashAdded: boolean, parentCapitals: boolean): void {
  lastUrl = url
  lastScan = ((parentEnd - removed + (slashAdded ? 1 : 0)) << 1) | (parentCapitals ? 1 : 0)
}

/** How many URLs `fastPathnameEnd` has scanned in this process (the tests count them). */
export function pathnameScans(): number {
  return scans
}
let scans = 0

function scanUrl(url: string): number {
  scans++
  const len = url.length
  if (len === 0 || url.charCodeAt(0) !== SLASH) return -1
  let capitals = 0
  let i = 1
  for (; i < len; i++) {
    const c = url.charCodeAt(i)
    // Most characters of a path are lower-case letters: one test for them.
    if (c >= 0x61) {
      if (c >= 0x7f) return -1
    } else if (c <= 0x3f) {
      if (c === 0x3f) break // ?
      if (c <= 0x20 || c === 0x25 || c === 0x23) return -1
    } else if (c <= 0x5a && c >= 0x41) {
      capitals = 1
    }
  }
  // The query string must not hold what makes parseurl re-parse the URL.
  for (let k = i + 1; k < len; k++) {
    const c = url.charCodeAt(k)
    if (c <= 0x20 || c === 0x23 || c === 0xa0 || c === 0xfeff) return -1
  }
  return (i << 1) | capitals
}

/** The pathname's end in a `scanPathname` result, or -1. */
export function scannedEnd(scan: number): number {
  return scan < 0 ? -1 : scan >> 1
}

/** Whether a `scanPathname` result that has an end found capitals before it. */
export function scannedCapitals(scan: number): boolean {
  return (scan & 1) === 1
}
