/**
 * `express/lib/utils` of Express 4: its helper functions, with the results
 * Express 4's give (test/v4/express-lib-utils.test.ts compares them), built
 * on webfw's own ETag generators and setting compilers and on the packages
 * of Express 4's generation. Apps load this module (an editor's automatic
 * import of `contentDisposition` or `compileETag` is a common way in), and
 * webfw/v4 would not start without it. webfw's apps do not call these
 * functions: replacing one changes nothing in them.
 */
import querystring from 'node:querystring'
import { compileETag as compileSetting, parseExtendedQueryString4, type QueryParserFn } from '../app/settings'
import { deprecate } from '../util/deprecate'
import { sha1ETags, type ETagFn } from '../util/etag'
import { mime1 } from '../util/mime1'

/* eslint-disable @typescript-eslint/no-require-imports */

/** A strong ETag of a body (a string in `encoding`, or a Buffer). */
export const etag: ETagFn = (body, encoding) => sha1ETags.strong(body, encoding)

/** A weak ETag of a body. */
export const wetag: ETagFn = (body, encoding) => sha1ETags.weak(body, encoding)

/**
 * Whether a path looks absolute: a leading "/", a Windows drive ("C:\" or
 * "C:/") or a UNC prefix ("\\"). true, else undefined (not false), as
 * Express 4's answers.
 */
export function isAbsolute(path: string): true | undefined {
  if (path[0] === '/') return true
  if (path[1] === ':' && (path[2] === '\\' || path[2] === '/')) return true
  if (path.substring(0, 2) === '\\\\') return true
  return undefined
}

/** Nested arrays flattened (to `depth` levels when given); holes read as undefined. */
function flattenArray(array: readonly unknown[], depth?: number | null): unknown[] {
  const out: unknown[] = []
  const walk = (items: readonly unknown[], left: number): void => {
    for (let i = 0; i < items.length; i++) {
      const item = items[i]
      if (Array.isArray(item) && left > 0) walk(item, left - 1)
      else out.push(item)
    }
  }
  walk(array, depth == null ? Infinity : depth)
  return out
}

export function flatten(array: readonly unknown[], depth?: number | null): unknown[] {
  deprecate('utils.flatten: use array-flatten npm module instead')
  return flattenArray(array, depth)
}

export interface NormalizedType {
  value: string
  quality?: number
  params: Record<string, string | undefined>
}

/**
 * A media range with its parameters ("text/html; level=1; q=0.5"): pieces
 * cut at ";" and each at "=", spaces around the separators dropped; "q" is
 * the quality (1 when absent), the others are parameters.
 */
function parseAcceptParams(text: string): NormalizedType {
  const [value, ...pairs] = text.split(/ *; */)
  const normalized: NormalizedType = { value, quality: 1, params: {} }
  for (const pair of pairs) {
    const [name, setting] = pair.split(/ *= */)
    if (name === 'q') normalized.quality = parseFloat(setting)
    else normalized.params[name] = setting
  }
  return normalized
}

/** "html" → { value: 'text/html', params: {} }; a type with a "/" is parsed with its parameters. */
export function normalizeType(type: string): NormalizedType {
  if (type.includes('/')) return parseAcceptParams(type)
  return { value: mime1().lookup(type), params: {} }
}

export function normalizeTypes(types: readonly string[]): NormalizedType[] {
  const out: NormalizedType[] = []
  for (let i = 0; i < types.length; i++) out.push(normalizeType(types[i]))
  return out
}

export function contentDisposition(filename?: string, options?: { type?: string; fallback?: string | boolean }): string {
  deprecate('utils.contentDisposition: use content-disposition npm module instead')
  return (require('content-disposition-v0') as typeof import('content-disposition-v0'))(filename, options)
}

/** The `etag` setting's function: true/"weak", "strong", false (none) or a function of one's own. */
export function compileETag(value: unknown): ETagFn | undefined {
  const fn = compileSetting(value)
  if (fn === sha1ETags.weak) return wetag
  if (fn === sha1ETags.strong) return etag
  return fn
}

/** An empty object: the `query parser` false of Express 4. */
function emptyQuery(): Record<string, unknown> {
  return {}
}

/** The `query parser` setting's function: true/"simple" (querystring.parse), "extended" (qs), false, or one's own. */
export function compileQueryParser(value: unknown): QueryParserFn {
  if (typeof value === 'function') return value as QueryParserFn
  switch (value) {
    case true:
    case 'simple':
      return querystring.parse as unknown as QueryParserFn
    case false:
      return emptyQuery
    case 'extended':
      return parseExtendedQueryString4
    default:
      throw new TypeError('unknown value for query parser function: ' + String(value))
  }
}

/** The `trust proxy` setting's function (proxy-addr's trust for addresses, hop counts and lists): the app's own. */
export { compileTrust } from '../app/settings'

interface ContentType1 {
  parse(type: string): { type: string; parameters: Record<string, string> }
  format(value: { type: string; parameters?: Record<string, string> }): string
}

/** `type` with its charset parameter set to `charset` (content-type 1.x); either missing: `type` as given. */
export function setCharset(type: string, charset: string): string {
  if (!type || !charset) return type
  const contentType = require('content-type-v1') as ContentType1
  const parsed = contentType.parse(type)
  parsed.parameters.charset = charset
  return contentType.format(parsed)
}
