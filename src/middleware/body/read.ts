/**
 * The shared body reader under the four parsers: reads a request's body into
 * one Buffer, inflating it when it is compressed, and never holds more than
 * `limit` bytes.
 *
 * - A `Content-Length` body (identity coding) is checked against the limit
 *   before any byte is read. A body that arrives as one chunk (most small
 *   bodies) is used as it is; one in several chunks is copied into one buffer
 *   of exactly the announced size. A body longer or shorter than announced is
 *   a 400. One that is already whole in the request's buffer on the tick
 *   after the parser ran is taken with one read (`readBodyInContext`).
 * - A chunked or compressed body is counted as it streams (after inflation),
 *   so a gzip bomb stops at `limit` with a 413 instead of filling memory.
 * - On any failure the decompressor is destroyed, our listeners are removed
 *   and the rest of the request is read off and discarded before the callback
 *   runs, so the error response never races the upload and nothing leaks —
 *   up to a bound: past DRAIN_MAX more bytes (src/util/drain.ts) the error
 *   goes out at once instead of waiting for the rest of an upload that may
 *   never end (whose connection is closed if it goes on much longer). A
 *   client abort ends the read at once with `request.aborted`.
 */
import { IncomingMessage, type ServerResponse } from 'node:http'
import type { Transform } from 'node:stream'
import zlib from 'node:zlib'
import { newAsyncResource } from '../../util/async-resource'
import { drainRequest } from '../../util/drain'
import { asBodyError, bodyError, tooLarge, tooLargeDeclared, type BodyError } from './errors'
import { Buffer } from '../../util/node-buffer'

export type ReadCallback = (err: BodyError | null, body?: Buffer) => void

/** A reader's arguments: `readBody`'s, with the response required. */
type BodyRead = (req: IncomingMessage, contentLength: number, limit: number, inflate: Inflate, done: ReadCallback, res: ServerResponse) => void

type ZstdZlib = typeof zlib & { createZstdDecompress?: () => Transform }

/**
 * The content codings a parser undoes (the version's list: 5.x gzip,
 * deflate, br and zstd, as body-parser 2; 4.x and 3.x gzip and deflate, as
 * body-parser 1), or null with `inflate: false`.
 */
export type Inflate = ReadonlySet<string> | null

/** The maker of a decompressor for `coding`, or undefined for a coding the reader cannot undo. */
function decompressorMaker(coding: string): (() => Transform) | undefined {
  switch (coding) {
    case 'gzip':
      return zlib.createGunzip
    case 'deflate':
      return zlib.createInflate
    case 'br':
      return zlib.createBrotliDecompress
    case 'zstd': {
      // Node 22.15+ only; elsewhere zstd is an unsupported coding like any other.
      const create = (zlib as ZstdZlib).createZstdDecompress
      return typeof create === 'function' ? create : undefined
    }
    default:
      return undefined
  }
}

/** The lower-cased Content-Encoding of `req` ("identity" without one). */
function codingOf(req: IncomingMessage): string {
  const header = req.headers['content-encoding']
  return header === undefined ? 'identity' : header.trim().toLowerCase()
}

/** The 415 for a body in `coding` (any coding with `inflate` off, one not in the list always), or undefined. */
function codingRefusal(coding: string, inflate: Inflate): BodyError | undefined {
  if (coding === 'identity') return undefined
  if (inflate === null) return bodyError(415, 'content encoding unsupported', { encoding: coding, type: 'encoding.unsupported' })
  if (inflate.has(coding) && decompressorMaker(coding) !== undefined) return undefined
  return bodyError(415, 'unsupported content encoding "' + coding + '"', { encoding: coding, type: 'encoding.unsupported' })
}

/**
 * The error the reader would give `req` for its Content-Encoding before
 * reading anything, or undefined. For a parser that has another error to
 * report once the coding is found acceptable (an unknown charset:
 * body-parser checks the coding first).
 */
export function codingError(req: IncomingMessage, inflate: Inflate): BodyError | undefined {
  return codingRefusal(codingOf(req), inflate)
}

/** The declared length (`Number` of the Content-Length header) when it is a usable non-negative integer. */
function declaredLength(n: number): number | undefined {
  // Number.isSafeInteger for n >= 0, written out: the builtin is a call into C++ here.
  return n >= 0 && n <= Number.MAX_SAFE_INTEGER && n % 1 === 0 ? n : undefined
}

/**
 * Reads off whatever is left of the request (at most DRAIN_MAX bytes, see
 * src/util/drain.ts), then calls `fn`.
 */
export function drain(req: IncomingMessage, res: ServerResponse | undefined, fn: () => void): void {
  drainRequest(req, res, fn)
}

