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
import { AsyncResource } from 'node:async_hooks'
import onFinished from 'on-finished'
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

/** Whether `res` is a Node ServerResponse (or behaves as one for finishing). */
function isNodeResponse(res: LogResponse): res is NodeResponse {
  return typeof (res as Partial<NodeResponse>).writableEnded === 'boolean' && typeof (res as NodeResponse).on === 'function'
}

/** Whether the response can no longer emit `finish` or `close` for us. */
function alreadyOver(res: NodeResponse): boolean {
  const socket = res.socket
  return res.writableEnded || res.destroyed === true || (socket != null && socket.writable === false)
}

/** Calls `fn()` once when `res` is over, in the caller's async context. */
export function afterResponse(res: LogResponse, fn: () => void): void {
  if (!isNodeResponse(res)) {
    onFinished(res as never, fn)
    return
  }
  const scope = new AsyncResource('reqlog')
  const tracked = res as TrackedResponse
  const queue = tracked[waiting]
  if (queue === null || alreadyOver(res)) {
    // on-finished's rule: a response already over is reported on the next turn
    setImmediate(() => scope.runInAsyncScope(fn))
    return
  }
  if (queue !== undefined) {
    // another logger already listens on this response: wait in its queue
    queue.push(scope, fn)
    return
  }
  const own: Waiting = [scope, fn]
  tracked[waiting] = own
  const over = (): void => {
    if (tracked[waiting] !== own) return
    tracked[waiting] = null
    for (let i = 0; i < own.length; i += 2) (own[i] as AsyncResource).runInAsyncScope(own[i + 1] as () => void)
  }
  // `close` follows `finish` on the next tick; the queue, emptied to null,
  // makes it a no-op then. (`on`, not `once`: once allocates a wrapper per listener.)
  res.on('finish', over)
  res.on('close', over)
}
