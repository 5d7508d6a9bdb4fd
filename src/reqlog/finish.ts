/**
 * When a response is over: `afterResponse(res, fn)` calls `fn` once, when the
 * response has finished or its connection closed first, in the async context
 * of the caller (so AsyncLocalStorage stores set before the logger are seen
 * by tokens), as morgan's on-finished does.
 *
 * Why not on-finished on this path: it runs on every logged request, and
 * on-finished attaches four listeners through ee-first (response `end` and
 * `finish`, socket `error` and `close`, each a fresh closure) and removes them
 * again. A Node response already says both things itself: it emits `finish`
 * when sent and `close` when over (after `finish`, or when the connection went
 * first). Two listeners and a flag do the job: with a `:method` logger the
 * garbage per request fell from 3.4 KB to 1.1 KB (`--trace-gc`, Node 20; see
 * docs/perf.md). Objects that are not Node responses (no boolean
 * `writableEnded`) still go through on-finished.
 *
 * Several loggers on one app share that pair of listeners: each response
 * holds one queue of (scope, fn) under a symbol, so twelve loggers add two
 * listeners, not twenty-four (Node warns of a leak past ten of one event).
 */
import onFinished from 'on-finished'
import { newAsyncResource, type AsyncResource } from '../util/async-resource'
import type { LogResponse } from './types'

interface NodeResponse extends LogResponse {
  writableEnded: boolean
  destroyed?: boolean
  socket?: { writable?: boolean } | null
  on(event: string, listener: () => void): unknown
}

/** The callbacks waiting for a response's end, as (scope, fn) pairs; null once they ran. */
const waiting = Symbol('reqlog.afterResponse')

type Waiting = Array<AsyncResource | (() => void)>

interface TrackedResponse extends NodeResponse {
  [waiting]?: Waiting | null
}

/** Calls `fn()` once when `res` is over, in the caller's async context. */
export function afterResponse(res: LogResponse, fn: () => void): void {
  // a Node response (or one behaving as one): a boolean `writableEnded` and `on`
  const ended = (res as Partial<NodeResponse>).writableEnded
  if (typeof ended !== 'boolean' || typeof (res as Partial<NodeResponse>).on !== 'function') {
    onFinished(res as never, fn)
    return
  }
  const tracked = res as TrackedResponse
  const scope = newAsyncResource('reqlog')
  const queue = tracked[waiting]
  if (queue === null || ended || alreadyGone(tracked)) {
    // on-finished's rule: a response already over is reported on the next turn
    setImmediate(() => scope.runInAsyncScope(fn))
    return
  }
  if (queue !== undefined) {
    // another logger already listens on this response: wait in its queue
    queue.push(scope, fn)
    return
  }
  tracked[waiting] = [scope, fn]
  // `close` follows `finish` on the next tick; the queue, emptied to null,
  // makes it a no-op then. (`on`, not `once`: once allocates a wrapper per
  // listener. One listener function for every response, which finds its
  // queue on the response it is called on, rather than a closure per response.)
  tracked.on('finish', runWaiting)
  tracked.on('close', runWaiting)
}

/** Whether the response was destroyed or its socket can no longer write: no `finish` or `close` to wait for. */
function alreadyGone(res: NodeResponse): boolean {
  const socket = res.socket
  return res.destroyed === true || (socket != null && socket.writable === false)
}

/** The `finish` and `close` listener: runs the response's queue once, each callback in its scope. */
function runWaiting(this: TrackedResponse): void {
  const own = this[waiting]
  if (!own) return
  this[waiting] = null
  for (let i = 0; i < own.length; i += 2) (own[i] as AsyncResource).runInAsyncScope(own[i + 1] as () => void)
}
