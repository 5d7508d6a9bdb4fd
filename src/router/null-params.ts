/**
 * Parameter objects with no prototype, as Express 5 gives `req.params`.
 *
 * Not `Object.create(null)`: V8 makes that a dictionary from the start,
 * which is slow to fill, read and copy (mergeParams); an ordinary object
 * switched to a null prototype keeps fast properties, and a pattern's
 * parameters are the same few names on every request (docs/perf.md,
 * "Null-prototype parameters").
 */
export function nullPrototype(): Record<string, unknown> {
  const params = {}
  Object.setPrototypeOf(params, null)
  return params
}