function abortedError(received: number, expected: number | undefined): BodyError {
  // Without a declared length (chunked, compressed) body-parser says null.
  const length = expected ?? null
  return bodyError(400, 'request aborted', { code: 'ECONNABORTED', expected: length, length, received, type: 'request.aborted' })
}

/**
 * Reads the body of `req` (which must have one) and calls `done` once, with
 * the bytes or with an error carrying `status` and `type`. `contentLength`
 * is `Number(req.headers['content-length'])` (NaN without the header), which
 * the caller has already converted.
 *
 * @example
 * readBody(req, Number(req.headers['content-length']), 100 * 1024, bodyStyle.codings, (err, buf) => { if (err) return next(err); ... }, res)
 */
export function readBody(
  req: IncomingMessage,
  contentLength: number,
  limit: number,
  inflate: Inflate,
  done: ReadCallback,
  res?: ServerResponse,
): void {
  const coding = codingOf(req)

  let expected: number | undefined
  let decompressor: Transform | undefined
  if (coding === 'identity') {
    expected = declaredLength(contentLength)
    if (expected !== undefined && expected > limit) {
      const declared = expected
      drain(req, res, () => done(tooLargeDeclared(limit, declared)))
      return
    }
    // `req.setEncoding()` was called: the chunks would be text. body-parser's
    // reader refuses such a request, after the limit.
    if (req.readableEncoding !== null) {
      drain(req, res, () => done(bodyError(500, 'stream encoding should not be set', { type: 'stream.encoding.set' })))
      return
    }
  } else {
    const refused = codingRefusal(coding, inflate)
    if (refused !== undefined) {
      drain(req, res, () => done(refused))
      return
    }
    decompressor = (decompressorMaker(coding) as () => Transform)()
  }

  const source: NodeJS.ReadableStream = decompressor ?? req
  // A Content-Length body is kept as its first chunk while it is the only
  // one, and copied into `buffer` (exactly `expected` bytes) once a second
  // arrives. Taking the single chunk as it is saves an allocation and a copy
  // on nearly every JSON request: for a 1 KB body, Buffer.allocUnsafe plus the
  // copy cost ~240 ns (tinybench, Node 20), ~0.45 µs when caches are cold (a
  // profile of the stack scenario with 50 connections).
  let first: Buffer | undefined
  let buffer: Buffer | undefined
  let chunks: Buffer[] | undefined = expected === undefined ? [] : undefined
  let received = 0
  let settled = false

  function cleanup(): void {
    settled = true
    source.removeListener('data', onData)
    source.removeListener('end', onEnd)
    req.removeListener('error', onRequestError)
    req.removeListener('close', onClose)
    if (decompressor !== undefined) {
      // (only a decompressor got onSourceError)
      decompressor.removeListener('error', onSourceError)
      req.unpipe(decompressor)
      // A destroyed zlib stream may still report the input it was cut off
      // from; nobody needs that error any more.
      decompressor.on('error', noop)
      decompressor.destroy()
    }
  }

  function fail(err: BodyError): void {
    if (settled) return
    cleanup()
    first = undefined
    buffer = undefined
    chunks = undefined
    drain(req, res, () => done(err))
  }

  function onData(chunk: Buffer): void {
    if (settled) return
    const offset = received
    received += chunk.length
    if (received > limit) {
      fail(tooLarge(limit, received))
      return
    }
    if (expected === undefined) {
      ;(chunks as Buffer[]).push(chunk)
      return
    }
    if (received > expected) {
      fail(sizeMismatch(received, expected))
      return
    }
    if (buffer !== undefined) {
      chunk.copy(buffer, offset)
    } else if (first === undefined) {
      first = chunk
    } else {
      buffer = Buffer.allocUnsafe(expected)
      first.copy(buffer, 0)
      chunk.copy(buffer, offset)
      first = undefined
    }
  }

  function onEnd(): void {
    if (settled) return
    // An HTTP/2 stream reset mid-body is ended too (node:http2 ends the
    // request when its stream closes): what arrived is not the whole body.
    if (req.aborted) {
      fail(abortedError(received, expected))
      return
    }
    if (expected !== undefined && received !== expected) {
      fail(sizeMismatch(received, expected))
      return
    }
    const body = expected === undefined ? concat(chunks as Buffer[], received) : buffer ?? first ?? Buffer.alloc(0)
    cleanup()
    first = undefined
    buffer = undefined
    chunks = undefined
    // Trailing bytes after a compressed stream's end are read off so the
    // request can complete.
    if (decompressor !== undefined) req.resume()
    done(null, body)
  }

  function onSourceError(err: unknown): void {
    // Only a decompressor reports here (the request's own errors are aborts):
    // its error as zlib made it, a 400 with no `type`, as body-parser passes it on.
    fail(asBodyError(400, err, {}))
  }

  function onRequestError(err: unknown): void {
    // Node's own request errors are aborts; an HTTP error emitted on the
    // request by middleware above (3.x `limit`: the body outgrew it) keeps
    // its status.
    const status = err !== null && typeof err === 'object' ? (err as { status?: unknown }).status : undefined
    fail(typeof status === 'number' && status >= 400 ? asBodyError(status, err, {}) : abortedError(received, expected))
  }

  function onClose(): void {
    // The request closing before all of it arrived means the client went
    // away mid-body. (A complete request may close while a decompressor is
    // still flushing its last bytes: that is not an abort.) An HTTP/2
    // request reset by the client counts as `complete`, but is `aborted`.
    if (!req.complete || req.aborted) fail(abortedError(received, expected))
  }

  source.on('data', onData)
  source.on('end', onEnd)
  if (decompressor !== undefined) {
    decompressor.on('error', onSourceError)
    req.pipe(decompressor)
  }
  req.on('error', onRequestError)
  req.on('close', onClose)
}

