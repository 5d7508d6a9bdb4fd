/**
 * The 3.x router: Express 3's route map (`app._router`, listed as
 * `app.routes`). Routes are kept per HTTP method, in definition order
 * (`map.get`, `map.post` ...), and the whole map runs as one middleware
 * (`router.middleware`, which `app.router` returns) wherever the app's stack
 * places it. A request walks the routes of its method: each matching route
 * runs its parameter callbacks, then its callbacks; `next()` and
 * `next('route')` go on to the next matching route, and an error goes on
 * through the error callbacks (four arguments) of the next matching routes
 * before it leaves the map. HEAD looks for a `head` route, then for a `get`
 * route, from the same position; OPTIONS with no route answers with the
 * methods whose routes match the path.
 *
 * Matching is compiled as for the other routers (see docs/architecture.md):
 * each method's list becomes a layer stack whose radix index (or, for paths
 * the tree must not see, the linear one) yields the routes that may match,
 * in order, so only those are looked at. The index is rebuilt when a
 * method's list is replaced or changes length (`app.routes.get.splice(1)`).
 */
import parseUrl from 'parseurl'
import type { IncomingMessage } from 'node:http'
import { layerStart } from '../diagnostics/channels'
import { RouterTrace } from '../diagnostics/trace-layer'
import { Layer, type Next } from './layer'
import { lowerMethod, methods } from './methods'
import { addParamCallback, callbacksOf, type ParamCallback } from './params'
import { path3, routeRegExp, type Key3 } from './path3'
import { LinearIndex, Mode, type LayerIndex, type PlanEntry, type TreeValues } from './plan'
import { RadixIndex } from './radix'
import { kCache, kMatcher, matcherOf, type MatcherKind } from './router-state'
import { scanPathname, scannedCapitals, scannedEnd } from './shape'

const kLayer = Symbol('webfw.route3.layer')

type Params = unknown[] & Record<string, unknown>
type AnyFn = (...args: unknown[]) => unknown

const toTag = (value: unknown): string => Object.prototype.toString.call(value)

function noRoute(): void {
  throw new Error('a 3.x route is run by its router')
}

/**
 * One route of one method, as Express 3 exposes it: `path`, `method`,
 * `callbacks`, `keys`, `regexp`, and `params` of its last match.
 *
 * @example
 * const route = new webfw.Route('get', '/user/:id', [show])
 * route.match('/user/12') // true; route.params.id === '12'
 */
export class Route {
  path: unknown
  method: string
  callbacks: AnyFn[]
  keys: Key3[]
  regexp: RegExp
  params: Params = [] as unknown as Params
  declare [kLayer]: Layer

  constructor(method: string, path: unknown, callbacks: AnyFn[], options?: { sensitive?: boolean; strict?: boolean }) {
    const opts = options || {}
    this.path = path
    this.method = method
    this.callbacks = callbacks
    const layer = new Layer(
      path,
      { end: true, strict: Boolean(opts.strict), sensitive: Boolean(opts.sensitive), catchRejections: false },
      noRoute,
      path3,
    )
    // The name 4.x gives route layers: tracers name the route's span after it
    // (`request handler - /users/:id`; src/diagnostics/trace-layer.ts).
    layer.name = 'bound dispatch'
    Object.defineProperty(this, kLayer, { value: layer })
    const exposed = layer as unknown as { regexp?: RegExp; keys?: Key3[] }
    this.keys = exposed.keys ?? []
    this.regexp = exposed.regexp ?? routeRegExp(path, [], opts)
  }

  /** Whether the route matches `path`; its parameters are then in `route.params`. */
  match(path: string): boolean {
    const found = this[kLayer].match(path)
    if (!found) return false
    this.params = found.params as Params
    return true
  }
}

/** One method's list, compiled; kept on the list itself (under kIndex). */
interface MethodIndex {
  readonly length: number
  readonly sensitive: boolean
  readonly strict: boolean
  /** The router's cache token when it was built: `useMatcher`/`invalidate` replace it. */
  readonly token: object
  readonly index: LayerIndex
}

/** Where a search puts the route it found (the dispatch state, or a scratch object). */
interface FoundSlot {
  route: Route | null
  position: number
}

export interface RouteMapOptions {
  caseSensitive?: boolean
  strict?: boolean
}

