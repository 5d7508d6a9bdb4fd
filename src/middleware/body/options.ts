/**
 * The options every body parser shares — `limit`, `inflate`, `type`,
 * `verify` — validated and compiled once, when the middleware is created, so
 * a bad option fails at setup rather than on the first request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import bytes from 'bytes'
import typeis from 'type-is'
import { deprecate } from '../../util/deprecate'
import { loadOnFirstCall } from '../../util/first-use'
import { headerCharset, headerCharset1 } from './charset'
import type { Inflate } from './read'

export type VerifyFn = (req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null) => void
export type TypeMatcher = (req: IncomingMessage) => boolean

export interface CommonOptions {
  /** Largest body accepted, in bytes (after inflation). */
  limit: number
  /** The codings undone (the version's), or null with `inflate: false`. */
  inflate: Inflate
  verify: VerifyFn | undefined
  /** A `type` option given as a function, which sees the request; undefined for media types. */
  shouldParse: TypeMatcher | undefined
  /** A `type` option given as media types: whether a Content-Type value matches them; undefined for a function. */
  matchesContentType: ((header: string) => boolean) | undefined
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
  /**
   * The parser of `urlencoded({ extended: false })`: "qs" at depth 0 into a
   * plain object without the empty key and `__proto__` (5.x), or "runtime",
   * the runtime's `querystring.parse` with a null prototype that keeps every
   * key (4.x and 3.x).
   */
  readonly flatForm: 'qs' | 'runtime'
  /**
   * Whether a Content-Type value is one of the parser's types: type-is 2
   * (5.x), or type-is 1 (4.x, 3.x), which matches no value whose
   * parameters media-typer 0.3 cannot read (`application/json;;`).
   */
  readonly typeIs: (header: string, types: string[]) => string | false | null
  /** The body's charset from its Content-Type (null: the parser's default). */
  readonly charsetOf: (header: string | undefined) => string | null
  /**
   * The content codings undone with `inflate` on (another is a 415): gzip,
   * deflate, br and zstd (5.x, body-parser 2; zstd where the runtime has
   * it), or gzip and deflate (4.x, 3.x: body-parser 1).
   */
  readonly codings: ReadonlySet<string>
}

export const bodyStyle: BodyStyle = Object.freeze({
  limit: '100kb',
  jsonType: 'application/json',
  verifyString: false,
  flatForm: 'qs',
  typeIs: typeis.is as BodyStyle['typeIs'],
  charsetOf: headerCharset,
  codings: new Set(['gzip', 'deflate', 'br', 'zstd']),
})

/** type-is 1 (4.x and 3.x), required when first called for (src/util/first-use.ts); the profile's `req.is` uses it too. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const loadTypeIs1 = (): typeof typeis => require('type-is-v1') as typeof typeis

export const bodyStyle4: BodyStyle = Object.freeze({
  ...bodyStyle,
  flatForm: 'runtime',
  typeIs: loadOnFirstCall(() => loadTypeIs1().is as BodyStyle['typeIs']),
  charsetOf: headerCharset1,
  codings: new Set(['gzip', 'deflate']),
})

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
  // an explicit choice and stays allowed; so does a negative limit, which
  // body-parser takes too and which refuses every body with 413.)
  if (parsed === null || Number.isNaN(parsed) || (typeof limit === 'string' && !Number.isFinite(parsed))) {
    throw new TypeError(`option limit "${String(limit)}" is invalid`)
  }
  return parsed
}

/**
 * Whether a Content-Type value is one of `types` (media types, extension
 * names or wildcards, as type-is reads them). The parser memoises the answer
 * per header value: type-is costs 0.4–0.6 µs per call, a map hit ~20 ns (Node 20).
 */
function contentTypeMatcher(types: string[], typeIs: BodyStyle['typeIs']): (header: string) => boolean {
  return (header) => Boolean(typeIs(header, types))
}

/**
 * The media types of a `type` option, or undefined for a function. As in
 * body-parser, whatever else is given goes to type-is as it is: an entry
 * that is not a string matches nothing, an empty array matches any type.
 */
function mediaTypesOf(type: unknown): string[] | undefined {
  if (typeof type === 'function') return undefined
  if (Array.isArray(type)) return type.slice()
  return [type as string]
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
  // (checked in this order: which error a bad set of options gets is kept)
  const limit = parseLimit(opts.limit, style.limit)
  const inflate = opts.inflate !== false ? style.codings : null
  const verifyFn = typeof verify !== 'function' ? undefined : style.verifyString ? stringVerify(verify as never) : (verify as VerifyFn)
  const type: unknown = opts.type || defaultType
  const mediaTypes = mediaTypesOf(type)
  const matchesContentType = mediaTypes === undefined ? undefined : contentTypeMatcher(mediaTypes, style.typeIs)
  return {
    limit,
    inflate,
    verify: verifyFn,
    shouldParse: matchesContentType === undefined ? (req) => Boolean((type as (req: IncomingMessage) => unknown)(req)) : undefined,
    matchesContentType,
  }
}
