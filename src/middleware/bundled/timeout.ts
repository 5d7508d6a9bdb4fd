/**
 * `webfw.timeout([ms], [options])` (3.x): as Connect 2's `timeout`, which was
 * the connect-timeout package. After `ms` (default 5000; a number or an ms
 * string such as '10s') without response headers, `req.timedout` becomes true,
 * `req` emits 'timeout', and (unless `respond: false`) `next` receives a 503
 * error (`code` 'ETIMEDOUT', `timeout` the delay). `req.clearTimeout()` stops
 * the timer. Later middleware should check `req.timedout` before going on.
 */
import timeoutPackage from 'connect-timeout'
import { deprecateBundled } from './deprecation'

/**
 * @example
 * app.use(webfw.timeout('2s'))
 * app.use((req, res, next) => { if (!req.timedout) next() })
 */
export function timeout(time?: number | string, options?: timeoutPackage.TimeoutOptions) {
  deprecateBundled('webfw.timeout([ms], [options])', 'the connect-timeout package')
  return timeoutPackage(time as string, options)
}
