/**
 * Charsets of request bodies: the `charset` parameter of a Content-Type
 * header, and decoding a body's bytes to text with it (iconv-lite, which
 * knows the Unicode encodings and the legacy code pages).
 */
import * as contentType from 'content-type'
import iconv from 'iconv-lite'
import { loadOnFirstCall } from '../../util/first-use'
import { memoize } from '../../util/memo'

type ParseContentType = (header: string) => { parameters: Record<string, string | undefined> }

/**
 * A reader of the lower-cased `charset` parameter of a Content-Type header
 * (null without one), through a `content-type` package's `parse`. A header the package cannot parse has no usable
 * charset: the parser's default applies, as in body-parser. Clients repeat
 * a handful of headers, so results are memoised in a small bounded map
 * (content-type.parse costs ~0.3 µs; a map hit ~20 ns).
 */
function charsetReader(parse: ParseContentType): (header: string | undefined) => string | null {
  const read = memoize((header) => {
    try {
      const charset = parse(header).parameters.charset
      return charset ? charset.toLowerCase() : null
    } catch {
      return null
    }
  })
  return (header) => (header === undefined ? null : read(header))
}

/**
 * body-parser 2's reading (content-type 2, 5.x).
 *
 * @example
 * headerCharset('text/plain; charset=KOI8-R') // 'koi8-r'
 */
export const headerCharset = charsetReader(contentType.parse as unknown as ParseContentType)

/**
 * body-parser 1's (content-type 1, 4.x and 3.x), which refuses more headers
 * (`text/plain; charset=latin1;`, a parameter without "="): their charset
 * is the default.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const headerCharset1 = charsetReader(loadOnFirstCall(() => (require('content-type-v1') as { parse: ParseContentType }).parse))

/** Whether iconv-lite can decode `charset` (memoised: its lookup canonicalises the name each time). */
export const charsetExists: (charset: string) => boolean = memoize((charset) => iconv.encodingExists(charset))

function isUtf8(charset: string): boolean {
  return charset === 'utf-8' || charset === 'utf8'
}

/**
 * The text of `buf` in `charset`, without a leading byte-order mark.
 * UTF-8 is decoded by Buffer#toString rather than iconv-lite: for a 1 KB body
 * that is 0.21 µs against 0.75 µs (Node 20), and UTF-8 is nearly every body.
 */
export function decodeBody(buf: Buffer, charset: string): string {
  if (isUtf8(charset)) {
    return buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf
      ? buf.toString('utf8', 3)
      : buf.toString('utf8')
  }
  return iconv.decode(buf, charset)
}