/**
 * `readBody` for a parser, with `done` called in the caller's async context
 * (AsyncLocalStorage stores set before the parser are seen after it, as with
 * body-parser, whose reader binds its callback to an AsyncResource).
 *
 * When nobody reads the request yet, the read starts on the next tick. By
 * then a small body has nearly always arrived: node:http runs the tick
 * queue after each call of its parser into JavaScript, so a body that came
 * in the packet of its head has been pushed into the request's buffer
 * (only the message's end is still to come). Such a body (node:http, no
 * coding, its declared length, within the limit) is taken with one
 * `req.read()`, and `done` runs on the request's `end`, as body-parser's
 * callback does: the handler finds the request ended and not destroyed, and
 * a second parser finds it finished. That is one listener instead of four
 * added and removed, and no closure per event (docs/perf.md, "Bodies that
 * arrived with their head"). Any other body goes to `readBody`'s listeners.
 *
 * @example
 * readBodyInContext(req, Number(req.headers['content-length']), 100 * 1024, bodyStyle.codings, (err, buf) => {}, res)
 */
export const readBodyInContext: BodyRead = function readBodyInContext(req, contentLength, limit, inflate, done, res) {
  // A request someone already reads (a `data` listener, a pipe) or paused
  // is read through listeners at once, so that no chunk passes before them.
  if (req.readableFlowing === null) process.nextTick(readArrived, req, contentLength, limit, inflate, done, res)
  else readWithListeners(req, contentLength, limit, inflate, done, res)
}

/** `readBody`, with `done` bound to the caller's async context (the stream's events arrive outside it). */
const readWithListeners: BodyRead = function readWithListeners(req, contentLength, limit, inflate, done, res) {
  const context = newAsyncResource('webfw.bodyParser')
  readBody(req, contentLength, limit, inflate, (err, buf) => context.runInAsyncScope(done, null, err, buf), res)
}

/** The tick's read: the body whole in the buffer taken at once, any other through `readWithListeners`. */
const readArrived: BodyRead = function readArrived(req, contentLength, limit, inflate, done, res) {
  const expected = declaredLength(contentLength)
  // Every byte of a Content-Length body is in the request's buffer, and
  // still nobody has listened for data, piped, paused or resumed it.
  if (
    expected !== undefined && expected <= limit && req.readableLength === expected && req.readableFlowing === null &&
    !req.destroyed && req instanceof IncomingMessage && req.headers['content-encoding'] === undefined &&
    req.readableEncoding === null
  ) {
    // 'end' comes from node:http's parser, outside the caller's context.
    const context = newAsyncResource('webfw.bodyParser')
    // One buffer however many chunks arrived; null for an empty body.
    const body = (req.read() as Buffer | null) ?? Buffer.alloc(0)
    const onEnd = (): void => {
      // (Removed, as body-parser's reader removes its own before its callback.)
      req.removeListener('end', onEnd)
      context.runInAsyncScope(done, null, null, body)
    }
    req.on('end', onEnd)
    // A paused stream whose buffer is empty never emits `end`: flowing, it
    // does once node:http pushes the message's end (or has pushed it).
    req.resume()
    return
  }
  readWithListeners(req, contentLength, limit, inflate, done, res)
}

function noop(): void {}

function sizeMismatch(received: number, expected: number | undefined): BodyError {
  return bodyError(400, 'request size did not match content length', { expected, length: expected, received, type: 'request.size.invalid' })
}

function concat(chunks: Buffer[], length: number): Buffer {
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length)
}
