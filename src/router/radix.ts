/**
 * The radix matcher: one find-my-way tree per HTTP method, built on the first
 * request with that method, whose stored values are lazily built plans.
 *
 * The tree returns the first shape (in its depth-first order) that matches the
 * path. For that shape the plan lists, in stack order:
 *  - layers with that very shape (Same, or Always when they have no params),
 *  - layers whose shapes come later in the tree's order and could also match
 *    (Always when they provably contain the shape, else Verify),
 *  - layers the tree cannot express (RegExp, arrays, wildcards...): Verify.
 * Layers whose shapes all come earlier, or cannot overlap, are left out: had
 * one of them matched, the tree would have returned it instead.
 * A path the linear matcher must see (see `fastPathnameEnd`), an empty
 * parameter, or a method find-my-way does not know, falls back to the linear
 * plan, which is Express's own algorithm.
 */
import FindMyWay from 'find-my-way'
import type { Layer } from './layer'

const SLASH = 0x2f
import { emptyPlan, entry, isRelevant, LinearIndex, Mode, type LayerIndex, type PlanEntry, type TreeValues } from './plan'
import { compareShapes, containsShape, Relation, shapeKey, shapeToRoute, WILD, type Shape } from './shape'
import { SHAPE_LIST_LIMIT, ShapeList } from './shape-list'

// find-my-way validates methods against its own list (a snapshot of Node's).
const TREE_METHODS: ReadonlySet<string> = new Set<string>(loadTreeMethods())

function loadTreeMethods(): string[] {
  try {
    return require('find-my-way/lib/http-methods') as string[]
  } catch {
    return ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']
  }
}

interface ShapeEntry {
  readonly shape: Shape
  readonly paramKeys: string[]
  plan: PlanEntry[] | null
}

type Tree = FindMyWay.Instance<FindMyWay.HTTPVersion.V1>

interface MethodTree {
  /**
   * The parametric shapes, matched case-sensitively. In a case-insensitive
   * router every shape in the tree is lower case already (see `atomsOf`), so
   * for a path without capitals this tree answers exactly as a folding one
   * would, without find-my-way lower-casing the path again on each lookup
   * (~30 ns on a 36-character path, Node 20).
   */
  readonly router: Tree | null
  /**
   * Instead of `router`, in a router of at most SHAPE_LIST_LIMIT parametric
   * shapes: the same answers without a tree (src/router/shape-list.ts).
   */
  readonly list: ShapeList<ShapeEntry> | null
  /**
   * Case-insensitive routers only: the same shapes in a tree that folds case,
   * for paths with capitals (built on the first such path). Its parameters
   * keep the path's own case, as Express's do.
   */
  folding: Tree | null
  /** What was put in the trees, to build `folding` from. */
  readonly routes: { route: string; store: ShapeEntry }[]
  /**
   * Shapes without parameters by their text. For a path equal to one of them
   * the tree would return that shape (a static atom comes first in its search
   * order), so a hash lookup gives the same answer without walking the tree:
   * 12 ns instead of 30-100 ns.
   */
  readonly statics: Map<string, ShapeEntry>
  /**
   * `staticLengths[n]`: whether `statics` holds a text of n characters. A
   * path of another length is not hashed (nor cut from the URL) to miss:
   * in a mounted router (`use('/posts', router)`) every request under the
   * prefix would otherwise pay for the prefix's own static shape.
   */
  readonly staticLengths: readonly boolean[]
  readonly miss: PlanEntry[]
}

const NO_QUERY = Object.freeze({})
function noop(): void {}
function noQuery(): Record<string, never> {
  return NO_QUERY as Record<string, never>
}

const NO_VALUES: readonly string[] = []

export class RadixIndex implements LayerIndex {
  private readonly trees = new Map<string, MethodTree | null>()
  // The last method's tree: most traffic repeats one method.
  private lastMethod: string | null = null
  private lastTree: MethodTree | null = null
  private readonly linear: LinearIndex

  constructor(
    private readonly stack: readonly Layer[],
    private readonly caseSensitive: boolean,
    /** The router's `strict` option: whether "/a" and "/a/" differ for routes. */
    private readonly strict: boolean,
  ) {
    this.linear = new LinearIndex(stack)
  }

