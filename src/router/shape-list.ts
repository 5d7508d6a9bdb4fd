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

function listed<T>(shape: Shape, store: T): ListedShape<T> {
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
  return { texts, wild, store }
}

export class ShapeList<T> {
  private readonly shapes: readonly ListedShape<T>[]

  constructor(entries: readonly { shape: Shape; store: T }[]) {
    this.shapes = [...entries].sort((a, b) => treeOrder(a.shape, b.shape)).map((e) => listed(e.shape, e.store))
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
      const values = matchShape(shape.texts, shape.wild, url, end)
      if (values !== null) {
        out.values = values
        return shape.store
      }
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

/** Where the segment that starts at `from` ends: the next "/" before `end`, or `end`. */
function segmentEnd(url: string, from: number, end: number): number {
  const slash = url.indexOf('/', from)
  return slash === -1 || slash > end ? end : slash
}

/**
 * The parameter values when `url[0, end)` matches the shape, else null. A
 * parameter is the rest of its segment, possibly empty (as in the tree: the
 * caller turns an empty one away).
 */
function matchShape(texts: readonly (readonly number[])[], wild: boolean, url: string, end: number): string[] | null {
  let text = texts[0]
  if (!textAt(url, text, 0, end)) return null
  let i = text.length
  const count = texts.length - 1
  if (count === 0) return (wild ? i <= end : i === end) ? NO_VALUES : null
  if (count === 1) {
    // One parameter (the usual case): no second pass.
    const j = segmentEnd(url, i, end)
    text = texts[1]
    if (!textAt(url, text, j, end)) return null
    const after = j + text.length
    if (wild ? after > end : after !== end) return null
    return [url.slice(i, j)]
  }
  // Check the whole shape first, then cut the values out, so that a shape
  // that fails makes no strings.
  let k = 1
  for (; k <= count; k++) {
    const j = segmentEnd(url, i, end)
    text = texts[k]
    if (!textAt(url, text, j, end)) return null
    i = j + text.length
  }
  if (wild ? i > end : i !== end) return null
  const values = new Array<string>(count)
  i = texts[0].length
  for (k = 1; k <= count; k++) {
    const j = segmentEnd(url, i, end)
    values[k - 1] = url.slice(i, j)
    i = j + texts[k].length
  }
  return values
}
