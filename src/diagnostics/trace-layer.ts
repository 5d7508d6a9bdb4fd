/**
 * Publishing on `webfw.layer`: what each layer a traced router runs is
 * (its message), the `next` that reports when the layer is done with the
 * request, and the route template that follows the request down into
 * mounted routers and apps (`/api` + `/items/:item`).
 *
 * Only reached while the layer channel listens: `handle` in
 * src/router/dispatch.ts then walks the router with a TracedDispatch, which
 * hands each layer call to a RouterTrace.
 */
import { addedWithoutPath, type Handler, type Layer, type Next } from '../router/layer'
import { layerEvents, type LayerMessage, type LayerType, type TraceEvents } from './channels'
import { isRoutingSignal } from './router-request'
import { callThenPublish, traceState, type TraceState } from './trace-request'

/** Express's and webfw's routers: functions with a `stack` and a `handle`. */
function isRouter(fn: Handler): boolean {
  const router = fn as unknown as { stack?: unknown; handle?: unknown }
  return Array.isArray(router.stack) && typeof router.handle === 'function'
}

/**
 * What a matched middleware, router or error handler is, or null when the
 * layer only passes the request on unrun (an error reaching a three-argument
 * function, a request reaching a four-argument one).
 */
export function layerType(layer: Layer, error: unknown): LayerType | null {
  if (!layer.takesCall(error)) return null
  if (error) return 'error_handler'
  return isRouter(layer.handle) ? 'router' : 'middleware'
}

/** Publishes `err` as the layer's error when `next` would take it for one (anything but nothing, 'route' and 'router'). */
function publishError(events: TraceEvents, message: LayerMessage, err: unknown): void {
  if (!err || isRoutingSignal(err)) return
  message.error = err
  events.error.publish(message)
}

/** A layer's path as text: strings as written, a RegExp as its literal, arrays joined by ","; none for `use(fn)`. */
function pathText(layer: Layer): string | undefined {
  if (addedWithoutPath.has(layer)) return undefined
  const path = layer.rawPath
  if (typeof path === 'string') return path
  if (Array.isArray(path)) return path.map((p) => (typeof p === 'string' || p instanceof RegExp ? String(p) : '')).join(',')
  return String(path)
}

/** `mount` followed by `path`, with '/' for nothing and runs of slashes collapsed. */
function joinRoute(mount: string, path: string): string {
  const joined = path === '/' ? mount : mount + path
  if (joined === '') return '/'
  return joined.includes('//') ? joined.replace(/\/{2,}/g, '/') : joined
}

/** The tracing side of one request's walk through one router. */
export class RouterTrace {
  private readonly state: TraceState
  /** The route template this router is mounted under ('' at the top). */
  private readonly mount: string

  constructor(req: object) {
    this.state = traceState(req)
    this.mount = this.state.mount
  }

  /**
   * Runs `call(next, rejected)` (the layer's handler with the given `next`)
   * with its events published: start and end around the call; error,
   * asyncStart and asyncEnd around the `next` the layer calls. A call that
   * throws publishes error then end, and the throw goes on to the caller,
   * which passes it to the untraced `next`; `rejected` does that for a
   * rejected promise (error published, no asyncStart): the layer did not
   * call its `next`, as with Express, whose router catches around the
   * handler. While the layer runs, the routers and apps it mounts see its
   * template as their mount.
   */
  run(req: unknown, res: unknown, layer: Layer, type: LayerType, next: Next, call: (next: Next, rejected: Next) => void): void {
    const events = layerEvents as TraceEvents
    const state = this.state
    const mount = this.mount
    const path = pathText(layer)
    const route = joinRoute(mount, path ?? '/')
    const message: LayerMessage = { req, res, layer, type, name: layer.name, path, route }
    if (type === 'request_handler') {
      if (state.request !== null) state.request.route = route
    } else if (path !== undefined && path !== '/') {
      state.mount = route
    }
    let called = false
    const tracedNext: Next = (err) => {
      // A second call of the same next is passed on unpublished: the layer is done already.
      if (called) {
        next(err)
        return
      }
      called = true
      state.mount = mount
      publishError(events, message, err)
      events.asyncStart.runStores(message, callThenPublish, undefined, next, err, events.asyncEnd, message)
    }
    const rejected: Next = (err) => {
      if (!called) state.mount = mount
      publishError(events, message, err)
      next(err)
    }
    try {
      events.start.runStores(message, callThenPublish, undefined, (traced: Next) => call(traced, rejected), tracedNext, events.end, message, events.error)
    } catch (err) {
      if (!called) state.mount = mount
      throw err
    }
  }
}
