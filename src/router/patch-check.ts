/**
 * One check for a silent failure: an Express 4 app keeps
 * `require('express-async-errors')`, but the `express` that package requires
 * is another package (a real Express, or a second copy of webfw), so its
 * patch lands there, and a rejected promise from an async handler leaves the
 * request hanging instead of reaching the error handlers. The check runs
 * when the first router of a profile that does not forward rejections itself
 * is compiled (once per profile), and warns instead of staying silent.
 */
import type { Layer } from './layer'

/** The package's main module in `require.cache` (npm, yarn and pnpm layouts). */
const PACKAGE_MAIN = /[\\/]node_modules[\\/]express-async-errors[\\/]index\.js$/

const checked = new WeakSet<typeof Layer>()
let warned = false

/**
 * Warns (code `WEBFW_ASYNC_ERRORS_ELSEWHERE`, once per process) when
 * express-async-errors is loaded but did not patch `LayerClass`, the layers
 * of the router compiled.
 * @example
 * if (!style.catchRejections) checkAsyncErrorsPatch(Layer)
 */
export function checkAsyncErrorsPatch(LayerClass: typeof Layer): void {
  if (checked.has(LayerClass)) return
  checked.add(LayerClass)
  // Its patch is a `handle` accessor on the prototype of the Layer it loaded.
  if (Object.getOwnPropertyDescriptor(LayerClass.prototype, 'handle')?.set !== undefined) return
  // No module cache to look in when a bundler took `require` away.
  const cache = typeof require === 'function' ? require.cache : undefined
  if (warned || cache === undefined || !Object.keys(cache).some((file) => PACKAGE_MAIN.test(file))) return
  warned = true
  process.emitWarning(
    'express-async-errors is loaded, but its patch did not reach these webfw routers: rejected promises ' +
      'from their handlers will not reach error handlers. It patches the package "express" resolves to: ' +
      'make that webfw, and use webfw/v4 (see "Packages that require Express 4 internals" in webfw\'s docs/migration.md).',
    { code: 'WEBFW_ASYNC_ERRORS_ELSEWHERE' },
  )
}
