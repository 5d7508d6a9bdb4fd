/**
 * The errors of the body parsers. Every one is an `http-errors` error, so it
 * carries `status`/`statusCode`, `expose` (true below 500) and a `type` naming
 * the condition (`entity.too.large`, `charset.unsupported`, ...), which error
 * handlers and the final handler read. Messages are those Express's parsers
 * use, because applications match on them.
 */
import createError from 'http-errors'

export type BodyError = createError.HttpError

/** A new error of `status` with `message` and extra properties. */
export function bodyError(status: number, message: string, props: Record<string, unknown>): BodyError {
  return createError(status, message, props)
}

/**
 * Gives a thrown value (from `verify`, a parse function or zlib) a status —
 * its own `status` when it has one — and the extra properties. Non-errors are
 * wrapped so `next` always receives an Error.
 */
export function asBodyError(status: number, thrown: unknown, props: Record<string, unknown>): BodyError {
  const err = thrown instanceof Error ? thrown : new Error(String(thrown))
  return createError(status, err, props)
}

// The extra properties of the errors below are body-parser's (raw-body's),
// in its order and with its keys: error handlers that serialise the error
// (`res.json(err)`) send the same bytes.

/** A declared Content-Length over the limit, refused before reading. */
export function tooLargeDeclared(limit: number, expected: number): BodyError {
  return bodyError(413, 'request entity too large', { expected, length: expected, limit, type: 'entity.too.large' })
}

/** A body that outgrew the limit while being read. */
export function tooLarge(limit: number, received: number): BodyError {
  return bodyError(413, 'request entity too large', { limit, received, type: 'entity.too.large' })
}

export function unsupportedCharset(charset: string): BodyError {
  return bodyError(415, 'unsupported charset "' + charset.toUpperCase() + '"', { charset, type: 'charset.unsupported' })
}
