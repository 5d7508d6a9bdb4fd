/**
 * Parameter objects with no prototype, as Express 5 gives `req.params`.
 *
 * `Object.create(null)`: V8 makes it a dictionary, slower to fill and copy
 * than an object with fast properties, but switching an ordinary object to a
 * null prototype (`Object.setPrototypeOf`) is a runtime call that cost more
 * overall (callgrind: `param` on Node 24, 22 and 20, `nested-routers` on 24
 * and 20; docs/perf.md, "Dispatch steps and parameter objects"). Parameters
 * that are only copied into a merged object (mergeParams) are not made here
 * at all: see `bare` in dispatch.ts.
 */

/** A null-prototype object for a layer's parameters. */
export function nullPrototype(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>
}
