/**
 * `webfw.limit(size)` (3.x, deprecated already in Connect 2): refuses request
 * bodies larger than `size` (bytes, or a string such as '5mb'):
 * - a `Content-Length` above it is a 413 passed to `next`, after the body is
 *   read off (within src/util/drain.ts's bound) so the client reads the answer;
 * - a body without one (chunked) is counted as it streams; when it goes over,
 *   the middleware reading it (a body parser below) gets a 413 error and
 *   passes it to `next` (Connect 2 destroyed the connection instead, leaving
 *   the client without an answer).
 * Nested `limit` middleware apply only the first. Written by hand: there is
 * no maintained package for it (Connect's own was removed in Connect 3); the
 * body parsers' `limit` option is the replacement.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import bytes from 'bytes'
import createError from 'http-errors'
import { drainRequest } from '../../util/drain'
import { deprecateBundled } from './deprecation'
import type { Middleware, Next } from './types'
import { Buffer } from '../../util/node-buffer'

/** Requests a `limit` middleware already watches (Connect marked them with `req._limit`). */
const watched = new WeakSet<IncomingMessage>()

/** `size` in bytes: a number, or a string `bytes` understands; throws for anything else. */
export function parseLimit(size: unknown, who: string): number {
  const n = typeof size === 'string' ? bytes.parse(size) : size
  if (typeof n !== 'number' || !(n >= 0)) throw new TypeError(`${who}: the size must be a number of bytes or a string such as "5mb"`)
  return n
}

export function tooLargeError(limit: number, length?: number): Error {
  return createError(413, 'request entity too large', { type: 'entity.too.large', limit, length, expected: length })
}

/** The declared body length when it is a usable integer. */
export function declaredLength(req: IncomingMessage): number | undefined {
  const value = req.headers['content-length']
  if (value === undefined) return undefined
  const n = Number(value)
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined
}

/**
 * Passes a 413 to `next` (after reading off the body) when the declared
 * length is over `limit`; returns whether it did.
 */
export function refuseDeclaredOverLimit(req: IncomingMessage, res: ServerResponse, limit: number, next: Next): boolean {
  const length = declaredLength(req)
  if (length === undefined || length <= limit) return false
  const err = tooLargeError(limit, length)
  drainRequest(req, res, () => next(err))
  return true
}

/**
 * Watches a streaming body; once more than `limit` bytes arrived, whoever
 * reads the body (a body parser below) gets no more of it and is told with
 * a 413 'error' event on the request, which parsers pass to `next` (their
 * own reading stops and the rest is read off). With no reader listening for
 * errors the 413 is answered here, with `Connection: close`.
 */
function watchStream(req: IncomingMessage, res: ServerResponse, limit: number): void {
  let received = 0
  function count(chunk: Buffer | string): void {
    received += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length
    if (received <= limit) return
    req.removeListener('data', count)
    req.unpipe()
    const err = tooLargeError(limit)
    if (req.listenerCount('error') > 0) {
      req.emit('error', err)
    } else if (res.headersSent) {
      req.socket?.destroy()
    } else {
      res.statusCode = 413
      res.setHeader('Connection', 'close')
      res.setHeader('Content-Type', 'text/plain; charset=utf-8')
      res.end('Payload Too Large')
      drainRequest(req, res, noop)
    }
  }
  // Counting starts when someone starts reading: listening to 'data' now
  // would switch the request to flowing mode before any reader is there.
  req.on('newListener', function onReader(event: string) {
    if (event !== 'data') return
    req.removeListener('newListener', onReader)
    req.on('data', count)
  })
}

function noop(): void {}

/**
 * @example
 * app.use('/upload', webfw.limit('5mb'))
 */
export function limit(size: number | string): Middleware {
  deprecateBundled('webfw.limit(size)', 'the `limit` option of the body parser (webfw.json, webfw.urlencoded, ...)')
  const max = parseLimit(size, 'limit()')
  return function limit(req, res, next) {
    if (watched.has(req)) {
      next()
      return
    }
    watched.add(req)
    if (refuseDeclaredOverLimit(req, res, max, next)) return
    if (declaredLength(req) === undefined) watchStream(req, res, max)
    next()
  }
}
