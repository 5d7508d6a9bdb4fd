/**
 * One check for a silent failure: an Express 4 app keeps
 * `require('express-async-errors')`, but the `express` that package requires
 * is another package (a real Express, or a second copy of webfw), so its
 * patch lands there, and a rejected promise from an async handler leaves the
 * request hanging instead of reaching the error handlers. The check runs
 * once per process, when the first router of a profile that does not forward
 * rejections itself is compiled, and warns instead of staying silent.
 */
import type { Layer } from './layer'

/** The package's main module in `require.cache` (npm, yarn and pnpm layouts). */
const PACKAGE_MAIN = /[\\/]node_modules[\\/]express-async-errors[\\/]index\.js$/

let checked = false

/**
 * Warns (code `WEBFW_ASYNC_ERRORS_ELSEWHERE`) when express-async-errors is
 * loaded but did not patch `LayerClass`, the layers of the router compiled.
 * @example
 * if (!style.catchRejections) checkAsyncErrorsPatch(Layer)
 */
export function checkAsyncErrorsPatch(LayerClass: typeof Layer): void {
  if (checked) return
  checked = true
  // Its patch is a `handle` accessor on the prototype of the Layer it loaded.
  if (Object.getOwnPropertyDescriptor(LayerClass.prototype, 'handle')?.set !== undefined) return
  if (!Object.keys(require.cache).some((file) => PACKAGE_MAIN.test(file))) return
  process.emitWarning(
    'express-async-errors is loaded, but it patched another package than this webfw (its "express" ' +
      'resolves elsewhere): rejected promises from handlers will not reach error handlers. ' +
      'Make "express" resolve to webfw (see "Packages that require Express 4 internals" in webfw\'s docs/migration.md).',
    { code: 'WEBFW_ASYNC_ERRORS_ELSEWHERE' },
  )
}