export interface RouteMap {
  map: Record<string, Route[]>
  params: Record<string, ParamCallback[]>
  _params: ((name: string, fn: unknown) => unknown)[]
  caseSensitive: boolean | undefined
  strict: boolean | undefined
  middleware: (req: IncomingMessage, res: unknown, next: Next) => void
  /** A token replaced whenever every list must be compiled again (null after `invalidate`). */
  [kCache]: object | null
  [kMatcher]: MatcherKind | undefined
}

const kIndex = Symbol('webfw.route3.index')

type CompiledList = Route[] & { [kIndex]?: MethodIndex }

/** The find-my-way tree key of every list: each list holds one method, and GET is one the tree knows. */
const TREE_METHOD = 'GET'

/**
 * The index of one method's list: kept on the list, rebuilt when the list
 * changed length, the router's case or strict option changed, or the
 * router's matcher was switched.
 */
function indexOf(router: RouteMap, routes: CompiledList): LayerIndex {
  const sensitive = Boolean(router.caseSensitive)
  const strict = Boolean(router.strict)
  let token = router[kCache]
  const compiled = routes[kIndex]
  if (compiled !== undefined && compiled.token === token && compiled.length === routes.length && compiled.sensitive === sensitive && compiled.strict === strict) {
    return compiled.index
  }
  if (token === null || token === undefined) router[kCache] = token = {}
  const layers = routes.map((route) => route[kLayer])
  const index = matcherOf(router) === 'linear' ? new LinearIndex(layers) : new RadixIndex(layers, sensitive, strict)
  Object.defineProperty(routes, kIndex, { configurable: true, writable: true, value: { length: routes.length, sensitive, strict, token, index } })
  return index
}

/** Express 3's params of a route the tree matched with its own shape. */
function treeParams(layer: Layer, values: readonly string[] | null): Params {
  const params = [] as unknown as Params
  const names = layer.paramNames
  for (let k = 0; k < names.length; k++) params[names[k]] = (values as readonly string[])[k]
  return params
}

interface MatchRequest {
  method: string
  url: string
}

/**
 * The first route of `method`'s list at `start` or later that matches the
 * request's path, put in `slot` (its params in `route.params`); false when
 * none does. Throws the 400 error of a parameter that cannot be decoded.
 */
function findIn(router: RouteMap, method: string, req: MatchRequest, start: number, slot: FoundSlot): boolean {
  const routes = router.map[method] as CompiledList | undefined
  if (!Array.isArray(routes) || start >= routes.length) return false
  const index = indexOf(router, routes)
  const url = req.url
  const scan = scanPathname(url)
  const pathEnd = scannedEnd(scan)
  const found: TreeValues = { values: null }
  const plan: readonly PlanEntry[] = index.lookup(TREE_METHOD, url, pathEnd, scannedCapitals(scan), found)
  const values = found.values
  let path: string | undefined
  for (let i = 0; i < plan.length; i++) {
    const item = plan[i]
    if (item.index < start) continue
    const route = routes[item.index]
    let params: Params
    if (item.mode === Mode.Always) {
      params = [] as unknown as Params
    } else if (item.mode === Mode.Same) {
      params = treeParams(item.layer, values)
    } else {
      if (path === undefined) path = pathEnd >= 0 ? url.slice(0, pathEnd) : (parseUrl(req as IncomingMessage)?.pathname ?? undefined)
      if (path === undefined) return false
      const found = item.layer.match(path)
      if (!found) continue
      params = found.params as Params
    }
    route.params = params
    slot.route = route
    slot.position = item.index
    return true
  }
  return false
}

/** The route for the request from position `start`: a HEAD request takes a `head` route, else a `get` one. */
function find(router: RouteMap, req: MatchRequest, start: number, slot: FoundSlot, head = false): boolean {
  let method = lowerMethod(req.method) as string
  if (!head && method === 'head') {
    if (findIn(router, 'head', req, start, slot)) return true
    method = 'get'
  }
  return findIn(router, method, req, start, slot)
}

/** The methods (upper case, sorted) with a route matching `path`, for the implied OPTIONS answer. */
function optionsFor(router: RouteMap, path: string): string[] {
  const allowed: string[] = []
  for (const method of methods) {
    if (method === 'options') continue
    let routes = router.map[method]
    if (!routes && method === 'head') routes = router.map.get
    if (!routes) continue
    if (routes.some((route) => route.match(path))) allowed.push(method.toUpperCase())
  }
  return allowed.sort()
}

