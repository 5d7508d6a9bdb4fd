/**
 * Router: the registration API (`use`, `route`, `METHOD`, `all`, `param`) of
 * a router, which is itself middleware. Registration only appends layers; the
 * matcher is compiled from the stack when a request arrives (router-state).
 */
import { handle, type DispatchRequest } from './dispatch'
import { addedWithoutPath, type Handler, type Next } from './layer'
import { listRoutes as listRoutesOf } from './list-routes'
import { methods } from './methods'
import { addParamCallback, type ParamCallback } from './params'
import { checkAsyncErrorsPatch } from './patch-check'
import { deprecate } from '../util/deprecate'
import { kLayerClass, kOnChange, type Route } from './route'
import { markOwnHandle, markRouteDispatch, markRouter } from './router-brand'
import { buildIndex, currentCache, invalidate, kCache, type RouterObject, type RouterProfile } from './router-state'

export interface RouterOptions {
  caseSensitive?: boolean
  mergeParams?: boolean
  strict?: boolean
}

/**
 * The arguments of `use([path], ...callbacks)`: the first is a path unless it
 * is a function or a (nested) array whose first element is one; callbacks are
 * flattened. The default path is "/".
 */
export function splitUseArguments(args: unknown[]): { path: unknown; callbacks: unknown[]; hasPath: boolean } {
  const first = args[0]
  if (typeof first !== 'function') {
    let arg = first
    while (Array.isArray(arg) && arg.length !== 0) arg = arg[0]
    if (typeof arg !== 'function') return { path: first, callbacks: args.slice(1).flat(Infinity), hasPath: true }
  }
  return { path: '/', callbacks: args.flat(Infinity), hasPath: false }
}

export interface RouterFactory {
  (options?: RouterOptions): RouterObject
  new (options?: RouterOptions): RouterObject
  prototype: Record<string | symbol, unknown>
  Route: typeof Route
}

const routerPrototypes = new WeakMap<RouterFactory, Record<string | symbol, unknown>>()

/**
 * The prototype of the routers `Router` makes, which holds their methods:
 * `Router.prototype` (5.x), or `Router` itself (4.x, see
 * `RouterStyle.factoryIsPrototype`).
 */
export function routerPrototypeOf(Router: RouterFactory): Record<string | symbol, unknown> {
  return routerPrototypes.get(Router) as Record<string | symbol, unknown>
}

