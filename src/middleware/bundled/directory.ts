/**
 * `webfw.directory(root, [options])` (3.x): directory listings (HTML, JSON or
 * plain text, by `Accept`), as Connect 2's `directory`, which was the
 * serve-index package: options `hidden` (list dot-files), `icons`, `filter`
 * (a function `(filename, index, files, dir)`), all off by default, plus
 * `stylesheet`, `template`, `view`. It lists directories only; put
 * `webfw.static(root)` next to it to serve the files.
 */
import serveIndex from 'serve-index'
import { deprecateBundled } from './deprecation'

/**
 * @example
 * app.use('/files', webfw.directory(__dirname + '/public', { icons: true }))
 * app.use('/files', webfw.static(__dirname + '/public'))
 */
export function directory(root: string, options?: serveIndex.Options) {
  deprecateBundled('webfw.directory(root, [options])', 'the serve-index package')
  return serveIndex(root, options)
}
