/**
 * Settings that are compiled when they are set: `etag` to an ETag function,
 * `query parser` to a parse function, `trust proxy` to a proxy-addr trust
 * function. Request time only calls the compiled functions.
 */
import proxyaddr from 'proxy-addr'
import qs from 'qs'
import { parseRuntimeQueryString } from '../util/runtime-querystring'
import { sha1ETags, type ETagFn, type ETagGenerators } from '../util/etag'

export type QueryParserFn = (str: string) => Record<string, unknown>
export type TrustFn = (addr: string, i: number) => boolean

export function compileETag(val: unknown, generators: ETagGenerators = sha1ETags): ETagFn | undefined {
  if (typeof val === 'function') return val as ETagFn
  switch (val) {
    case true:
    case 'weak':
      return generators.weak
    case false:
      return undefined
    case 'strong':
      return generators.strong
    default:
      throw new TypeError('unknown value for etag function: ' + String(val))
  }
}

/** What differs between the 5.x and 4.x query parsing (data of the version profile). */
export interface QueryStyle {
  /** The parser the "extended" value selects. */
  readonly extended: QueryParserFn
  /** What `query parser` false compiles to. */
  readonly disabled: QueryParserFn | undefined
  /** `req.query` when the app has no `query parser fn` (false in 5.x, or the setting deleted). */
  whenNoParser(str: string): Record<string, unknown>
  /**
   * `req.query` is the query of the URL the app was entered with, computed
   * once and kept for the request, assignments included (4.x, as Express 4's
   * query middleware sets it); otherwise it follows `req.url` (5.x).
   */
  readonly persistent: boolean
}

/** The rich parser: nested objects and arrays, bounded by qs's own limits (20 array items). */
export function parseExtendedQueryString(str: string): Record<string, unknown> {
  return qs.parse(str, { allowPrototypes: true }) as Record<string, unknown>
}

/** The 4.x rich parser: up to 1000 array items (Express 4 raised qs's limit of 20). */
export function parseExtendedQueryString4(str: string): Record<string, unknown> {
  return qs.parse(str, { allowPrototypes: true, arrayLimit: 1000 }) as Record<string, unknown>
}

/**
 * "simple" is the runtime's own parser, `querystring.parse`, as in Express 5:
 * it keeps the first 1000 pairs (maxKeys) and turns malformed UTF-8 escapes
 * into U+FFFD (src/util/runtime-querystring.ts, which runs a parser of
 * webfw's own that gives the same keys and values, faster: bench/micro/
 * flat-form.bench.js). (Before, every query went to fast-querystring, which
 * has no pair limit and leaves broken escapes as they are: found by
 * test/fuzz/query.test.ts.)
 */
function parseSimpleQueryString(str: string): Record<string, unknown> {
  return parseRuntimeQueryString(str, 1000)
}

export function compileQueryParser(val: unknown, style: QueryStyle): QueryParserFn | undefined {
  if (typeof val === 'function') return val as QueryParserFn
  switch (val) {
    case true:
    case 'simple':
      return parseSimpleQueryString
    case false:
      return style.disabled
    case 'extended':
      return style.extended
    default:
      throw new TypeError('unknown value for query parser function: ' + String(val))
  }
}

/**
 * The trust function of `trust proxy` false (the default): no address is
 * trusted. Known by identity, so `req.ip` can answer the socket's address
 * without parsing X-Forwarded-For (proxy-addr would parse it, then trust none
 * of it: 1.2 µs of the `stack` request, Node 20 profile).
 */
export const trustNone: TrustFn = () => false

export function compileTrust(val: unknown): TrustFn {
  if (typeof val === 'function') return val as TrustFn
  if (val === true) return () => true
  if (val === false || val === undefined || val === null || val === 0) return trustNone
  if (typeof val === 'number') return (_addr, i) => i < val
  let list = val
  if (typeof list === 'string') list = list.split(',').map((v) => v.trim())
  return proxyaddr.compile((list || []) as string[]) as TrustFn
}
