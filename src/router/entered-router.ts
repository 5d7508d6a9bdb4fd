/**
 * Routers entered directly (Dispatch.enterMounted in src/router/dispatch.ts):
 * the records kept instead of a `Dispatch` for each router a request passes
 * through on its way down to a route, the walk down (`descend`), the
 * parameters the route gets, and the `Dispatch`es made from the records
 * when the route's handler calls `next` (docs/architecture.md, "Routers
 * entered directly").
 */
import {
  baseUrlInside, copyParent, NO_PARAMS, mergeParams, mergeTreeValues, mountsOwnRouter, prefixEndOf, prefixTextEnd, walkOf,
  type DispatchRequest, type DispatchResponse,
} from './dispatch'
import { Layer, type Next } from './layer'
import { emptyNullPrototype, nullPrototype } from '../util/null-prototype'
import { hasParamCallbacks } from './params'
import { EMPTY_PLAN, Mode, type PlanEntry, type TreeValues } from './plan'
import type { IndexCache, RouterObject } from './router-state'

const EMPTY_KEYS: readonly string[] = []

/** The `handleRequest` a mount layer has unless someone replaced it. */
const ownHandleRequest = Layer.prototype.handleRequest

/** What this module needs of the `Dispatch` a record becomes (made by `walkOf` in src/router/dispatch.ts). */
export interface RouterWalk {
  readonly next: Next
  step(err: unknown): void
  unwind(): void
}

/**
 * Whether a plan's first entry can be taken without the general step: a
 * layer the tree matched, with no param callback for its parameters, that
 * is a route handling the method through its one handler, or a `use` layer
 * mounting a webfw router (which `entersAsMount` then checks).
 */
function takesFirst(router: RouterObject, item: PlanEntry): boolean {
  const mode = item.mode
  if (mode === Mode.Verify) return false
  const layer = item.layer
  if (layer.route !== undefined ? item.handles !== true || item.direct === null : item.mountedRouter === null) return false
  const keys = mode === Mode.Always ? EMPTY_KEYS : layer.paramNames
  return keys.length === 0 || !hasParamCallbacks(router.params, keys)
}

/**
 * Whether entering a mount layer's router directly is what its layer would
 * do: the layer still mounts a webfw router running webfw's `handle`, with
 * the layer's own `handleRequest`, and takes no more than three arguments.
 */
export function entersAsMount(item: PlanEntry, layer: Layer): boolean {
  return mountsOwnRouter(item, layer) && layer.handleRequest === ownHandleRequest && layer.handleArity() <= 3
}

/**
 * Whether the general step merges a matched layer's parameters into an
 * object parent's by copying the parent's and setting the tree's values
 * (its `bare` case): a merging router, a layer with named parameters, and
 * no "0" that would make 4.x renumber captures.
 */
function mergesBare(router: RouterObject, layer: Layer): boolean {
  return Boolean(router.mergeParams) && (router.style.nullPrototypeParams || !(0 in NO_PARAMS)) && layer.namedParams
}

/**
 * `req.params` for a layer the tree matched (not Verify), as the general
 * step makes it (see the comments there): the layer's own parameters
 * (`values` under its names), or under mergeParams `saved`'s with them.
 */
function matchedParams(router: RouterObject, item: PlanEntry, values: readonly string[] | null, saved: Record<string, unknown> | undefined): Record<string, unknown> {
  const layer = item.layer
  const inherited = router.style.mergeCopiesInherited
  const nullParams = router.style.nullPrototypeParams
  const merge = Boolean(router.mergeParams)
  const bare = typeof saved === 'object' && saved !== null && mergesBare(router, layer)
  if (item.mode === Mode.Always) {
    if (bare) return mergeTreeValues(saved as Record<string, unknown>, EMPTY_KEYS, null, inherited)
    const own = !nullParams || (layer.slash && layer.route === undefined) || mountsOwnRouter(item, layer) ? {} : emptyNullPrototype()
    return merge ? mergeParams(own, saved, inherited) : own
  }
  const names = layer.paramNames
  if (bare) return mergeTreeValues(saved as Record<string, unknown>, names, values, inherited)
  const own: Record<string, unknown> = !nullParams || mountsOwnRouter(item, layer) ? {} : names.length === 0 ? emptyNullPrototype() : nullPrototype()
  for (let k = 0; k < names.length; k++) own[names[k]] = (values as readonly string[])[k]
  return merge ? mergeParams(own, saved, inherited) : own
}

