/**
 * `webfw.staticCache(...)` (3.x, deprecated already in Connect 2, removed in
 * Connect 3): Connect's in-memory cache in front of `static`. webfw keeps
 * the name, not the cache (an HTTP cache or reverse proxy does that job
 * better, and files are served from the OS page cache anyway):
 * - `staticCache([options])`, the Connect form, placed above
 *   `webfw.static(root)`: passes every request on, so `static` below answers
 *   it exactly as it would alone (`maxObjects`, `maxLength` are accepted and
 *   have no effect);
 * - `staticCache(root, [options])`: the same as `webfw.static(root, options)`.
 * Either warns once that it is deprecated.
 */
import type { Factory } from '../../factory'
import { deprecateBundled } from './deprecation'
import type { Middleware } from './types'

/**
 * Builds `staticCache` over the `static` of `factory`.
 *
 * @example
 * app.use(webfw.staticCache())
 * app.use(webfw.static(__dirname + '/public'))
 */
export function createStaticCache(factory: Factory) {
  return function staticCache(rootOrOptions?: string | Record<string, unknown>, options?: Record<string, unknown>): Middleware {
    deprecateBundled('webfw.staticCache(...)', 'an HTTP cache or reverse proxy in front of webfw.static')
    if (typeof rootOrOptions === 'string') return (factory.static as (root: string, opts?: unknown) => Middleware)(rootOrOptions, options)
    return function staticCache(_req, _res, next) {
      next()
    }
  }
}
