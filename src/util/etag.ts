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
 * measured on Node 20 — a tenth of webfw's whole per-request budget. SHA-1
 * tags of ASCII bodies of up to 119 bytes are hashed in JavaScript (./sha1.ts).
 */
import crypto from 'node:crypto'
import { Buffer } from './node-buffer'
import { fitsShortSha1, shortAsciiSha1TagEnd } from './sha1'

/**
 * An `etag fn`: the body and its encoding. webfw's own generators also take
 * the body's length in bytes when the caller knows it (res.send has just
 * measured it for Content-Length), to skip measuring it again.
 */
export type ETagFn = (body: string | Buffer, encoding?: BufferEncoding, byteLength?: number) => string | undefined

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

/** Body lengths whose tag heads are kept: at most 4,096 short strings per generator. */
const HEAD_TABLE_SIZE = 4096

/**
 * A tag maker: `<opening>"<length in hex>-<first digits of the base64
 * hash>"`, strings hashed as their UTF-8 bytes; `empty` is the tag of an
 * empty body; `shortAscii`, where given, hashes short ASCII strings and
 * returns the digits with the closing quote. The
 * weak tag's `W/` is part of the first piece rather than
 * added in front afterwards: the short head (`W/"42f-`) is then one flat
 * string and the tag one piece shorter for the header writer to flatten.
 */
function tagMaker(hash: (data: string | Buffer) => string, digits: number, weak: boolean, emptyTag: string, shortAscii?: (data: string) => string): ETagFn {
  const opening = weak ? 'W/"' : '"'
  const empty = weak ? 'W/' + emptyTag : emptyTag
  // The head of the tag (`W/"42f-`) depends only on the body's length: kept
  // per length below HEAD_TABLE_SIZE, it is one load instead of a number
  // formatted in hex and two concatenations (docs/perf.md, "The ETag's tag head").
  const heads: (string | undefined)[] = new Array<string | undefined>(HEAD_TABLE_SIZE)
  return function tag(body: string | Buffer, encoding?: BufferEncoding, byteLength?: number): string {
    if (typeof body === 'string' && encoding !== undefined && encoding !== 'utf8' && encoding !== 'utf-8') {
      body = Buffer.from(body, encoding)
    }
    if (body.length === 0) return empty
    const length = typeof body !== 'string' ? body.length : byteLength !== undefined ? byteLength : Buffer.byteLength(body, 'utf8')
    let head = length < HEAD_TABLE_SIZE ? heads[length] : undefined
    if (head === undefined) {
      head = opening + length.toString(16) + '-'
      if (length < HEAD_TABLE_SIZE) heads[length] = head
    }
    // A short ASCII string is hashed in JavaScript, which costs less there
    // than the runtime's call (./sha1.ts).
    if (shortAscii !== undefined && typeof body === 'string' && fitsShortSha1(body, length)) {
      return head + shortAscii(body)
    }
    return head + hash(body).substring(0, digits) + '"'
  }
}

const SHA1_EMPTY = '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"'
const MD5_EMPTY = '"0-1B2M2Y8AsgTpgAmY7PhCfg"'

/** The quoted tag of a body (SHA-1, as the etag package makes it). */
export const generateETag: ETagFn = tagMaker(sha1Base64, 27, false, SHA1_EMPTY, shortAsciiSha1TagEnd)

/** The same tag, weak (`W/"..."`). */
export const generateWeakETag: ETagFn = tagMaker(sha1Base64, 27, true, SHA1_EMPTY, shortAsciiSha1TagEnd)

/** The generators behind the `etag` setting's "strong" and "weak" (and true) values. */
export interface ETagGenerators {
  readonly strong: ETagFn
  readonly weak: ETagFn
}

export const sha1ETags: ETagGenerators = Object.freeze({ strong: generateETag, weak: generateWeakETag })

/** The tags etag 1.7 (Express 3) made: MD5, its base64 padding dropped. */
export const md5ETags: ETagGenerators = Object.freeze({
  strong: tagMaker(md5Base64, 22, false, MD5_EMPTY),
  weak: tagMaker(md5Base64, 22, true, MD5_EMPTY),
})

/**
 * Whether `fn` is one of webfw's own generators, which hash a string body as
 * its UTF-8 bytes; an application's etag function is given a Buffer.
 */
export function hashesStrings(fn: ETagFn): boolean {
  return fn === generateWeakETag || fn === generateETag || fn === md5ETags.weak || fn === md5ETags.strong
}