/**
 * The routers a request enters directly from `top`, each through the first
 * layer of its plan while `takesFirst` and `entersAsMount` allow it: the
 * last one reached, whose `route` is the route to run, or null when that
 * router must take its first layer in the general step.
 */
export function descend(top: EnteredRouter, method: string, capitals: boolean): EnteredRouter {
  let entered = top
  for (;;) {
    const plan = entered.plan(method, capitals)
    const first = plan.length === 0 ? undefined : plan[0]
    if (first === undefined || !takesFirst(entered.router, first)) return entered
    const layer = first.layer
    if (layer.route !== undefined) {
      entered.route = first
      // 4.x: what the general step records (Dispatch: recordsMatchedPath), the route's whole path.
      if (entered.router.style.recordsMatchedPath) layer.path = entered.url.slice(0, entered.pathEnd)
      return entered
    }
    // The path the mount strips, as the general step finds it.
    const url = entered.url
    const pathEnd = entered.pathEnd
    const style = entered.router.style
    const prefix = first.prefixLength
    const path =
      first.mode !== Mode.Always
        ? url.slice(0, prefixEndOf(style, url, prefixTextEnd(prefix, entered.values as readonly string[]), pathEnd))
        : prefix === 0 ? '' : url.slice(0, prefixEndOf(style, url, prefix, pathEnd))
    const cut = path.length
    if (!entersAsMount(first, layer) || (cut !== 0 && url.charCodeAt(cut) !== 0x2f)) return entered
    entered.take(first, path)
    if (style.recordsMatchedPath) layer.path = path
    // The base URL inside: the router's own (`handle` made it a string) and the path it strips.
    const own = entered.baseUrl || ''
    entered = new EnteredRouter(
      first.mountedRouter as RouterObject, entered, cut === 0 ? url : url.slice(cut), pathEnd - cut,
      cut === 0 ? own : baseUrlInside(own, path), undefined, null, null,
    )
  }
}

/**
 * A router a request entered directly (Dispatch.enterMounted) and the
 * layers taken in it, kept instead of its Dispatch: the Dispatch is made
 * from it only when it must step, when the route's handler calls `next`
 * (`deferredNext`) or a router below it steps in general (`dispatch`).
 * `up` is the router it is mounted in, null for the first one, whose
 * mounting router's Dispatch gives `callback` and `savedNext`.
 */
export class EnteredRouter implements TreeValues {
  values: readonly string[] | null = null
  cache: IndexCache | null = null
  planMade: readonly PlanEntry[] = EMPTY_PLAN
  lastIndex = -1
  removed = ''
  /** The route `descend` reached in this router, if it reached one. */
  route: PlanEntry | null = null
  /** Whether the route's handler is running (its Dispatches then count one synchronous step). */
  calling = false
  /** The layer the general step would have taken here last (a mount, or the route). */
  private taken: PlanEntry | null = null
  private paramsMade = false
  private made: RouterWalk | null = null
  private deferred: Next | null = null

  constructor(
    readonly router: RouterObject,
    readonly up: EnteredRouter | null,
    readonly url: string,
    readonly pathEnd: number,
    readonly baseUrl: string | undefined,
    // Given for the top router; made by paramsAtEntry for the others.
    private savedParams: Record<string, unknown> | undefined,
    readonly savedNext: Next | undefined | null,
    readonly callback: Next | null,
  ) {}

