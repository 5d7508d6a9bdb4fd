/**
 * The diagnostics channels webfw publishes on: their names, the shapes of
 * their messages, and the one check the hot path makes before publishing.
 *
 * Two tracing channels (node:diagnostics_channel `tracingChannel`), each with
 * the standard five events `tracing:<name>:start|end|asyncStart|asyncEnd|error`:
 *
 * - `webfw.request`: one HTTP request entering the outermost webfw app;
 * - `webfw.layer`: each router stack entry (middleware, router, route,
 *   error handler) webfw runs for it;
 *
 * and, for 5.x routers, `express.router.request`, the one Express 5.3's
 * router publishes each handler, error handler and param callback call on,
 * with the same messages (./router-request.ts).
 *
 * Messages are documented in docs/observability.md and typed in
 * types/otel.d.ts. On Node versions without `tracingChannel` (18.x before
 * 18.19) nothing is ever published.
 */
import dc from 'node:diagnostics_channel'

export const REQUEST_CHANNEL = 'webfw.request'
export const LAYER_CHANNEL = 'webfw.layer'
/** The tracing channel Express 5.3's router (router 2.3) publishes each handler call on (5.x; ./router-request.ts). */
export const ROUTER_REQUEST_CHANNEL = 'express.router.request'

/** What a layer message says the layer is (the Express instrumentation's `express.type` values, plus error handlers). */
export type LayerType = 'middleware' | 'router' | 'request_handler' | 'error_handler'

/** The message of the `webfw.request` events. */
export interface RequestMessage {
  req: unknown
  res: unknown
  /** The app the request entered. */
  app: unknown
  /** Full route template of the route that matched (set when its handler starts), else undefined. */
  route: string | undefined
  /** The error the app passed on (asyncStart/error events), if any. */
  error?: unknown
}

/** The message of the `webfw.layer` events. */
export interface LayerMessage {
  req: unknown
  res: unknown
  /** The stack entry (the object in `router.stack`). */
  layer: unknown
  type: LayerType
  /** `layer.name`: the function's name, `router`, or the route layer's name. */
  name: string
  /**
   * The layer's own path pattern as text (`/users/:id`; a RegExp as its
   * literal; arrays joined by `,`); undefined for `router.use(fn)` given no
   * path (it matches every path, as "/" does).
   */
  path: string | undefined
  /** Full template: the mount paths of the routers around the layer, then its own path (`/api/items/:item`). */
  route: string
  /** The error the layer passed to `next` (or threw), if any (error and asyncStart events). */
  error?: unknown
}

/** The five channels of one tracing channel (what `tracingChannel` returns). */
export interface TraceEvents {
  readonly start: dc.Channel
  readonly end: dc.Channel
  readonly asyncStart: dc.Channel
  readonly asyncEnd: dc.Channel
  readonly error: dc.Channel
}

const tracingChannel = (dc as { tracingChannel?: (name: string) => TraceEvents }).tracingChannel

export const requestEvents: TraceEvents | null = typeof tracingChannel === 'function' ? tracingChannel(REQUEST_CHANNEL) : null
export const layerEvents: TraceEvents | null = typeof tracingChannel === 'function' ? tracingChannel(LAYER_CHANNEL) : null
export const routerRequestEvents: TraceEvents | null = typeof tracingChannel === 'function' ? tracingChannel(ROUTER_REQUEST_CHANNEL) : null

const NEVER: { readonly hasSubscribers: boolean } = Object.freeze({ hasSubscribers: false })

/** Whether anyone listens on `express.router.request` (any of its five channels, as Express's router asks). */
export function routerRequestListened(): boolean {
  const events = routerRequestEvents
  return (
    events !== null &&
    (events.start.hasSubscribers || events.end.hasSubscribers || events.asyncStart.hasSubscribers || events.asyncEnd.hasSubscribers || events.error.hasSubscribers)
  )
}

/**
 * The checks the hot path makes: a request's events are published when the
 * `start` channel had a subscriber (or a bound store) as the request entered
 * the app, its layers' events when the layer `start` channel had one as the
 * request entered each router. One getter each, false while nobody listens;
 * a subscriber that arrives later takes effect from the next request.
 */
export const requestStart: { readonly hasSubscribers: boolean } = requestEvents?.start ?? NEVER
export const layerStart: { readonly hasSubscribers: boolean } = layerEvents?.start ?? NEVER
