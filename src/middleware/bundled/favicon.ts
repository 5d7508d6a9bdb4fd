/**
 * `webfw.favicon([path], [options])` (3.x): answers `/favicon.ico` from
 * memory, as Connect 2's `favicon`, which was the serve-favicon package: the
 * icon at `path` (a file path or a Buffer; without one, webfw's own icon,
 * ./default-icon), cached with an ETag, `Cache-Control: public,
 * max-age=<maxAge>` (option `maxAge`, default one year, in ms or an ms
 * string), 405 for methods other than GET, HEAD and OPTIONS. Other paths go
 * on. Place it early so favicon requests skip the rest of the stack (and the
 * logger).
 */
import serveFavicon from 'serve-favicon'
import { defaultIcon } from './default-icon'
import { deprecateBundled } from './deprecation'

/**
 * @example
 * app.use(webfw.favicon(__dirname + '/public/favicon.ico', { maxAge: '1d' }))
 */
export function favicon(path?: string | Buffer, options?: Parameters<typeof serveFavicon>[1]) {
  deprecateBundled('webfw.favicon([path], [options])', 'the serve-favicon package')
  return serveFavicon(path || defaultIcon(), options)
}