  lookup(method: string, url: string, pathEnd: number, capitals: boolean, out: TreeValues): readonly PlanEntry[] {
    if (pathEnd < 0) return this.linearPlan(method, out)
    let tree: MethodTree | null | undefined
    if (method === this.lastMethod) {
      tree = this.lastTree
    } else {
      tree = this.trees.get(method)
      if (tree === undefined) tree = this.build(method)
      this.lastMethod = method
      this.lastTree = tree
    }
    if (tree === null) return this.linearPlan(method, out)
    const statics = tree.statics
    // Looking a path up in `statics` hashes it (a new string each request):
    // it is not asked when it holds no text of the path's length.
    let staticEntry = tree.staticLengths[pathEnd] !== true ? undefined : statics.get(pathEnd === url.length ? url : url.slice(0, pathEnd))
    let folding: Tree | null = null
    // The keys of `statics` are lower case in a case-insensitive router: a
    // path equal to one needs no folding, so fold only after a miss, and only
    // a path with capitals (the dispatcher's scan of the URL noted them:
    // cheaper than lower-casing the path to compare).
    if (staticEntry === undefined && capitals && !this.caseSensitive) {
      if (tree.staticLengths[pathEnd] === true) staticEntry = statics.get(url.slice(0, pathEnd).toLowerCase())
      folding = tree.folding ?? (tree.folding = this.buildFolding(tree, method))
    }
    if (staticEntry !== undefined) {
      out.values = null
      return staticEntry.plan ?? (staticEntry.plan = this.planFor(method, staticEntry.shape))
    }
    const list = tree.list
    if (list !== null && folding === null) {
      const store = list.find(url, pathEnd, !this.strict, out)
      if (store === null) {
        out.values = null
        return tree.miss
      }
      // (`find` left the values in `out` already.)
      const listed = out.values as readonly string[]
      for (let i = 0; i < listed.length; i++) {
        // As below: the tree takes an empty segment as a parameter, Express does not.
        if (listed[i].length === 0) return this.linearPlan(method, out)
      }
      return store.plan ?? (store.plan = this.planFor(method, store.shape))
    }
    const found = (folding ?? (tree.router as Tree)).find(method as FindMyWay.HTTPMethod, url)
    if (found === null) {
      out.values = null
      return tree.miss
    }
    const shapeEntry = found.store as ShapeEntry
    const params = found.params as Record<string, string>
    const keys = shapeEntry.paramKeys
    const collected = keys.length === 0 ? NO_VALUES : new Array<string>(keys.length)
    for (let i = 0; i < keys.length; i++) {
      // The tree names the values p0, p1, ... (see build): the first three
      // are read by constant names, where a read by the name in `keys` was a
      // megamorphic keyed load in a router whose routes have one, two and
      // three parameters (issue 31, `routes`).
      const value = i === 0 ? params.p0 : i === 1 ? params.p1 : i === 2 ? params.p2 : params[keys[i]]
      // find-my-way accepts an empty segment as a parameter; Express does not.
      if (value === '') return this.linearPlan(method, out)
      ;(collected as string[])[i] = value
    }
    out.values = collected
    return shapeEntry.plan ?? (shapeEntry.plan = this.planFor(method, shapeEntry.shape))
  }

  private linearPlan(method: string, out: TreeValues): readonly PlanEntry[] {
    return this.linear.lookup(method, '', -1, false, out)
  }

  /**
   * The plan entry of a layer the tree does not hold, which every plan of the
   * method lists: use('/') always matches; the others are verified. Null for
   * layers in the tree.
   */
  private outsideTree(index: number, layer: Layer, method: string): PlanEntry | null {
    if (layer.slash) return entry(index, layer, Mode.Always, 0, method)
    const options = layer.options
    // A route compiled under other strict/case rules than the tree's (the
    // router's options changed after it was added) cannot share the tree.
    const mismatch = options.sensitive !== this.caseSensitive || (options.end && options.strict !== this.strict)
    if (layer.shapes === null || mismatch) return entry(index, layer, Mode.Verify, 0, method)
    return null
  }

