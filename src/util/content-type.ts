/**
 * Content-Type helpers: `contentTypeFor` (what 5.x's `res.set('Content-Type', v)`
 * stores: the mime-types form with a charset for text types) and
 * `setCharset`. Both are pure functions of short strings that responses
 * repeat constantly, so their results are memoised in small bounded maps.
 */
import * as contentType from 'content-type'
import mime from 'mime-types'
import { memoize } from './memo'

/**
 * mime.contentType(value): false for a value it cannot read (no "/" and no
 * known extension, or empty). Express 5 stores that false as the header, so
 * `res.get` answers false, `res.send`/`res.json` then set their own type, and
 * a bare `res.end` sends "Content-Type: false".
 */
export const contentTypeFor = memoize((value): string | false => mime.contentType(value))

const withUtf8 = memoize((type) => {
  const parsed = contentType.parse(type)
  parsed.parameters.charset = 'utf-8'
  return contentType.format(parsed)
})

/** The type with its `charset` parameter set; throws on a malformed type. */
export function setCharset(type: string, charset: string): string {
  if (!type || !charset) return type
  if (charset === 'utf-8') return withUtf8(type)
  const parsed = contentType.parse(type)
  parsed.parameters.charset = charset
  return contentType.format(parsed)
}
