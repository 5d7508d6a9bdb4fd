/**
 * The compiled state of a router: which matcher serves it and when to rebuild.
 *
 * The index is built on the first request and rebuilt, on the next request,
 * after anything changes the stack: `use`, `route`, a method added to one of
 * its routes, or the `stack` array itself replaced, grown or shrunk.
 */
import type { Layer, Next } from './layer'
import type { ParamCallback } from './params'
import type { PathSyntax } from './path-syntax'
import { LinearIndex, type LayerIndex } from './plan'
import { RadixIndex } from './radix'
import type { Route } from './route'

// Module-local constants, exported under their names below: TypeScript's
// CommonJS output reads an exported constant used in its own module through
// `exports` on every use, which optimised code cannot fold into the property
// access (currentCache runs on every router entry of every request).
const cacheKey = Symbol('webfw.router.index')
const matcherKey = Symbol('webfw.router.matcher')
export const kCache: typeof cacheKey = cacheKey
export const kMatcher: typeof matcherKey = matcherKey

export type MatcherKind = 'radix' | 'linear'

/**
 * A router's compiled index and the stack it was built from. `valid` turns
 * false when the router invalidates it (`use`, `route`, a route's new
 * method), so a request holding it can tell, by two loads on this object,
 * that its plan is stale (see `indexStillValid`).
 */
export interface IndexCache {
  readonly index: LayerIndex
  readonly stack: Layer[]
  readonly length: number
  valid: boolean
}

/** What differs between the 5.x and 4.x router (data of the version profile). */
export interface RouterStyle {
  /** A rejected promise from a handler or param trigger becomes `next(err)`. */
  readonly catchRejections: boolean
  /** `req.params` objects of string patterns have no prototype (5.x). */
  readonly nullPrototypeParams: boolean
  /**
   * mergeParams copies the parent's parameters with a for-in loop, own and
   * inherited enumerable string keys (4.x), rather than `Object.assign`,
   * own enumerable keys and symbols (5.x).
   */
  readonly mergeCopiesInherited: boolean
  /** A `use` prefix may also be followed by "." in the path (4.x). */
  readonly prefixMayPrecedeDot: boolean
  /**
   * A `use` prefix also takes the slash after it when another slash or the
   * end of the path follows (4.x: `\/?` before the lookahead in its regexp).
   */
  readonly prefixTakesSlash: boolean
  /** On leaving a mount, the slash added to an empty URL is always removed (4.x). */
  readonly alwaysRemoveAddedSlash: boolean
  /** OPTIONS answer: sorted "A, B" as text/plain (5.x) or "A,B" in route order via res.send (4.x). */
  readonly optionsResponse: 'sorted' | 'send'
  /** Errors of `router.use()` without a function, or with a non-function. */
  useError(value: unknown, none: boolean): Error
  /** `router.param(fn)` and `router.param(':name', fn)`, deprecated (4.x). */
  readonly legacyParamForms: boolean
  /** `router.handle(req, res)` without a callback throws (5.x). */
  readonly requireCallback: boolean
  /** `layer.name` of a route's layer in the stack: "handle" (5.x) or "bound dispatch" (4.x). */
  readonly routeLayerName: string
  /**
   * The Router function is itself the prototype of the routers it makes,
   * with the router methods as its own properties (4.x: Express 4's
   * `express.Router` is `express/lib/router`, and what is added to it, as
   * express-ws adds `ws`, every router has). Otherwise the methods are on
   * `Router.prototype` (5.x, the router package's shape).
   */
  readonly factoryIsPrototype: boolean
  /** `router.listRoutes()`, the registered paths with their methods or mounted routers (5.x, Express 5.3). */
  readonly listRoutes: boolean
  /** Handler calls published on `express.router.request` while it is listened to (5.x, as Express 5.3's router). */
  readonly publishesRouterRequests: boolean
  /**
   * A matched layer keeps the matched part of the path as `layer.path`
   * (4.x: Express 4's Layer#match stores it, and the OpenTelemetry Express
   * instrumentation names request-handler spans by whether it is set).
   */
  readonly recordsMatchedPath: boolean
}

/** What a router needs from its version profile. */
export interface RouterProfile {
  readonly syntax: PathSyntax
  readonly Route: typeof Route
  readonly style: RouterStyle
}

export interface RouterObject {
  (req: unknown, res: unknown, next: Next): void
  stack: Layer[]
  params: Record<string, ParamCallback[]>
  caseSensitive: boolean | undefined
  mergeParams: boolean | undefined
  strict: boolean | undefined
  readonly style: RouterStyle
  /** 4.x: functions that rewrite `param(name, fn)` calls (deprecated form). */
  _params?: ((name: string, fn: unknown) => unknown)[]
  /** The index cache for the current stack, built if there is none. */
  getIndexCache(): IndexCache
  handle(req: unknown, res: unknown, callback: Next): void
  [cacheKey]: IndexCache | null
  [matcherKey]: MatcherKind | undefined
}

/** Default matcher; `WEBFW_MATCHER=linear` runs everything on the oracle. */
let defaultMatcher: MatcherKind = process.env.WEBFW_MATCHER === 'linear' ? 'linear' : 'radix'

/** Sets the matcher of routers compiled from now on (tests of the oracle). */
export function setDefaultMatcher(kind: MatcherKind): void {
  defaultMatcher = kind
}

/** The matcher a router's index is built with (its own choice, else the default). */
export function matcherOf(router: { [matcherKey]?: MatcherKind }): MatcherKind {
  return router[matcherKey] ?? defaultMatcher
}

/** The router's index cache, if it still stands for the router's current stack. */
export function currentCache(router: RouterObject): IndexCache | null {
  const cache = router[cacheKey]
  if (cache === null || cache === undefined) return null
  return cache.stack === router.stack && cache.length === router.stack.length ? cache : null
}

export function buildIndex(router: RouterObject): IndexCache {
  const stack = router.stack
  // 4.x: a pathless `use` layer matches nothing of any path, so the path it
  // records on each match (Dispatch: recordsMatchedPath) is always '': set
  // here once, as the router is first entered, instead of on every request.
  if (router.style.recordsMatchedPath) {
    for (const layer of stack) if (layer.slash && layer.route === undefined) layer.path = ''
  }
  const kind = matcherOf(router)
  const index = kind === 'linear' ? new LinearIndex(stack) : new RadixIndex(stack, Boolean(router.caseSensitive), Boolean(router.strict))
  const cache: IndexCache = { index, stack, length: stack.length, valid: true }
  router[cacheKey] = cache
  return cache
}

export function invalidate(router: RouterObject): void {
  const cache = router[cacheKey]
  if (cache !== null && cache !== undefined) cache.valid = false
  router[cacheKey] = null
}

/**
 * Whether a plan made from `cache` still holds while a request is inside
 * the router: the router has not invalidated it and its stack array has not
 * grown or shrunk. A stack array replaced on the router mid-request is not
 * seen, as in Express, whose `next` keeps walking the array it started
 * with. This is read on every step of every request; reading the router's
 * own cache instead (a symbol-keyed property of a function object) cost
 * about 58 instructions a step (docs/perf.md, "Steps that check less").
 */
export function indexStillValid(cache: IndexCache): boolean {
  return cache.valid === true && cache.length === cache.stack.length
}

/** Chooses the matcher of one router (tests run shared cases on both). */
export function useMatcher(router: RouterObject, kind: MatcherKind): void {
  router[matcherKey] = kind
  invalidate(router)
}
