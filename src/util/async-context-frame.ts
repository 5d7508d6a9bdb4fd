/**
 * Settles Node's async context frame before any request is served.
 *
 * From Node 24 each `process.nextTick` and each tick the queue runs reads and
 * swaps the current `AsyncContextFrame`. Node decides whether frames are on
 * the first time anything asks (`AsyncLocalStorage`, a timer's cleanup) and,
 * when they are, swaps the prototype of its internal frame class then. In a
 * plain HTTP server that first question comes during the first requests,
 * after the tick queue's code has learnt the old class, and that code keeps
 * generic property loads for good: about 7,000 instructions a request on
 * hello (Node 24.21; docs/perf.md, "The async context frame").
 *
 * Asking once when webfw loads (the `AsyncLocalStorage` getter is what asks)
 * moves the switch before any of that code runs. It changes nothing else:
 * the answer depends only on Node's command-line options, and every later
 * question gets the same one. Node versions without context frames only
 * load the class.
 */
import asyncHooks from 'node:async_hooks'

/** Reads `AsyncLocalStorage` (a getter on Node 24 that settles the frame class) and returns it. */
export function settleAsyncContextFrame(): unknown {
  return asyncHooks.AsyncLocalStorage
}

settleAsyncContextFrame()
