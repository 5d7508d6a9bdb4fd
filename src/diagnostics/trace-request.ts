/**
 * Publishing on `webfw.request`, and the per-request state tracing keeps on
 * the request: the request's message (its `route` is filled in when a route
 * starts) and the route template of the mounts the current layer runs under.
 *
 * Only reached while someone listens (application.ts checks `requestStart`).
 */
import type { Next } from '../router/layer'
import { requestEvents, type RequestMessage, type TraceEvents } from './channels'

const kTrace = Symbol('webfw.trace')

/** What a traced request carries, under a module symbol on the request. */
export interface TraceState {
  /** The message of the request's `webfw.request` events (null when only layers are traced). */
  request: RequestMessage | null
  /** Route template of the mounts the running layer is under ('' at the top). */
  mount: string
}

/** The request's trace state, created on first use. */
export function traceState(req: object): TraceState {
  const holder = req as { [kTrace]?: TraceState }
  let state = holder[kTrace]
  if (state === undefined) {
    state = { request: null, mount: '' }
    holder[kTrace] = state
  }
  return state
}

/**
 * Runs `route(done)` for a request entering an app, publishing the request's
 * events around it when this is the outermost webfw app the request enters
 * (a mounted app's requests are part of its parent's). The events follow
 * `tracingChannel.traceCallback` with `done` as the callback: start and end
 * around the synchronous part; error (when the app passes an error on),
 * asyncStart and asyncEnd around `done`, called when no layer ended the
 * response (the final handler's 404 or error page, or the caller's `next`).
 *
 * @example
 * traceRequest(app, req, res, done, (next) => router.handle(req, res, next))
 */
export function traceRequest(app: unknown, req: object, res: unknown, done: Next, route: (done: Next) => void): void {
  const state = traceState(req)
  if (state.request !== null) {
    route(done)
    return
  }
  const events = requestEvents as TraceEvents
  const message: RequestMessage = { req, res, app, route: undefined }
  state.request = message
  const tracedDone: Next = (err) => {
    if (err) {
      message.error = err
      events.error.publish(message)
    }
    events.asyncStart.runStores(message, callThenPublish, undefined, done, err, events.asyncEnd, message)
  }
  events.start.runStores(message, callThenPublish, undefined, route, tracedDone, events.end, message, events.error)
}

/**
 * `fn(arg)`, then `after` published (as tracing channels do, in `finally`);
 * with `onThrow`, a synchronous throw is published there first.
 */
export function callThenPublish<A>(fn: (arg: A) => void, arg: A, after: TraceEvents['end'], message: { error?: unknown }, onThrow?: TraceEvents['error']): void {
  try {
    fn(arg)
  } catch (err) {
    if (onThrow !== undefined) {
      message.error = err
      onThrow.publish(message)
    }
    throw err
  } finally {
    after.publish(message)
  }
}
