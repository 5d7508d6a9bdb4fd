/**
 * `router.listRoutes()` (5.x, as Express 5.3's router): one entry per path
 * registered on the router, in registration order, without recursing.
 *
 * - a route (`router.get(path, ...)`, `router.route(path)`): `methods` is
 *   what the route answers, upper-case in the order first registered, `'*'`
 *   for `.all()`, and the automatic HEAD of a GET route unless HEAD was
 *   registered; `router` is undefined;
 * - a router mounted with `use` (anything whose handle has a `stack` array):
 *   `methods` is undefined and `router` is the mounted router;
 * - plain middleware is not listed; a path array gives one entry per path,
 *   each with its own copy of `methods`.
 */
import type { Route } from './route'

export interface RouteInfo {
  path: unknown
  methods: string[] | undefined
  router: unknown
}

interface ListedLayer {
  rawPath: unknown
  route: Route | undefined
  handle: { stack?: unknown }
}

export function listRoutes(stack: readonly ListedLayer[]): RouteInfo[] {
  const list: RouteInfo[] = []
  for (const layer of stack) {
    const route = layer.route
    const router = route === undefined && Array.isArray(layer.handle.stack) ? layer.handle : undefined
    if (route === undefined && router === undefined) continue
    const methods = route === undefined ? undefined : route._methods(true)
    if (Array.isArray(layer.rawPath)) {
      for (const path of layer.rawPath) list.push({ path, methods: methods && methods.slice(), router })
    } else {
      list.push({ path: layer.rawPath, methods, router })
    }
  }
  return list
}
