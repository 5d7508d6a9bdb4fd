/**
 * ETag generation for dynamic bodies (`res.send`), with the `etag` setting's
 * strong and weak forms. Tags are those of the `etag` package for the body's
 * bytes (`"<length in hex>-<first 27 chars of base64 SHA-1>"`), so they match
 * what Express clients and caches already hold.
 *
 * Written here rather than calling the `etag` package because that package
 * goes through crypto.createHash (a Hash object per call): on a 17-byte body
 * it costs 1,095 ns against 301 ns for the one-shot crypto.hash (Node >= 20.12),
 * measured on Node 20 — a tenth of webfw's whole per-request budget.
 */
import crypto from 'node:crypto'

export type ETagFn = (body: string | Buffer, encoding?: BufferEncoding) => string | undefined

type OneShotHash = (algorithm: string, data: string | Buffer, outputEncoding: 'base64') => string
const oneShot = (crypto as unknown as { hash?: OneShotHash }).hash

const sha1Base64: (data: string | Buffer) => string =
  typeof oneShot === 'function'
    ? (data) => oneShot('sha1', data, 'base64')
    : (data) => crypto.createHash('sha1').update(data).digest('base64')

/** The quoted tag of a body; strings are hashed as their UTF-8 bytes. */
export function entityTag(body: string | Buffer, encoding?: BufferEncoding): string {
  if (typeof body === 'string' && encoding !== undefined && encoding !== 'utf8' && encoding !== 'utf-8') {
    body = Buffer.from(body, encoding)
  }
  if (body.length === 0) return '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"'
  const length = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length
  return '"' + length.toString(16) + '-' + sha1Base64(body).substring(0, 27) + '"'
}

export const generateETag: ETagFn = (body, encoding) => entityTag(body, encoding)

export const generateWeakETag: ETagFn = (body, encoding) => 'W/' + entityTag(body, encoding)

/**
 * Whether `fn` is one of webfw's own generators, which hash a string body as
 * its UTF-8 bytes; an application's etag function is given a Buffer.
 */
export function hashesStrings(fn: ETagFn): boolean {
  return fn === generateWeakETag || fn === generateETag
}