function answerOptions(router: RouteMap, req: IncomingMessage, res: unknown, next: Next): void {
  const path = parseUrl(req)?.pathname ?? '/'
  const body = optionsFor(router, path).join(',')
  if (!body) {
    next()
    return
  }
  ;(res as { set(f: string, v: string): { send(b: string): unknown } }).set('Allow', body).send(body)
}

interface DispatchRequest extends IncomingMessage {
  route?: unknown
  params?: unknown
}

/**
 * One request in the route map: the current route, where its callbacks
 * stand, and the `next` handed to them.
 */
class MapDispatch implements FoundSlot {
  route: Route | null = null
  position = -1
  private callbackIndex = 0
  private keyIndex = 0
  private paramIndex = 0
  private paramKey: Key3 | undefined = undefined
  private paramValue: unknown = undefined
  private paramFns: ParamCallback[] | undefined = undefined
  private paramNextFn: Next | null = null
  readonly next: Next = (err) => this.callbacks(err)
  /**
   * While a tracer listens on `webfw.layer` (decided when the request enters
   * the map): each matched route is published as a request handler, and
   * `routeDone` is the traced continuation its end goes through.
   */
  private readonly trace: RouterTrace | null
  private routeDone: Next | null = null

  constructor(
    private readonly router: RouteMap,
    private readonly req: DispatchRequest,
    private readonly res: unknown,
    private readonly out: Next,
  ) {
    this.trace = layerStart.hasSubscribers ? new RouterTrace(req) : null
  }

  /** Runs the first matching route from `start`, carrying `err` into it. */
  pass(start: number, err: unknown): void {
    const req = this.req
    let found: boolean
    try {
      found = find(this.router, req as unknown as MatchRequest, start, this)
    } catch (e) {
      this.out(err || e)
      return
    }
    if (!found) {
      req.route = undefined
      // Only without a pending error (Express 3 dropped the error here).
      if (req.method === 'OPTIONS' && !err) {
        try {
          answerOptions(this.router, req, this.res, this.out)
        } catch (e) {
          this.out(e)
        }
        return
      }
      this.out(err)
      return
    }
    const route = this.route as Route
    req.route = route
    req.params = route.params
    this.keyIndex = 0
    if (this.trace === null) {
      this.param(err)
      return
    }
    this.trace.run(req, this.res, route[kLayer], 'request_handler', (e) => this.pass(this.position + 1, e), (done) => {
      this.routeDone = done
      this.param(err)
    })
  }

  private nextRoute(err?: unknown): void {
    const done = this.routeDone
    if (done !== null) {
      this.routeDone = null
      done(err)
      return
    }
    this.pass(this.position + 1, err)
  }

  /** The parameter callbacks of the route's keys, in order; then its callbacks. */
  private param(err?: unknown): void {
    const keys = (this.route as Route).keys
    const key = keys[this.keyIndex++]
    const value = key === undefined ? undefined : (this.req.params as Params)[key.name]
    const fns = key === undefined ? undefined : callbacksOf(this.router.params, key.name)
    try {
      if (err === 'route') {
        this.nextRoute()
      } else if (err) {
        this.callbackIndex = 0
        this.callbacks(err)
      } else if (fns !== undefined && value !== undefined) {
        this.paramKey = key
        this.paramValue = value
        this.paramFns = fns
        this.paramIndex = 0
        this.paramNext()
      } else if (key !== undefined) {
        this.param()
      } else {
        this.callbackIndex = 0
        this.callbacks()
      }
    } catch (e) {
      this.param(e)
    }
  }

  private paramNext(err?: unknown): void {
    const fn = (this.paramFns as ParamCallback[])[this.paramIndex++]
    if (err || fn === undefined) {
      this.param(err)
      return
    }
    const next = this.paramNextFn ?? (this.paramNextFn = (e?: unknown) => this.paramNext(e))
    fn(this.req, this.res, next, this.paramValue, (this.paramKey as Key3).name)
  }

  /** The route's next callback: error callbacks (four arguments) while an error is pending, the others otherwise. */
  private callbacks(err?: unknown): void {
    const fn = (this.route as Route).callbacks[this.callbackIndex++]
    try {
      if (err === 'route') {
        this.nextRoute()
      } else if (err && fn !== undefined) {
        if (fn.length < 4) {
          this.callbacks(err)
          return
        }
        fn(err, this.req, this.res, this.next)
      } else if (fn !== undefined) {
        if (fn.length < 4) {
          fn(this.req, this.res, this.next)
          return
        }
        this.callbacks()
      } else {
        this.nextRoute(err)
      }
    } catch (e) {
      this.callbacks(e)
    }
  }
}

