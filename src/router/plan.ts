/**
 * Plans: for one request (method and path), the ordered list of stack layers
 * that may match, each tagged with how the dispatcher must confirm the match.
 *
 * Both matchers (radix and linear) produce plans; the dispatcher walks a plan
 * the same way whichever produced it. The linear plan lists every layer that
 * is relevant to the method and confirms each with the layer's own matcher,
 * which is exactly what Express does; it is the oracle for the radix one.
 */
import type { Layer } from './layer'
import { isRouteDispatch, mountedRouterOf } from './router-brand'

export const enum Mode {
  /** Matches without looking (use('/'), or a static pattern the tree proved). */
  Always = 0,
  /** The tree matched this layer's own shape: its params are the tree's. */
  Same = 1,
  /** Run the layer's exact matcher. */
  Verify = 2,
  /**
   * A `use` prefix with parameters whose own shape the tree matched: its
   * parameters are the tree's, and it ends where its last segment does
   * (Dispatch.prefixEnd).
   */
  SamePrefix = 3,
}

export interface PlanEntry {
  /** Position in the router's stack (plans are sorted by it). */
  readonly index: number
  readonly layer: Layer
  readonly mode: Mode
  /**
   * Always mode on a `use` prefix: length of the matched static prefix.
   * SamePrefix mode: the number of characters of the prefix's pattern
   * outside its parameters (`prefixTextEnd` in dispatch.ts).
   */
  readonly prefixLength: number
  /** Route layers in a per-method plan: whether the route handles the method. */
  readonly handles: boolean | null
  /** The route's only handler for the plan's method, when it has exactly one. */
  readonly direct: Layer | null
  /** `layer.handle` and `route.stack.length` when `direct` was computed. */
  readonly routeHandle: unknown
  readonly routeStackLength: number
  /**
   * A pathless `use` layer (Always, no prefix, no route): matching it takes
   * nothing from the request and it gets a fresh `{}` as `req.params`, so
   * the dispatcher may step to it without its general loop (Dispatch.passThrough).
   */
  readonly passThrough: boolean
  /**
   * A `use` layer whose handle is a webfw router running webfw's own
   * `handle`, and that method, as they were when the plan was made (else
   * null). Such a router sets `req.params` before any of its layers runs and
   * puts the prefix's object back only on its way out, where this router
   * replaces it again: no code of the app sees the prefix's parameters
   * there, except this router's param callbacks (Dispatch.stepGeneral).
   */
  readonly mountedRouter: { handle: unknown } | null
  readonly mountedHandle: unknown
}

/** The interface both matchers implement. */
export interface LayerIndex {
  /**
   * The plan for a request. `url` is the request URL; `pathEnd` is where its
   * pathname ends when `fastPathnameEnd` accepted it, else -1 (then only the
   * linear plan is valid); `capitals`, whether the pathname holds ASCII
   * capitals (see `scanPathname`). The call puts in `out.values` the tree's
   * parameters for Same entries, by position (or null). (An object of the
   * caller's, made per request: V8 records no old-to-new pointer when the
   * new array goes there, as it would into the long-lived index.)
   */
  lookup(method: string, url: string, pathEnd: number, capitals: boolean, out: TreeValues): readonly PlanEntry[]
}

/** Where a lookup leaves the parameter values of the shape the tree matched. */
export interface TreeValues {
  values: readonly string[] | null
}

/** Whether a layer can take part in a request with this method. */
export function isRelevant(layer: Layer, method: string): boolean {
  const route = layer.route
  if (route === undefined) return true
  if (method === 'HEAD' || method === 'OPTIONS') return true
  return route._handlesMethod(method)
}

/**
 * An empty plan, its array already of V8's object elements kind, as every
 * plan holding entries is: an empty `[]` stays of the small-integer kind
 * until an entry is pushed, and where plans of both kinds have been seen,
 * each read of one (the dispatcher's `plan[cursor]` on every step) tests
 * for both (issue 31, `middlewares`).
 */
export function emptyPlan(): PlanEntry[] {
  const plan: PlanEntry[] = [null as unknown as PlanEntry]
  plan.pop()
  return plan
}

/** The plan a dispatcher or an entered router holds before it has planned (never written to). */
export const EMPTY_PLAN: readonly PlanEntry[] = emptyPlan()

/** A plan entry; `method` (upper case) when the plan is for one method. */
export function entry(index: number, layer: Layer, mode: Mode, prefixLength = 0, method: string | null = null): PlanEntry {
  const route = layer.route
  if (route === undefined || method === null) {
    const passThrough = route === undefined && mode === Mode.Always && prefixLength === 0
    const mounted = route === undefined ? mountedRouterOf(layer.handle) : null
    return {
      index, layer, mode, prefixLength, handles: null, direct: null, routeHandle: null, routeStackLength: 0, passThrough,
      mountedRouter: mounted === null ? null : mounted.router,
      mountedHandle: mounted === null ? null : mounted.handle,
    }
  }
  let name = method.toLowerCase()
  if (name === 'head' && !route.methods.head) name = 'get'
  const applicable = route.stack.filter((l) => l.method === undefined || l.method === name)
  return {
    index,
    layer,
    mode,
    prefixLength,
    handles: route._handlesMethod(method),
    // Only past the layer's own handle: a replaced one (instrumentation) must run.
    direct: applicable.length === 1 && isRouteDispatch(layer.handle) ? applicable[0] : null,
    routeHandle: layer.handle,
    routeStackLength: route.stack.length,
    passThrough: false,
    mountedRouter: null,
    mountedHandle: null,
  }
}

/**
 * Express's own algorithm: every layer, confirmed one by one. Layers are not
 * filtered by method here: Express matches the path of a route before it looks
 * at the method, so a route of another method can still fail to decode a
 * parameter and turn the request into a 400 error.
 */
export class LinearIndex implements LayerIndex {
  private plan: PlanEntry[] | null = null

  constructor(private readonly stack: readonly Layer[]) {}

  lookup(_method: string, _url: string, _pathEnd: number, _capitals: boolean, out: TreeValues): readonly PlanEntry[] {
    let plan = this.plan
    if (plan === null) {
      plan = this.stack.map((layer, i) => entry(i, layer, layer.slash ? Mode.Always : Mode.Verify))
      this.plan = plan
    }
    out.values = null
    return plan
  }
}
