/**
 * What a layer span is called and which attributes it carries: the names and
 * values of the Express instrumentation (`middleware - <name>`,
 * `router - <path>`, `request handler[ - <route>]`, `express.name`,
 * `express.type`), read from a `webfw.layer` message.
 */
import type { LayerMessage } from '../diagnostics/channels'

/** The `express.type` values (the same strings as the Express instrumentation's `ExpressLayerType`). */
export const LayerType = Object.freeze({
  ROUTER: 'router',
  MIDDLEWARE: 'middleware',
  REQUEST_HANDLER: 'request_handler',
} as const)
export type LayerType = (typeof LayerType)[keyof typeof LayerType]

/** The attributes this instrumentation sets besides `http.route`. */
export const AttributeNames = Object.freeze({
  EXPRESS_TYPE: 'express.type',
  EXPRESS_NAME: 'express.name',
} as const)

export interface LayerMetadata {
  name: string
  type: LayerType
  attributes: Record<string, string>
}

interface StackOwner {
  stack?: { route?: { path?: unknown }; handle?: StackOwner }[]
}

/**
 * The name the Express instrumentation gives a router span: the path of
 * the first route found down the router's first entries, else ''.
 */
function firstRoutePath(router: StackOwner | undefined, prefix: string): string {
  const first = router?.stack?.[0]
  if (first?.route?.path) return prefix + String(first.route.path)
  if (first?.handle?.stack) return firstRoutePath(first.handle, prefix)
  return prefix
}

/**
 * Name, type and attributes of a layer's span. `route` is the constructed
 * route of the request at this layer (routes.ts).
 *
 * @example
 * layerMetadata({ type: 'middleware', name: 'auditLog', ... }, '/').name // 'middleware - auditLog'
 */
export function layerMetadata(message: LayerMessage, route: string): LayerMetadata {
  if (message.type === 'router') {
    const handle = (message.layer as { handle?: StackOwner }).handle
    const path = firstRoutePath(handle, '') || message.path || route || '/'
    return {
      name: `router - ${path}`,
      type: LayerType.ROUTER,
      attributes: { [AttributeNames.EXPRESS_NAME]: path, [AttributeNames.EXPRESS_TYPE]: LayerType.ROUTER },
    }
  }
  if (message.type === 'request_handler') {
    const path = (route || message.path) ?? 'request handler'
    // Express 4's route layers ("bound dispatch") remember the path they
    // matched and the Express instrumentation then names the span after the
    // route; Express 5's ("handle") do not. webfw's layers carry the same
    // names per version (4.x and 3.x the former, 5.x the latter).
    return {
      name: message.name === 'handle' ? 'request handler' : `request handler - ${path}`,
      type: LayerType.REQUEST_HANDLER,
      attributes: { [AttributeNames.EXPRESS_NAME]: path, [AttributeNames.EXPRESS_TYPE]: LayerType.REQUEST_HANDLER },
    }
  }
  return {
    name: `middleware - ${message.name}`,
    type: LayerType.MIDDLEWARE,
    attributes: { [AttributeNames.EXPRESS_NAME]: message.name, [AttributeNames.EXPRESS_TYPE]: LayerType.MIDDLEWARE },
  }
}
