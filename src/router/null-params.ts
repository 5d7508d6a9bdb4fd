/**
 * Parameter objects with no prototype, as Express 5 gives `req.params`.
 *
 * Two ways to make one, each cheaper in its own case (callgrind, a loop
 * making, filling and copying one; bench numbers in docs/perf.md,
 * "Null-prototype parameters"):
 *  - filled with parameters: an ordinary object switched to a null prototype
 *    keeps fast properties, while `Object.create(null)` is a dictionary from
 *    the start, slow to fill, read and copy (mergeParams);
 *  - left empty (a route without parameters): `Object.create(null)` costs a
 *    third less than `Object.setPrototypeOf`, a runtime call on Node 24.
 */

/** A null-prototype object about to receive a pattern's parameters. */
export function nullPrototype(): Record<string, unknown> {
  const params = {}
  Object.setPrototypeOf(params, null)
  return params
}

/** A null-prototype object for a layer without parameters (usually left empty). */
export function emptyNullPrototype(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>
}