  private build(method: string): MethodTree | null {
    if (!TREE_METHODS.has(method)) {
      this.trees.set(method, null)
      return null
    }
    // Shapes without parameters are answered by the `statics` map alone: had
    // one matched, the map would have found it, so the tree only ever needs
    // to choose among the parametric shapes (and removing shapes does not
    // change the order of the others). Compiling 1,000 GitHub-shaped routes
    // drops from 32 ms to ~12 ms (Node 20), lookups walk a smaller tree.
    // Outside strict mode every layer matches "/a" exactly when it matches
    // "/a/" (routes have both shapes, prefixes their "/*" form), so the tree
    // may drop one trailing slash from the path and hold each route once.
    const routes: { route: string; store: ShapeEntry }[] = []
    const seen = new Set<string>()
    const statics = new Map<string, ShapeEntry>()
    const miss: PlanEntry[] = emptyPlan()
    for (let i = 0; i < this.stack.length; i++) {
      const layer = this.stack[i]
      if (!isRelevant(layer, method)) continue
      const outside = this.outsideTree(i, layer, method)
      if (outside !== null) {
        miss.push(outside)
        continue
      }
      for (const shape of layer.shapes as Shape[]) {
        const key = shapeKey(shape)
        if (seen.has(key)) continue
        seen.add(key)
        const paramKeys: string[] = []
        for (const atom of shape) if (atom === -1) paramKeys.push('p' + paramKeys.length)
        const store: ShapeEntry = { shape, paramKeys, plan: null }
        if (paramKeys.length === 0 && !shape.includes(WILD)) {
          statics.set(String.fromCharCode(...shape), store)
        } else if (this.strict || shape[shape.length - 1] !== SLASH) {
          routes.push({ route: shapeToRoute(shape), store })
        }
      }
    }
    if (!this.strict) {
      // The tree drops one trailing slash from paths; the map must too.
      for (const [text, store] of [...statics]) {
        if (text.charCodeAt(text.length - 1) !== SLASH && !statics.has(text + '/')) statics.set(text + '/', store)
      }
    }
    let router: Tree | null = null
    let list: ShapeList<ShapeEntry> | null = null
    if (routes.length <= SHAPE_LIST_LIMIT) {
      list = new ShapeList(routes.map(({ store }) => ({ shape: store.shape, store })))
    } else {
      router = this.newTree(true)
      for (const { route, store } of routes) router.on(method as FindMyWay.HTTPMethod, route, noop, store)
    }
    const staticLengths: boolean[] = []
    for (const text of statics.keys()) staticLengths[text.length] = true
    // No holes: reading one looks up the prototype chain.
    for (let n = 0; n < staticLengths.length; n++) staticLengths[n] = staticLengths[n] === true
    const tree: MethodTree = { router, list, folding: null, routes, statics, staticLengths, miss }
    this.trees.set(method, tree)
    return tree
  }

  private newTree(caseSensitive: boolean): Tree {
    const config = {
      caseSensitive,
      ignoreTrailingSlash: !this.strict,
      ignoreDuplicateSlashes: false,
      maxParamLength: Number.MAX_SAFE_INTEGER,
      // The query string is parsed lazily by req.query, never by the lookup.
      querystringParser: noQuery,
    }
    return FindMyWay(config as FindMyWay.Config<FindMyWay.HTTPVersion.V1>)
  }

  private buildFolding(tree: MethodTree, method: string): Tree {
    const folding = this.newTree(false)
    for (const { route, store } of tree.routes) folding.on(method as FindMyWay.HTTPMethod, route, noop, store)
    return folding
  }

  private planFor(method: string, shape: Shape): PlanEntry[] {
    const plan: PlanEntry[] = emptyPlan()
    const key = shapeKey(shape)
    for (let i = 0; i < this.stack.length; i++) {
      const layer = this.stack[i]
      if (!isRelevant(layer, method)) continue
      const outside = this.outsideTree(i, layer, method)
      if (outside !== null) {
        plan.push(outside)
        continue
      }
      const shapes = layer.shapes as Shape[]
      const hasParams = layer.paramNames.length !== 0
      if (shapes.some((s) => shapeKey(s) === key)) {
        if (!hasParams) plan.push(entry(i, layer, Mode.Always, layer.prefixLength, method))
        // A whole-path layer (a route, or a 3.x route-map entry) takes the
        // tree's parameters, and so does a `use` prefix, whose matched part
        // the dispatcher finds from its pattern's text and the tree's values.
        else if (layer.options.end) plan.push(entry(i, layer, Mode.Same, 0, method))
        else plan.push(entry(i, layer, Mode.SamePrefix, shapes[0].filter((atom) => atom >= 0).length, method))
        continue
      }
      let later = false
      let contains = false
      for (const s of shapes) {
        const rel = compareShapes(s, shape)
        if (rel === Relation.After) {
          later = true
          if (containsShape(s, shape)) contains = true
        }
      }
      if (!later) continue
      plan.push(entry(i, layer, contains && !hasParams ? Mode.Always : Mode.Verify, layer.prefixLength, method))
    }
    return plan
  }
}
