/**
 * Publishing on `express.router.request` (5.x routers): the tracing channel
 * Express 5.3's router publishes every handler call on, so that a tracer
 * written for Express sees a webfw app the same way.
 *
 * One message per call of a middleware, route handler, error handler or
 * `router.param` callback: `{ req, res, layer, handler, route }`, plus
 * `errorHandler: true` and `incomingError` for an error handler and `param`
 * (the name) for a param callback. `route` is the pattern the router matched
 * for the layer (its own, not joined with the mounts above it). The events:
 *
 * - `start` before the call, which runs in `start`'s bound stores;
 * - `error` when the call hands an error to routing (its `next(err)`, a
 *   throw, a rejection) that was not handed on before in this request: each
 *   error object is published once, where it started (the set of errors seen
 *   is shared, under a registered symbol, with any copy of Express's router
 *   in the same request). An error handler that replaces or recovers from
 *   its error makes that error new again;
 * - `end` after the call returns or throws: `result` is what it returned
 *   (not for a promise), `error` what it threw; for a promise, an error
 *   handed on before it settled is hidden during `end`;
 * - `asyncStart` then `asyncEnd` when a returned promise settles (`result`
 *   its value, or `error` its reason), `asyncEnd` inside `asyncStart`'s
 *   bound stores.
 *
 * 'route' and 'router' passed to `next` (or thrown) are routing, not errors.
 * Only reached while the channel has a subscriber (src/router/dispatch.ts).
 */
import { isPromiseLike, onRejected, warnPromiseLike, type Next } from '../router/layer'
import { routerRequestEvents, type TraceEvents } from './channels'

/** One message of `express.router.request`. */
export interface RouterRequestMessage {
  req: object
  res: unknown
  layer: unknown
  handler: unknown
  route: unknown
  errorHandler?: true
  incomingError?: unknown
  param?: string
  result?: unknown
  error?: unknown
}

/** The errors a request has already handed to routing; the key Express's router uses too. */
const kSeenErrors = Symbol.for('router.tracing.publishedErrors')
/** The pattern the current router matched for the running layer (restored when the request leaves the router). */
const kMatchedRoute = Symbol('webfw.tracing.matchedRoute')

type SeenHolder = { [kSeenErrors]?: Set<unknown> }
type MatchedHolder = { [kMatchedRoute]?: unknown }

/** The pattern the request's current router matched for the running layer (the messages' `route`). */
export function matchedRoute(req: object): unknown {
  return (req as MatchedHolder)[kMatchedRoute]
}

/** Records `pattern` as the one the request's current router matched. */
export function setMatchedRoute(req: object, pattern: unknown): void {
  ;(req as MatchedHolder)[kMatchedRoute] = pattern
}

/** `'route'` and `'router'`: what `next` takes for routing, not errors. */
export function isRoutingSignal(err: unknown): boolean {
  return err === 'route' || err === 'router'
}

/** Remembers `err` as handed on in this request; true when it was not before (and is an error). */
export function recordError(req: object, err: unknown): boolean {
  if (!err || isRoutingSignal(err)) return false
  const holder = req as SeenHolder
  let seen = holder[kSeenErrors]
  if (seen === undefined) {
    seen = new Set()
    holder[kSeenErrors] = seen
  } else if (seen.has(err)) {
    return false
  }
  seen.add(err)
  return true
}

function forgetError(req: object, err: unknown): void {
  ;(req as SeenHolder)[kSeenErrors]?.delete(err)
}

/** Keeps a thrown or rejected error on the message (the first one); a routing signal thrown synchronously ends with no result. */
function recordThrown(message: RouterRequestMessage, err: unknown, sync: boolean): void {
  if (isRoutingSignal(err)) {
    if (sync) message.result = undefined
    return
  }
  if (!('error' in message)) message.error = err
}

/** The `next` the handler gets: publishes an error it hands on for the first time, then routes on. */
function publishingNext(events: TraceEvents, message: RouterRequestMessage, next: Next): Next {
  if (message.errorHandler) recordError(message.req, message.incomingError)
  return (err) => {
    if (message.errorHandler && err !== message.incomingError) forgetError(message.req, message.incomingError)
    if (err && recordError(message.req, err)) {
      message.error = err
      events.error.publish(message)
    }
    next(err)
  }
}

function publishEnd(events: TraceEvents, message: RouterRequestMessage, async: boolean): void {
  if (!async || !('error' in message)) {
    events.end.publish(message)
    return
  }
  const error = message.error
  delete message.error
  events.end.publish(message)
  message.error = error
}

