/**
 * express-async-errors on an Express 4 app that moved to webfw/v4 without
 * the `express` alias: the package requires `express/lib/router/layer`, and
 * where that is another package (a real Express 4 still installed, or a
 * second copy of webfw) its patch lands there. The app asked for rejected
 * promises from its handlers to reach its error handlers, so webfw/v4's
 * routers then do what the patch would have done: a handler, error handler
 * or param callback that returns a promise has its rejection passed to its
 * `next`, as it is (a rejection without a reason acts as `next()`, as with
 * the package). Checked when the first router of a profile that does not
 * forward rejections itself is compiled (once per Layer class).
 */
import type { Layer } from './layer'

/** The package's main module in `require.cache` (npm, yarn and pnpm layouts). */
const PACKAGE_MAIN = /[\\/]node_modules[\\/]express-async-errors[\\/]index\.js$/

const checked = new WeakSet<typeof Layer>()

/**
 * Makes the layers of `LayerClass` forward rejections as express-async-errors
 * would (`forwardsRejections` on its prototype) when the package is loaded
 * but did not patch that class.
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
  if (cache === undefined || !Object.keys(cache).some((file) => PACKAGE_MAIN.test(file))) return
  LayerClass.prototype.forwardsRejections = true
}
