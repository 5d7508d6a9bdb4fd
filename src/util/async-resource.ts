/**
 * Making node:async_hooks' AsyncResource on a request's path (body reading,
 * reqlog's wait for the response's end, sendFile).
 *
 * Held in a constant rather than read from node:async_hooks' exports at each
 * use: V8's optimiser left that read a generic property load (an inline-cache
 * call). And given options equal to its defaults, as an ordinary frozen
 * object: without them the constructor reads `triggerAsyncId` and
 * `requireManualDestroy` from its default, a frozen object without a
 * prototype, which V8 keeps as a dictionary and reads through inline-cache
 * calls. Together about 150 instructions a resource on Node 24 (docs/perf.md,
 * "Node's module objects").
 */
import { AsyncResource as NodeAsyncResource } from 'node:async_hooks'

const AsyncResource = NodeAsyncResource
export type AsyncResource = NodeAsyncResource

/** The constructor's defaults: the current default trigger, destroyed by the garbage collector. */
const DEFAULT_OPTIONS = Object.freeze({ triggerAsyncId: undefined, requireManualDestroy: false })

/**
 * `new AsyncResource(type)`.
 * @example
 * const scope = newAsyncResource('webfw.bodyParser')
 * scope.runInAsyncScope(done, null, err, body)
 */
export function newAsyncResource(type: string): AsyncResource {
  return new AsyncResource(type, DEFAULT_OPTIONS)
}