  /** The router's plan for the URL it was entered with. */
  plan(method: string, capitals: boolean): readonly PlanEntry[] {
    const cache = this.router.getIndexCache()
    this.cache = cache
    const plan = cache.index.lookup(method, this.url, this.pathEnd, capitals, this)
    this.planMade = plan
    return plan
  }

  /** Records that the general step took `item` (a route, or a mount whose path `path` it strips). */
  take(item: PlanEntry, path: string): void {
    this.taken = item
    this.lastIndex = item.index
    this.removed = path
  }

  /**
   * `req.params` when the router was entered: the top's were given; an
   * inner router's are the ones its mount layer ran with in the router
   * above, made when first asked for (only a Dispatch needs them).
   */
  paramsAtEntry(): Record<string, unknown> | undefined {
    const up = this.up
    if (up === null || this.paramsMade) return this.savedParams
    this.savedParams = up.paramsInside(up.taken as PlanEntry)
    this.paramsMade = true
    return this.savedParams
  }

  /** `req.params` while the layer `item` runs (the router's own parameters, merged as configured). */
  paramsInside(item: PlanEntry): Record<string, unknown> {
    return matchedParams(this.router, item, this.values, this.paramsAtEntry())
  }

  /**
   * `req.params` for the route `item` that `descend` reached here. When
   * every router on the way merges its parent's parameters with named ones
   * of its own, the same way, that is the top's parameters copied once and
   * each router's values set in turn: the object that copying them router
   * by router ends with (same keys in the same order, same values), without
   * the objects between.
   */
  paramsOfRoute(item: PlanEntry): Record<string, unknown> {
    const inherited = this.router.style.mergeCopiesInherited
    let entered: EnteredRouter = this
    let layer = item.layer
    for (;;) {
      if (!mergesBare(entered.router, layer) || entered.router.style.mergeCopiesInherited !== inherited) return this.paramsInside(item)
      const up = entered.up
      if (up === null) break
      entered = up
      layer = (up.taken as PlanEntry).layer
    }
    // (The top's parameters are the object the mounting router's step made.)
    return this.mergedDown(item, inherited)
  }

  /** `paramsOfRoute`'s object: the top's parameters, then each router's values from the top down. */
  private mergedDown(item: PlanEntry, inherited: boolean): Record<string, unknown> {
    const up = this.up
    const merged = up === null ? copyParent(this.savedParams as Record<string, unknown>, inherited) : up.mergedDown(up.taken as PlanEntry, inherited)
    if (item.mode !== Mode.Always) {
      const names = item.layer.paramNames
      const values = this.values as readonly string[]
      for (let k = 0; k < names.length; k++) merged[names[k]] = values[k]
    }
    return merged
  }

  /** The `next` the route's handler gets: the Dispatch, made on first use, steps on. */
  deferredNext(req: DispatchRequest, res: DispatchResponse): Next {
    const next: Next = (err) => this.dispatch(req, res, false, this.calling ? 1 : 0).step(err)
    this.deferred = next
    return next
  }

  /**
   * This router's Dispatch, made with those of the routers above it when
   * first asked for. `atEntry`: made to start its general step (the last
   * router enterMounted reached), else resumed after the layers it took,
   * with `sync` synchronous steps counted.
   */
  dispatch(req: DispatchRequest, res: DispatchResponse, atEntry: boolean, sync: number): RouterWalk {
    let made = this.made
    if (made !== null) return made
    const up = this.up
    const callback = up === null ? (this.callback as Next) : up.dispatch(req, res, false, sync).next
    made = walkOf(this, req, res, callback, atEntry, atEntry ? null : this.deferred, sync)
    this.made = made
    return made
  }

  /** After the synchronous call: the Dispatches made count no step any more, as when their calls return. */
  settle(): void {
    for (let entered: EnteredRouter | null = this; entered !== null; entered = entered.up) {
      if (entered.made !== null) entered.made.unwind()
    }
  }
}
