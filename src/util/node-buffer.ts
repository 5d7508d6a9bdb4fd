/**
 * node:buffer's `Buffer`, for the modules a request passes through.
 *
 * The module's Buffer rather than the global, which is a getter from Node 22
 * on (a call on each use). Held in a constant here rather than read from
 * node:buffer's exports object at each use (`node_buffer_1.Buffer` in the
 * CommonJS build): V8's optimiser left that read a generic property load, an
 * inline-cache call, in `res.send`'s body step (docs/perf.md, "Node's module
 * objects"). Reads of this module's export are ordinary field loads.
 */
import { Buffer as NodeBuffer } from 'node:buffer'

export const Buffer = NodeBuffer
export type Buffer = NodeBuffer
