/**
 * Content-Type helpers: `contentTypeFor` (what `res.set('Content-Type', v)`
 * stores: the mime-types form with a charset for text types) and
 * `setCharset`. Both are pure functions of short strings that responses
 * repeat constantly, so their results are memoised in small bounded maps.
 */
import * as contentType from 'content-type'
import mime from 'mime-types'

const MAX_ENTRIES = 256

function memo(fn: (key: string) => string): (key: string) => string {
  const cache = new Map<string, string>()
  return (key) => {
    let value = cache.get(key)
    if (value === undefined) {
      value = fn(key)
      if (cache.size >= MAX_ENTRIES) cache.clear()
      cache.set(key, value)
    }
    return value
  }
}

/** mime.contentType(value), or the value itself when mime-types rejects it. */
export const contentTypeFor = memo((value) => mime.contentType(value) || value)

const withUtf8 = memo((type) => {
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
