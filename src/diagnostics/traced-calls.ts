/**
 * The calls a traced router makes where the untraced one calls a layer's or
 * a route's own methods (TracedDispatch in src/router/dispatch.ts): whether
 * those methods are still the layer's and the route's own (a replaced one
 * does its own catching and is called as it is, unpublished), the handler's
 * call itself, and a route's handlers walked with each call published on
 * `express.router.request` (./router-request.ts).
 */
import { Layer, type Next } from '../router/layer'
import { callLayer, dispatchHandlers, Route, type RouteRequest } from '../router/route'
import { isRouteDispatch } from '../router/router-brand'
import { callTraced, layerMessage } from './router-request'

const ownHandleRequest = Layer.prototype.handleRequest
const ownHandleError = Layer.prototype.handleError
const ownRouteDispatch = Route.prototype.dispatch

/** Whether the layer's own method would run for this call (`handleError` with an error, else `handleRequest`). */
export function ownMethod(layer: Layer, err: unknown): boolean {
  return err ? layer.handleError === ownHandleError : layer.handleRequest === ownHandleRequest
}

/** Whether a route's layer still reaches the route through webfw's own dispatch (not wrapped, not replaced). */
export function ownsRouteDispatch(layer: Layer, route: Route): boolean {
  return isRouteDispatch(layer.handle) && route.dispatch === ownRouteDispatch
}

/** The handler's call as the layer's method makes it, with `next` given; its return value for the tracer. */
export function callHandler(layer: Layer, err: unknown, req: unknown, res: unknown, next: Next): unknown {
  const fn = layer.handle
  return err ? fn(err, req, res, next) : fn(req, res, next)
}

/**
 * One of a route's handler layers, called with its `express.router.request`
 * events (what Route.dispatch's handleRequest/handleError do, published):
 * a layer whose arity does not take the call passes it on unpublished.
 */
function callRouteLayerTraced(layer: Layer, err: unknown, req: unknown, res: unknown, next: Next): void {
  if (!ownMethod(layer, err)) {
    callLayer(layer, err, req, res, next)
    return
  }
  if (!layer.takesCall(err)) {
    next(err)
    return
  }
  callTraced(layerMessage(req as object, res, layer, err), (n) => callHandler(layer, err, req, res, n), next)
}

/** Route.dispatch with each handler's call published. */
export function dispatchRouteTraced(route: Route, req: RouteRequest, res: unknown, done: Next): void {
  dispatchHandlers(route, req, res, done, callRouteLayerTraced)
}
