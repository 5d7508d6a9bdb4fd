/**
 * Objects with no prototype: Express 5's `req.params`, and the runtime
 * dialect's flat forms and queries (./flat-form.ts), as `querystring.parse`
 * makes them.
 *
 * Two ways to make one, each cheaper in its own case (callgrind; docs/perf.md,
 * "Null-prototype parameters"):
 *  - to be filled with parameters: an ordinary object switched to a null
 *    prototype keeps fast properties, while `Object.create(null)` is a
 *    dictionary from the start, slower to fill, read, copy (mergeParams) and
 *    serialise (`res.json(req.params)`); the switch is a runtime call, which
 *    costs less than the dictionary does once the parameters are used;
 *  - left empty (a layer without parameters): `Object.create(null)`, which
 *    skips that runtime call.
 * Parameters that are only copied into a merged object (mergeParams) are not
 * made here at all: see `bare` in src/router/dispatch.ts.
 */

/**
 * A null-prototype object about to receive a pattern's parameters (also
 * 5.x's app.settings and app.locals, and the runtime dialect's flat forms,
 * for the same reason: src/app/application.ts, ./flat-form.ts).
 */
export function nullPrototype(): Record<string, unknown> {
  const params = {}
  Object.setPrototypeOf(params, null)
  return params
}

/** A null-prototype object for a layer without parameters. */
export function emptyNullPrototype(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>
}
