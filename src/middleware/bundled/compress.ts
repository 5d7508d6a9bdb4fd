/**
 * `webfw.compress([options])` (3.x): gzip/deflate of response bodies, as
 * Connect 2's `compress`, which was the compression package itself: options
 * `filter` (default `compress.filter`, compressible types), `threshold`
 * (default 1kb), `level`, `chunkSize`, ... Place it high in the stack, above
 * the middleware whose responses it should compress.
 */
import compression from 'compression'
import { deprecateBundled } from './deprecation'

/**
 * @example
 * app.use(webfw.compress({ threshold: 512 }))
 */
export function compress(options?: compression.CompressionOptions) {
  deprecateBundled('webfw.compress([options])', 'the compression package')
  return compression(options)
}

/** The default `filter`: whether the response's Content-Type is compressible. */
compress.filter = compression.filter
