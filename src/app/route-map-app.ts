/**
 * The application members of a route-map app (3.x): routes go to the app's
 * route map (`app._router`, listed by `app.routes`) rather than to its
 * middleware stack, and the map runs as one middleware: where
 * `app.use(app.router)` puts it, or where the first route definition puts
 * it when the app never does. Routes defined later still run at that place.
 * Loaded only by the 3.x profile (see `AppStyle.routeMap`).
 */
import { methods } from '../router/methods'
import { createRouteMapClass, Route, type RouteMap } from '../router/route-map'
import { deprecate } from '../util/deprecate'
import type { AppInternal } from './types'

const kUsedRouter = Symbol('webfw.app.usedRouter')

type AnyFn = (...args: unknown[]) => unknown

interface RouteMapApp extends AppInternal {
  _router: RouteMap & Record<string, AnyFn>
  use(...args: unknown[]): RouteMapApp
  [kUsedRouter]?: boolean
}

export interface RouteMapMembers {
  /** Express 3's `Router` (the route map) and `Route`, exposed by the 3.x factory. */
  readonly Router: ReturnType<typeof createRouteMapClass>
  readonly Route: typeof Route
  /** Gives a new app its route map (`app._router`). */
  init(app: AppInternal): void
  /** Defines `app.router`, `app.routes`, the verbs, `app.all` and `app.param` on the application prototype. */
  define(proto: Record<string | symbol, unknown>): void
}

const Router = createRouteMapClass()

/** The route-map middleware, mounting it here first if the app has not mounted it. */
function routerMiddleware(app: RouteMapApp): AnyFn {
  app[kUsedRouter] = true
  const router = app._router
  router.caseSensitive = app.enabled('case sensitive routing')
  router.strict = app.enabled('strict routing')
  return router.middleware as AnyFn
}

function define(proto: Record<string | symbol, unknown>): void {
  /**
   * The route map as middleware: `app.use(app.router)` places every route
   * (defined before or after) at that point of the stack. Reading it takes
   * the `case sensitive routing` and `strict routing` settings for the
   * routes defined from then on.
   * @example app.use(webfw.static('public')); app.use(app.router); app.use(notFound)
   */
  Object.defineProperty(proto, 'router', {
    configurable: true,
    enumerable: true,
    get(this: RouteMapApp) {
      deprecate('app.router: from 4.x on routes run where they are defined; remove app.use(app.router) and define the routes at that place')
      return routerMiddleware(this)
    },
  })

  /**
   * The routes by method, in definition order (the route map's `map`);
   * changing a list changes the routing.
   * @example app.routes.get.map((route) => route.path) // ['/', '/user/:id']
   */
  Object.defineProperty(proto, 'routes', {
    configurable: true,
    enumerable: true,
    get(this: RouteMapApp) {
      deprecate('app.routes: removed in 4.x; the routes are the layers of the app router (app._router.stack in 4.x)')
      return this._router.map
    },
  })

  for (const method of methods) {
    proto[method] = function (this: RouteMapApp, path: unknown) {
      if (method === 'get' && arguments.length === 1) return this.set(path as string)
      if (!this[kUsedRouter]) this.use(routerMiddleware(this))
      this._router[method].apply(this._router, arguments as unknown as unknown[])
      return this
    }
  }

  /** A route for every method (one entry per method in `app.routes`). */
  proto.all = function all(this: RouteMapApp, ...args: unknown[]) {
    for (const method of methods) (proto[method] as AnyFn).apply(this, args)
    return this
  }

  /**
   * `app.param(name, fn...)` (a leading ":" is dropped), `app.param([names], fn...)`,
   * and `app.param(fn)`: a function rewriting later `param(name, value)`
   * calls, e.g. to accept a RegExp as the value.
   * @example app.param('id', (req, res, next, id) => { req.id = Number(id); next() })
   */
  proto.param = function param(this: RouteMapApp, name: unknown, ...fns: unknown[]) {
    if (Array.isArray(name)) {
      for (const each of name) for (const fn of fns) this._router.param(each, fn)
    } else if (typeof name === 'function') {
      deprecate('app.param(fn): removed in 5.x; check the parameter in app.param(name, fn) instead')
      this._router.param(name)
    } else {
      let key = name
      if (typeof name === 'string' && name[0] === ':') {
        deprecate(`app.param(${JSON.stringify(name)}, fn): use app.param(${JSON.stringify(name.slice(1))}, fn)`)
        key = name.slice(1)
      }
      for (const fn of fns) this._router.param(key, fn)
    }
    return this
  }
}

function init(app: AppInternal): void {
  const routed = app as RouteMapApp
  routed._router = new Router() as RouteMapApp['_router']
}

export const routeMapMembers: RouteMapMembers = { Router, Route, init, define }