function publishAsyncEnd(events: TraceEvents, message: RouterRequestMessage): void {
  events.asyncEnd.publish(message)
}

function traceAsyncEnd(events: TraceEvents, message: RouterRequestMessage): void {
  events.asyncStart.runStores(message, publishAsyncEnd, undefined, events, message)
}

/** The message of a handler layer's call: an error handler's also names the error it gets. */
export function layerMessage(req: object, res: unknown, layer: { handle: unknown }, error: unknown): RouterRequestMessage {
  const route = matchedRoute(req)
  return error
    ? { req, res, incomingError: error, layer, handler: layer.handle, route, errorHandler: true }
    : { req, res, layer, handler: layer.handle, route }
}

/** The message of a `router.param` callback's call for the layer whose parameter it is. */
export function paramMessage(req: object, res: unknown, layer: unknown, fn: unknown, name: string): RouterRequestMessage {
  return { req, res, layer, handler: fn, route: matchedRoute(req), param: name }
}

/**
 * Calls `call(tracedNext)` (a handler given its `next`) with the events
 * published around it; a throw or a rejection goes to `errorNext` (by
 * default `next`), as the untraced call's catch would send it (a rejection
 * without a reason as an Error).
 */
export function callTraced(message: RouterRequestMessage, call: (next: Next) => unknown, next: Next, errorNext: Next = next): void {
  const events = routerRequestEvents as TraceEvents
  const tracedNext = publishingNext(events, message, next)
  const onError = errorNext === next ? tracedNext : publishingNext(events, message, errorNext)
  events.start.runStores(message, runCall, undefined, events, message, call, tracedNext, onError)
}

function runCall(events: TraceEvents, message: RouterRequestMessage, call: (next: Next) => unknown, tracedNext: Next, onError: Next): void {
  let ret: unknown
  try {
    ret = call(tracedNext)
  } catch (err) {
    onError(err)
    recordThrown(message, err, true)
    publishEnd(events, message, false)
    return
  }
  const async = isPromiseLike(ret)
  if (async) warnPromiseLike(ret, 'handlers')
  else message.result = ret
  publishEnd(events, message, async)
  if (!async) return
  let settled = false
  const rejected = (err: unknown): void => {
    onError(err)
    if (settled) return
    settled = true
    recordThrown(message, err, false)
    traceAsyncEnd(events, message)
  }
  try {
    ;(ret as PromiseLike<unknown>).then(
      (value) => {
        if (settled) return
        settled = true
        message.result = value
        traceAsyncEnd(events, message)
      },
      onRejected(rejected),
    )
  } catch (err) {
    rejected(err)
  }
}

/**
 * Calls a `router.param` callback `fn(req, res, next, value, name)` with the
 * events published around it (the message has `param`). As the untraced
 * call: a throw goes to `next`, and so does a rejection (without a reason, as
 * an Error); a fulfilled promise calls nothing. A promise that settles before
 * the call has returned publishes its asyncStart after `end`.
 */
export function callParamTraced(
  message: RouterRequestMessage, fn: (req: unknown, res: unknown, next: Next, value: unknown, name: string) => unknown,
  next: Next, value: unknown, name: string,
): void {
  const events = routerRequestEvents as TraceEvents
  const tracedNext = publishingNext(events, message, next)
  let async = false
  let ended = false
  let settled = false
  let early: (() => void) | null = null
  const finish = (value: unknown, rejected: boolean): void => {
    if (!rejected) message.result = value
    else recordThrown(message, value, false)
    traceAsyncEnd(events, message)
  }
  const settle = (value: unknown, rejected: boolean): void => {
    if (settled) return
    settled = true
    if (!ended) early = () => finish(value, rejected)
    else finish(value, rejected)
  }
  const rejected = (err: unknown): void => {
    tracedNext(err)
    settle(err, true)
  }
  const run = (): void => {
    try {
      let ret: unknown
      try {
        ret = fn(message.req, message.res, tracedNext, value, name)
      } catch (err) {
        recordThrown(message, err, true)
        throw err
      }
      async = isPromiseLike(ret)
      if (!async) {
        message.result = ret
        return
      }
      warnPromiseLike(ret, 'parameters')
      try {
        ;(ret as PromiseLike<unknown>).then(
          (value) => settle(value, false),
          onRejected(rejected),
        )
      } catch (err) {
        rejected(err)
      }
    } catch (err) {
      tracedNext(err)
    } finally {
      publishEnd(events, message, async)
      ended = true
      if (early !== null) early()
    }
  }
  events.start.runStores(message, run)
}