/** Builds the Router constructor of one version profile. */
export function createRouterFactory(profile: RouterProfile): RouterFactory {
  const { syntax, Route: RouteClass, style } = profile
  const Layer = RouteClass.prototype[kLayerClass]

  const Router = function Router(this: unknown, options?: RouterOptions): RouterObject {
    if (!(this instanceof Router)) return new (Router as unknown as RouterFactory)(options)
    const opts = options || {}
    const router = function router(req: unknown, res: unknown, next: Next) {
      ;(router as unknown as { handle: Handler }).handle(req, res, next)
    } as unknown as RouterObject
    Object.setPrototypeOf(router, proto)
    router.caseSensitive = opts.caseSensitive
    router.mergeParams = opts.mergeParams
    router.params = {}
    router.strict = opts.strict
    router.stack = []
    if (style.legacyParamForms) router._params = []
    router[kCache] = null
    markRouter(router)
    return router
  } as unknown as RouterFactory

  // A function, so that routers (functions themselves) keep call/apply/bind:
  // 4.x the Router function itself, 5.x a function of its own.
  const proto = (style.factoryIsPrototype ? Router : function () {}) as unknown as Record<string | symbol, unknown>
  if (!style.factoryIsPrototype) Router.prototype = proto
  routerPrototypes.set(Router, proto)
  // Express 4's Router has no `Route`; as its routers' prototype, it would show in their keys.
  Object.defineProperty(Router, 'Route', { value: RouteClass, writable: true, configurable: true, enumerable: !style.factoryIsPrototype })
  Object.defineProperty(proto, 'style', { value: style })

  proto.param = style.legacyParamForms ? legacyParam : param

  function param(this: RouterObject, name: unknown, fn: unknown) {
    if (!name) throw new TypeError('argument name is required')
    if (typeof name !== 'string') throw new TypeError('argument name must be a string')
    if (!fn) throw new TypeError('argument fn is required')
    if (typeof fn !== 'function') throw new TypeError('argument fn must be a function')
    addParamCallback(this.params, name, fn as ParamCallback)
    return this
  }

  /** 4.x: also `param(fn)` (a rewriter of later calls) and `param(':name', fn)`. */
  function legacyParam(this: RouterObject, name: unknown, fn: unknown) {
    const rewriters = this._params ?? (this._params = [])
    if (typeof name === 'function') {
      deprecate('router.param(fn): Refactor to use path params')
      rewriters.push(name as (name: string, fn: unknown) => unknown)
      return undefined
    }
    let key = name as string
    if (key[0] === ':') {
      deprecate(`router.param(${JSON.stringify(key)}, fn): Use router.param(${JSON.stringify(key.slice(1))}, fn) instead`)
      key = key.slice(1)
    }
    let callback = fn
    for (const rewrite of rewriters) {
      const ret = rewrite(key, callback)
      if (ret) callback = ret
    }
    if (typeof callback !== 'function') throw new Error('invalid param() call for ' + key + ', got ' + callback)
    addParamCallback(this.params, key, callback as ParamCallback)
    return this
  }

  proto.handle = function (this: RouterObject, req: DispatchRequest, res: never, callback: Next) {
    handle(this, req, res, callback)
  }
  markOwnHandle(proto.handle as object)

  // webfw's own, so not among the enumerable methods Express's routers have.
  Object.defineProperty(proto, 'getIndexCache', {
    writable: true,
    configurable: true,
    value: function getIndexCache(this: RouterObject) {
      const cache = currentCache(this)
      if (cache !== null) return cache
      if (!style.catchRejections) checkAsyncErrorsPatch(Layer)
      return buildIndex(this)
    },
  })

  proto.use = function use(this: RouterObject, ...args: unknown[]) {
    const { path, callbacks, hasPath } = splitUseArguments(args)
    if (callbacks.length === 0) throw style.useError(undefined, true)
    for (const fn of callbacks) {
      if (typeof fn !== 'function') throw style.useError(fn, false)
      const layer = new Layer(
        path,
        { sensitive: Boolean(this.caseSensitive), strict: false, end: false, catchRejections: style.catchRejections },
        fn as Handler,
        syntax,
      )
      layer.route = undefined
      // The field from the start (Express 4's layers have it, undefined until matched).
      if (style.recordsMatchedPath) layer.path = undefined
      if (!hasPath) addedWithoutPath.add(layer)
      this.stack.push(layer)
    }
    invalidate(this)
    return this
  }

  proto.route = function route(this: RouterObject, path: unknown): Route {
    const routeObj = new RouteClass(path)
    const layer = new Layer(
      path,
      { sensitive: Boolean(this.caseSensitive), strict: Boolean(this.strict), end: true, catchRejections: style.catchRejections },
      function handle(req: never, res: unknown, next: Next) {
        routeObj.dispatch(req, res, next)
      },
      syntax,
    )
    layer.route = routeObj
    if (style.recordsMatchedPath) layer.path = undefined
    markRouteDispatch(layer.handle)
    // Route-listing tools recognise route layers by this name too.
    layer.name = style.routeLayerName
    routeObj[kOnChange] = () => invalidate(this)
    this.stack.push(layer)
    invalidate(this)
    return routeObj
  }

  if (style.listRoutes) {
    proto.listRoutes = function listRoutes(this: RouterObject) {
      return listRoutesOf(this.stack as unknown as Parameters<typeof listRoutesOf>[0])
    }
  }

  for (const method of [...methods, 'all']) {
    proto[method] = function (this: RouterObject & { route(p: unknown): Route }, path: unknown, ...handlers: unknown[]) {
      const routeObj = this.route(path) as unknown as Record<string, (...h: unknown[]) => unknown>
      routeObj[method].apply(routeObj, handlers)
      return this
    }
  }

  return Router
}