/** Runs a request through the route map (what `router.middleware` does). */
export function dispatchRouteMap(router: RouteMap, req: IncomingMessage, res: unknown, next: Next): void {
  new MapDispatch(router, req as DispatchRequest, res, next).pass(0, undefined)
}

/** Builds Express 3's Router constructor (`webfw.Router` of the 3.x factory). */
export function createRouteMapClass(): new (options?: RouteMapOptions) => RouteMap {
  const RouteMapClass = function Router(this: RouteMap, options?: RouteMapOptions): RouteMap {
    if (!(this instanceof RouteMapClass)) return new (RouteMapClass as unknown as new (o?: RouteMapOptions) => RouteMap)(options)
    const opts = options || {}
    this.map = {}
    this.params = {}
    this._params = []
    this.caseSensitive = opts.caseSensitive
    this.strict = opts.strict
    const self = this
    this.middleware = function router(req: IncomingMessage, res: unknown, next: Next) {
      dispatchRouteMap(self, req, res, next)
    }
    Object.defineProperty(this, kCache, { writable: true, value: null })
    Object.defineProperty(this, kMatcher, { writable: true, value: undefined })
    return this
  } as unknown as { new (options?: RouteMapOptions): RouteMap; prototype: Record<string, unknown> }
  const proto = RouteMapClass.prototype

  /**
   * `router.param(name, fn)`: callbacks for a parameter, run before the
   * callbacks of a route that has it; `router.param(fn)`: a function that
   * rewrites later `param(name, value)` calls (returning the callback to use).
   */
  proto.param = function param(this: RouteMap, name: unknown, fn?: unknown) {
    if (typeof name === 'function') {
      this._params.push(name as (name: string, fn: unknown) => unknown)
      return undefined
    }
    let callback = fn
    for (const rewrite of this._params) {
      const ret = rewrite(name as string, callback)
      if (ret) callback = ret
    }
    if (typeof callback !== 'function') throw new Error('invalid param() call for ' + String(name) + ', got ' + String(callback))
    addParamCallback(this.params, name as string, callback as ParamCallback)
    return this
  }

  proto._dispatch = function _dispatch(this: RouteMap, req: IncomingMessage, res: unknown, next: Next) {
    dispatchRouteMap(this, req, res, next)
  }

  proto._options = function _options(this: RouteMap, req: IncomingMessage, res: unknown, next: Next) {
    answerOptions(this, req, res, next)
  }

  proto._optionsFor = function _optionsFor(this: RouteMap, path: string) {
    return optionsFor(this, path)
  }

  /** The first route from position `i` matching the request (sets `req._route_index`). */
  proto.matchRequest = function matchRequest(this: RouteMap, req: MatchRequest & { _route_index?: number }, i?: number, head?: boolean) {
    const slot: FoundSlot = { route: null, position: -1 }
    if (!find(this, req, i || 0, slot, Boolean(head))) return undefined
    req._route_index = slot.position
    return slot.route
  }

  /** `matchRequest` for a method and URL. */
  proto.match = function match(this: RouteMap, method: string, url: string, i?: number, head?: boolean) {
    return (this as unknown as { matchRequest: AnyFn }).matchRequest({ method, url }, i, head)
  }

  /** Adds a route: `router.route('get', '/user/:id', fn, ...)`. */
  proto.route = function route(this: RouteMap, method: string, path: unknown, ...callbacks: unknown[]) {
    const name = method.toLowerCase()
    const fns = callbacks.flat(Infinity)
    if (!path) throw new Error('Router#' + name + '() requires a path')
    for (const fn of fns) {
      if (typeof fn !== 'function') throw new Error('.' + name + '() requires callback functions but got a ' + toTag(fn))
    }
    const created = new Route(name, path, fns as AnyFn[], { sensitive: this.caseSensitive, strict: this.strict })
    const list = Object.prototype.hasOwnProperty.call(this.map, name) ? this.map[name] : (this.map[name] = [])
    list.push(created)
    return this
  }

  /** A route for every method. */
  proto.all = function all(this: RouteMap & { route: AnyFn }, path: unknown, ...callbacks: unknown[]) {
    for (const method of methods) this.route(method, path, ...callbacks)
    return this
  }

  for (const method of methods) {
    proto[method] = function (this: RouteMap & { route: AnyFn }, path: unknown, ...callbacks: unknown[]) {
      this.route(method, path, ...callbacks)
      return this
    }
  }

  return RouteMapClass
}
