/**
 * A few radix shapes matched without a tree: the answer find-my-way's tree
 * would give for them, by trying each shape in the tree's own search order.
 *
 * A router mounted in another (nested routers) or an app with a handful of
 * routes holds only a few parametric shapes, and there a find-my-way lookup
 * (sanitising the path, splitting off the query, building a parameters
 * object) is most of what routing costs: this walk reads the path in place
 * and makes only the array of parameter values (docs/perf.md, "Nested
 * routers"). Larger routers keep the tree, whose cost does not grow with
 * the number of shapes.
 *
 * Order: find-my-way searches depth first, trying at each node the leaf,
 * then static children, then the parameter, then the wildcard (see
 * shape.ts). Sorting shapes lexicographically with the end of a shape first,
 * then static characters, then PARAM, then WILD puts every two shapes that
 * can match one path in the order the tree tries them (shapes that cannot
 * both match may go either way), so the first shape in that order that
 * matches is the one the tree returns.
 */
import { PARAM, WILD, type Shape } from './shape'

const SLASH = 0x2f

/** The shapes a router may hold and still be matched by a ShapeList. */
export const SHAPE_LIST_LIMIT = 8

/**
 * One shape: text, then for each parameter one segment and the text after
 * it, then maybe a wildcard. The texts are kept as character codes: compared
 * one by one with the path's, they cost less than `startsWith` on such short
 * texts.
 */
interface ListedShape<T> {
  /** texts[0] precedes the first parameter, texts[k] follows parameter k. */
  readonly texts: readonly (readonly number[])[]
  readonly wild: boolean
  readonly store: T
  /**
   * A shape without wildcard may carry its "/*" form (the two shapes of a
   * `use` prefix), when that comes right after it in the tree's order: the
   * path matches that form when it goes on with "/" where this shape ends,
   * so the texts are compared once for both.
   */
  readonly slashWild: T | null
}

function rank(atom: number): number {
  if (atom === END_RANK_ATOM) return 0
  return atom >= 0 ? 1 : atom === PARAM ? 2 : 3
}
const END_RANK_ATOM = -3

/** find-my-way's search order between two shapes that may match one path (any order otherwise). */
export function treeOrder(a: Shape, b: Shape): number {
  for (let i = 0; ; i++) {
    const x = i < a.length ? a[i] : END_RANK_ATOM
    const y = i < b.length ? b[i] : END_RANK_ATOM
    if (x === y) {
      if (x === END_RANK_ATOM) return 0
      continue
    }
    const rx = rank(x)
    const ry = rank(y)
    if (rx !== ry) return rx - ry
    return x - y
  }
}

function listed<T>(shape: Shape, store: T, slashWild: T | null): ListedShape<T> {
  const texts: number[][] = []
  let text: number[] = []
  let wild = false
  for (const atom of shape) {
    if (atom === PARAM) {
      texts.push(text)
      text = []
    } else if (atom === WILD) {
      wild = true
    } else {
      text.push(atom)
    }
  }
  texts.push(text)
  return { texts, wild, store, slashWild }
}

/** Whether `b` is `a` followed by "/" and a wildcard. */
function isSlashWildOf(b: Shape, a: Shape): boolean {
  if (b.length !== a.length + 2 || b[a.length] !== SLASH || b[a.length + 1] !== WILD) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

export class ShapeList<T> {
  private readonly shapes: readonly ListedShape<T>[]

  constructor(entries: readonly { shape: Shape; store: T }[]) {
    const sorted = [...entries].sort((a, b) => treeOrder(a.shape, b.shape))
    const shapes: ListedShape<T>[] = []
    for (let i = 0; i < sorted.length; i++) {
      const { shape, store } = sorted[i]
      const next = sorted[i + 1]
      if (next !== undefined && !shape.includes(WILD) && isSlashWildOf(next.shape, shape)) {
        shapes.push(listed(shape, store, next.store))
        i++
      } else {
        shapes.push(listed(shape, store, null))
      }
    }
    this.shapes = shapes
  }

  /**
   * The store of the shape the tree would return for the path `url[0, end)`
   * (`end`: where the pathname ends), or null; its parameter values go to
   * `out.values` (a new array each match). `trimSlash`: the tree ignores one
   * trailing slash (find-my-way's ignoreTrailingSlash).
   */
  find(url: string, end: number, trimSlash: boolean, out: { values: readonly string[] | null }): T | null {
    if (trimSlash && end > 1 && url.charCodeAt(end - 1) === SLASH) end--
    const shapes = this.shapes
    for (let s = 0; s < shapes.length; s++) {
      const shape = shapes[s]
      const texts = shape.texts
      const at = matchTexts(texts, url, end)
      if (at < 0) continue
      let store: T
      if (shape.wild || at === end) store = shape.store
      else if (shape.slashWild !== null && url.charCodeAt(at) === SLASH) store = shape.slashWild
      else continue
      out.values = valuesOf(texts, url, end)
      return store
    }
    return null
  }
}

const NO_VALUES: string[] = []

/** Whether `url` holds `text` at `at`, ending by `end`. */
function textAt(url: string, text: readonly number[], at: number, end: number): boolean {
  const length = text.length
  if (at + length > end) return false
  for (let k = 0; k < length; k++) {
    if (url.charCodeAt(at + k) !== text[k]) return false
  }
  return true
}

/**
 * Where the segment that starts at `from` ends: the next "/" before `end`, or
 * `end`. The first characters are looked at one by one (parameters are
 * mostly short: ids, versions), which costs less than calling `indexOf`;
 * a longer segment is left to `indexOf`.
 */
function segmentEnd(url: string, from: number, end: number): number {
  const stop = from + SHORT_SEGMENT < end ? from + SHORT_SEGMENT : end
  let i = from
  for (; i < stop; i++) {
    if (url.charCodeAt(i) === SLASH) return i
  }
  if (i === end) return end
  const slash = url.indexOf('/', i)
  return slash === -1 || slash > end ? end : slash
}
const SHORT_SEGMENT = 8

/** Where the first parameter's segment ended in the last `matchTexts` (a number: no object kept). */
let firstSegmentEnd = 0

/**
 * Where the shape's last text ends when `url[0, end)` starts with its texts,
 * each parameter taking the rest of a segment (possibly empty, as in the
 * tree: the caller turns an empty one away); else -1.
 */
function matchTexts(texts: readonly (readonly number[])[], url: string, end: number): number {
  let text = texts[0]
  if (!textAt(url, text, 0, end)) return -1
  let i = text.length
  for (let k = 1; k < texts.length; k++) {
    const j = segmentEnd(url, i, end)
    if (k === 1) firstSegmentEnd = j
    text = texts[k]
    if (!textAt(url, text, j, end)) return -1
    i = j + text.length
  }
  return i
}

/** The parameter values of the shape `matchTexts` just matched. */
function valuesOf(texts: readonly (readonly number[])[], url: string, end: number): string[] {
  const count = texts.length - 1
  if (count === 0) return NO_VALUES
  let i = texts[0].length
  // One parameter (the usual case): its segment's end is known already.
  if (count === 1) return [url.slice(i, firstSegmentEnd)]
  const values = new Array<string>(count)
  for (let k = 1; k <= count; k++) {
    const j = segmentEnd(url, i, end)
    values[k - 1] = url.slice(i, j)
    i = j + texts[k].length
  }
  return values
}
