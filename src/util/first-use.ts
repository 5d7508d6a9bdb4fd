/**
 * Functions from packages that only some generations use, required on their
 * first call: `require('webfw')` never loads 4.x's or 3.x's versions of a
 * package, and the first 4.x request that needs one pays the load once.
 */

/**
 * A function that calls `load()`'s result, loading it on the first call.
 *
 * @example
 * const fresh = loadOnFirstCall(() => require('fresh-v0.5'))
 */
export function loadOnFirstCall<F extends (...args: never[]) => unknown>(load: () => F): F {
  let fn: F | undefined
  return ((...args: Parameters<F>) => (fn ?? (fn = load()))(...args)) as F
}
