/**
 * The deprecation warning of Express 3's bundled middleware: emitted once per
 * call form (the first time `webfw.session(...)`, `webfw.logger(options)` ...
 * is called), naming what replaces it under webfw 4/5.
 */
import { deprecate } from '../../util/deprecate'

/**
 * Warns once that `form` is Express 3's bundled middleware and that
 * `replacement` does its job with webfw 4/5.
 *
 * @example
 * deprecateBundled('webfw.session(options)', 'the express-session package')
 * // DeprecationWarning: webfw.session(options) is Express 3's bundled middleware: use the express-session package with webfw 4/5
 */
export function deprecateBundled(form: string, replacement: string): void {
  deprecate(`${form} is Express 3's bundled middleware: use ${replacement} with webfw 4/5`)
}
