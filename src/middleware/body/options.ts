/**
 * The options every body parser shares — `limit`, `inflate`, `type`,
 * `verify` — validated and compiled once, when the middleware is created, so
 * a bad option fails at setup rather than on the first request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import bytes from 'bytes'
import typeis from 'type-is'
import { deprecate } from '../../util/deprecate'
import { memoize } from '../../util/memo'

export type VerifyFn = (req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null) => void
export type TypeMatcher = (req: IncomingMessage) => boolean

export interface CommonOptions {
  /** Largest body accepted, in bytes (after inflation). */
  limit: number
  inflate: boolean
  verify: VerifyFn | undefined
  shouldParse: TypeMatcher
}

/** The options object as given by the application. */
export interface BodyParserOptions {
  limit?: number | string | null
  inflate?: boolean
  type?: string | string[] | ((req: IncomingMessage) => unknown)
  verify?: VerifyFn
  [option: string]: unknown
}

/** Body-parser defaults and conventions that differ by version (data of the version profile). */
export interface BodyStyle {
  /** The `limit` default: "100kb"; "1mb" in 3.x (Connect 2's json and urlencoded). */
  readonly limit: string
  /** The `type` default of `json()`: "application/json"; 3.x also takes "application/*+json". */
  readonly jsonType: string | readonly string[]
  /** `verify(req, res, body)` is given the body as a string (3.x, Connect 2's form, deprecated). */
  readonly verifyString: boolean
}

export const bodyStyle: BodyStyle = Object.freeze({ limit: '100kb', jsonType: 'application/json', verifyString: false })

/** Connect 2's verify form, `verify(req, res, body)` with the body decoded to a string. */
function stringVerify(verify: (req: IncomingMessage, res: ServerResponse, body: string) => void): VerifyFn {
  deprecate('verify(req, res, body): from 4.x on verify gets (req, res, buf, encoding), the body as a Buffer')
  return (req, res, buf, encoding) => verify(req, res, buf.toString((encoding ?? 'utf8') as BufferEncoding))
}

function parseLimit(limit: unknown, fallback: string): number {
  if (limit === undefined || limit === null) return bytes.parse(fallback) as number
  const parsed = typeof limit === 'number' || typeof limit === 'string' ? bytes.parse(limit) : null
  // bytes.parse answers null (or NaN) for strings it cannot read, and
  // Infinity for a string of 309 digits or more; treating either as "no
  // limit" would silently disable the protection. (The number Infinity is
  // an explicit choice and stays allowed.)
  if (parsed === null || Number.isNaN(parsed) || parsed < 0 || (typeof limit === 'string' && !Number.isFinite(parsed))) {
    throw new TypeError(`option limit "${String(limit)}" is invalid`)
  }
  return parsed
}

/**
 * A predicate over requests for a `type` option given as media types,
 * extension names or wildcards (type-is). Its answer depends only on the
 * Content-Type header, so it is memoised per header value in a small bounded
 * map: type-is costs 0.4–0.6 µs per call, a map hit ~20 ns (Node 20).
 */
function mediaTypeMatcher(types: string[]): TypeMatcher {
  const matches = memoize((header) => Boolean(typeis.is(header, types)))
  return (req) => {
    const header = req.headers['content-type']
    return header !== undefined && matches(header)
  }
}

function compileType(type: unknown): TypeMatcher {
  if (typeof type === 'function') return (req) => Boolean((type as (req: IncomingMessage) => unknown)(req))
  if (typeof type === 'string') return mediaTypeMatcher([type])
  if (Array.isArray(type) && type.every((t) => typeof t === 'string')) return mediaTypeMatcher(type.slice())
  throw new TypeError('option type must be a string, an array of strings or a function')
}

/**
 * Validates and compiles the shared options. The options object is read once:
 * changing it afterwards does not change the middleware.
 *
 * @example
 * normalizeCommonOptions({ limit: '1mb', type: ['json', '+json'] }, 'application/json')
 */
export function normalizeCommonOptions(
  options: BodyParserOptions | undefined,
  defaultType: string | readonly string[],
  style: BodyStyle = bodyStyle,
): CommonOptions {
  const opts = options ?? {}
  const verify: unknown = opts.verify
  if (verify !== undefined && verify !== null && verify !== false && typeof verify !== 'function') {
    throw new TypeError('option verify must be function')
  }
  return {
    limit: parseLimit(opts.limit, style.limit),
    inflate: opts.inflate !== false,
    verify: typeof verify !== 'function' ? undefined : style.verifyString ? stringVerify(verify as never) : (verify as VerifyFn),
    shouldParse: compileType(opts.type || defaultType),
  }
}
