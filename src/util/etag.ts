/**
 * ETag generation for dynamic bodies (`res.send`), with the `etag` setting's
 * strong and weak forms. Tags are those of the `etag` package on the body's
 * bytes, so they match what Express clients and caches already hold.
 */
import etag from 'etag'

export type ETagFn = (body: string | Buffer, encoding?: BufferEncoding) => string | undefined

function toBuffer(body: string | Buffer, encoding?: BufferEncoding): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.from(body, encoding)
}

export const generateETag: ETagFn = (body, encoding) => etag(toBuffer(body, encoding), { weak: false })

export const generateWeakETag: ETagFn = (body, encoding) => etag(toBuffer(body, encoding), { weak: true })
