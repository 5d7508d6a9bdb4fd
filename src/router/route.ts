/**
 * Route: one path with per-method handler stacks (`route.get(fn)`, ...).
 * `dispatch` runs the handlers for the request's method in definition order;
 * `next('route')` leaves the route, `next('router')` the whole router.
 */
import type { Handler, Layer, LayerOptions, Next } from './layer'
import { lowerMethod, methods } from './methods'

/** Set by the owning router so that changes to the route trigger a recompile. */
export const kOnChange = Symbol('webfw.route.onChange')
/** The profile's Layer class, on the prototype of each version's Route class. */
export const kLayerClass = Symbol('webfw.route.layerClass')

const ROUTE_LAYER_OPTIONS = { end: true, strict: false, sensitive: false }

export interface RouteRequest {
  method?: string
  route?: unknown
}

/** What differs between the 5.x and 4.x Route (data of the version profile). */
export interface RouteStyle {
  /** A rejected promise from a handler becomes `next(err)`. */
  readonly catchRejections: boolean
  /** `route.get()` with no handler throws (5.x) or does nothing (4.x). */
  readonly requireHandler: boolean
  /** `route.methods` has no prototype (5.x) or is a plain object (4.x). */
  readonly nullPrototypeMethods: boolean
  /** The error for a handler that is not a function. */
  notAFunction(method: string, value: unknown): Error
  /** 4.x names: `_handles_method`, `_options` (with `_ALL` for `all()`). */
  readonly legacyNames: boolean
}

export class Route {
  [kOnChange]: (() => void) | null = null
  path: unknown
  stack: Layer[] = []
  methods: Record<string, boolean>
  /** Profile data, set on the prototype of each version's Route class. */
  declare readonly style: RouteStyle
  declare readonly [kLayerClass]: typeof Layer

  constructor(path: unknown) {
    this.path = path
    this.methods = this.style.nullPrototypeMethods ? Object.create(null) : {}
  }

  _handlesMethod(method: unknown): boolean {
    if (this.methods._all) return true
    let name = lowerMethod(method) as string
    if (name === 'head' && !this.methods.head) name = 'get'
    return Boolean(this.methods[name])
  }

  _methods(includeAll?: boolean): string[] {
    const list: string[] = []
    for (const method of Object.keys(this.methods)) {
      if (method === '_all') {
        if (includeAll) list.push('*')
      } else {
        list.push(method.toUpperCase())
      }
    }
    if (this.methods.get && !this.methods.head) list.push('HEAD')
    return list
  }

  dispatch(req: RouteRequest, res: unknown, done: Next): void {
    dispatchHandlers(this, req, res, done, callLayer)
  }

  /** Handlers for every method. */
  all(...handlers: unknown[]): this {
    this.addHandlers(undefined, '_all', handlers)
    return this
  }

  protected addHandlers(method: string | undefined, key: string, handlers: unknown[]): void {
    const style = this.style
    const callbacks = handlers.flat(Infinity)
    if (callbacks.length === 0 && style.requireHandler) throw new TypeError('argument handler is required')
    const options: LayerOptions = { ...ROUTE_LAYER_OPTIONS, catchRejections: style.catchRejections }
    const LayerClass = this[kLayerClass]
    for (const fn of callbacks) {
      if (typeof fn !== 'function') throw style.notAFunction(method ?? 'all', fn)
      const layer = new LayerClass('/', options, fn as Handler, null)
      layer.method = method
      this.methods[key] = true
      this.stack.push(layer)
    }
    const onChange = this[kOnChange]
    if (onChange !== null) onChange()
  }
}

/** How a route calls one of its handler layers: `handleError` with an error, else `handleRequest`. */
export type LayerCall = (layer: Layer, err: unknown, req: unknown, res: unknown, next: Next) => void

/** A layer's own call: `handleError` with an error, else `handleRequest`. */
export function callLayer(layer: Layer, err: unknown, req: unknown, res: unknown, next: Next): void {
  if (err) layer.handleError(err, req, res, next)
  else layer.handleRequest(req, res, next)
}

