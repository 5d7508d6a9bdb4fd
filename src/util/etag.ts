/**
 * ETag generation for dynamic bodies (`res.send`), with the `etag` setting's
 * strong and weak forms. Tags are those of the `etag` package for the body's
 * bytes (`"<length in hex>-<first 27 chars of base64 SHA-1>"`), so they match
 * what Express clients and caches already hold; for 3.x, those of the etag
 * 1.7 that Express 3 used (`"<length in hex>-<base64 MD5 without padding>"`).
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

const md5Base64: (data: string | Buffer) => string =
  typeof oneShot === 'function'
    ? (data) => oneShot('md5', data, 'base64')
    : (data) => crypto.createHash('md5').update(data).digest('base64')

function bytesOf(body: string | Buffer, encoding?: BufferEncoding): string | Buffer {
  if (typeof body === 'string' && encoding !== undefined && encoding !== 'utf8' && encoding !== 'utf-8') {
    return Buffer.from(body, encoding)
  }
  return body
}

function lengthOf(body: string | Buffer): string {
  return (typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length).toString(16)
}

/** The quoted tag of a body; strings are hashed as their UTF-8 bytes. */
export function entityTag(body: string | Buffer, encoding?: BufferEncoding): string {
  const bytes = bytesOf(body, encoding)
  if (bytes.length === 0) return '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"'
  return '"' + lengthOf(bytes) + '-' + sha1Base64(bytes).substring(0, 27) + '"'
}

/** The quoted tag of a body as etag 1.7 (Express 3) made it: MD5, its base64 padding dropped. */
export function entityTagMd5(body: string | Buffer, encoding?: BufferEncoding): string {
  const bytes = bytesOf(body, encoding)
  if (bytes.length === 0) return '"0-1B2M2Y8AsgTpgAmY7PhCfg"'
  return '"' + lengthOf(bytes) + '-' + md5Base64(bytes).substring(0, 22) + '"'
}

export const generateETag: ETagFn = (body, encoding) => entityTag(body, encoding)

export const generateWeakETag: ETagFn = (body, encoding) => 'W/' + entityTag(body, encoding)

/** The generators behind the `etag` setting's "strong" and "weak" (and true) values. */
export interface ETagGenerators {
  readonly strong: ETagFn
  readonly weak: ETagFn
}

export const sha1ETags: ETagGenerators = Object.freeze({ strong: generateETag, weak: generateWeakETag })

export const md5ETags: ETagGenerators = Object.freeze({
  strong: (body: string | Buffer, encoding?: BufferEncoding) => entityTagMd5(body, encoding),
  weak: (body: string | Buffer, encoding?: BufferEncoding) => 'W/' + entityTagMd5(body, encoding),
})

/**
 * Whether `fn` is one of webfw's own generators, which hash a string body as
 * its UTF-8 bytes; an application's etag function is given a Buffer.
 */
export function hashesStrings(fn: ETagFn): boolean {
  return fn === generateWeakETag || fn === generateETag || fn === md5ETags.weak || fn === md5ETags.strong
}