/**
 * Runs `route`'s handlers for the request's method in order, each called
 * through `call`: 'route' leaves the route, 'router' and the end of the
 * stack pass on to `done`, and more than 100 synchronous steps continue on
 * the next turn. `Route.dispatch` calls its layers' own methods
 * (`callLayer`); a traced router calls them with their events published
 * (src/diagnostics/traced-calls.ts).
 */
export function dispatchHandlers(route: Route, req: RouteRequest, res: unknown, done: Next, call: LayerCall): void {
  const stack = route.stack
  if (stack.length === 0) {
    done()
    return
  }
  const method = routeMethod(route, req)
  req.route = route

  // Fast path of the layers' own call: one handler for this method and
  // nothing else in the stack. Its `next` can be the router's own: 'route'
  // and no-argument both resume the router, 'router' and errors pass through
  // unchanged, exactly as walkHandlers would forward them.
  if (stack.length === 1 && call === callLayer) {
    const layer = stack[0]
    if (layer.method === undefined || layer.method === method) layer.handleRequest(req, res, done)
    else done()
    return
  }

  walkHandlers(stack, method, req, res, done, call)
}

/** The handlers of `stack` for `method` (lower-case, HEAD already read as GET where the route has no HEAD handler), in order. */
function walkHandlers(stack: readonly Layer[], method: unknown, req: RouteRequest, res: unknown, done: Next, call: LayerCall): void {
  let idx = 0
  let sync = 0
  const next: Next = (err) => {
    if (err && err === 'route') return done()
    if (err && err === 'router') return done(err)
    if (idx >= stack.length) return done(err)
    if (++sync > 100) {
      setImmediate(next, err)
      return
    }
    let layer: Layer | undefined
    let match = false
    while (!match && idx < stack.length) {
      layer = stack[idx++]
      match = layer.method === undefined || layer.method === method
    }
    if (!match || layer === undefined) return done(err)
    call(layer, err, req, res, next)
    sync = 0
  }
  next()
}

/** The method a route runs the handlers of (HEAD runs GET's where the route has none for HEAD). */
function routeMethod(route: Route, req: RouteRequest): unknown {
  const method = lowerMethod(req.method)
  return method === 'head' && !route.methods.head ? 'get' : method
}

// route.get(fn), route.post(fn), ... for every known method.
for (const method of methods) {
  Object.defineProperty(Route.prototype, method, {
    configurable: true,
    writable: true,
    value: function (this: Route, ...handlers: unknown[]) {
      ;(this as unknown as { addHandlers: Route['addHandlers'] }).addHandlers(method, method, handlers)
      return this
    },
  })
}

/** Route class of one version profile, making its handler layers with `LayerClass`. */
export function createRouteClass(style: RouteStyle, LayerClass: typeof Layer): typeof Route {
  class ProfileRoute extends Route {}
  Object.defineProperty(ProfileRoute.prototype, 'style', { value: style })
  Object.defineProperty(ProfileRoute.prototype, kLayerClass, { value: LayerClass })
  Object.defineProperty(ProfileRoute, 'name', { value: 'Route' })
  if (style.legacyNames) {
    // 4.x lists every key of route.methods, `_all` included, in insertion order.
    const options = function _options(this: Route): string[] {
      const list = Object.keys(this.methods)
      if (this.methods.get && !this.methods.head) list.push('head')
      return list.map((m) => m.toUpperCase())
    }
    Object.defineProperty(ProfileRoute.prototype, '_options', { configurable: true, writable: true, value: options })
    Object.defineProperty(ProfileRoute.prototype, '_methods', { configurable: true, writable: true, value: options })
    Object.defineProperty(ProfileRoute.prototype, '_handles_method', {
      configurable: true,
      writable: true,
      value: Route.prototype._handlesMethod,
    })
  }
  return ProfileRoute
}
