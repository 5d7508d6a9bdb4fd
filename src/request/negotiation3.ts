/**
 * Express 3's request negotiation (3.x profile only):
 *
 * - `req.accepts(types)`: the first of the given types (MIME types,
 *   extensions, a comma-separated string) acceptable to the Accept header
 *   read best first (quality, then the header's order); the first type
 *   when there is no Accept header; undefined when none is acceptable.
 * - `req.is(type)`: whether the Content-Type (without parameters) matches,
 *   as a boolean; false without a Content-Type.
 * - `req.accepted`, `req.acceptedLanguages`, `req.acceptedCharsets`,
 *   `req.acceptedEncodings`: the headers as lists, best first; and the
 *   boolean `req.acceptsCharset`, `req.acceptsLanguage`, `req.acceptsEncoding`.
 * - `req.auth`: the Basic credentials `{ username, password }`.
 *
 * The headers are split on commas and semicolons with the spaces around
 * them (linear in the header's length); a quality of 0, or one that is not
 * a number, drops the entry. Every 3.x-only member warns once that 4.x
 * removed or changed it, naming the replacement.
 */
import accepts4 from 'accepts-v1'
import { parse as parseBasicAuth } from 'basic-auth'
import type { IncomingMessage } from 'node:http'
import { defineGetter, defineMethod } from '../util/define'
import { mime1 } from '../util/mime1'
import { deprecate } from '../util/deprecate'
import type { RequestInternal } from './internal'

/** One entry of an Accept-style header. */
export interface AcceptedEntry {
  value: string
  quality: number
  params: Record<string, string>
  originalIndex: number
  type?: string
  subtype?: string
}

const LIST_SEPARATOR = / *, */
const PARAM_SEPARATOR = / *; */
const PAIR_SEPARATOR = / *= */

function entryOf(text: string, index: number): AcceptedEntry {
  const parts = text.split(PARAM_SEPARATOR)
  const entry: AcceptedEntry = { value: parts[0], quality: 1, params: {}, originalIndex: index }
  for (let i = 1; i < parts.length; i++) {
    const pair = parts[i].split(PAIR_SEPARATOR)
    if (pair[0] === 'q') entry.quality = parseFloat(pair[1])
    else entry.params[pair[0]] = pair[1]
  }
  return entry
}

/** The entries of an Accept-style header with a quality above 0, best first. */
export function parseParams(header: string): AcceptedEntry[] {
  return header
    .split(LIST_SEPARATOR)
    .map(entryOf)
    .filter((entry) => entry.quality)
    .sort((a, b) => (a.quality === b.quality ? a.originalIndex - b.originalIndex : b.quality - a.quality))
}

/** `parseParams` for media types, each with its `type` and `subtype`. */
export function parseAccept(header: string): AcceptedEntry[] {
  return parseParams(header).map((entry) => {
    const slash = entry.value.split('/')
    entry.type = slash[0]
    entry.subtype = slash[1]
    return entry
  })
}

/** A type given to `req.accepts`: a media type with its parameters, or an extension looked up. */
function normalizeType(type: string): { value: string; params: Record<string, string> } {
  return type.indexOf('/') !== -1 ? entryOf(type, 0) : { value: mime1().lookup(type), params: {} }
}

function acceptable(type: { value: string; params: Record<string, string> }, accepted: AcceptedEntry): boolean {
  const [main, sub] = type.value.split('/')
  if (accepted.type !== '*' && main !== accepted.type) return false
  if (accepted.subtype !== '*' && sub !== accepted.subtype) return false
  for (const key of Object.keys(type.params)) {
    // Loose, as in Express 3: a parameter the header lacks differs.
    if (type.params[key] != accepted.params[key]) return false
  }
  return true
}

/**
 * The first of `types` acceptable to the Accept `header`, best entry first.
 *
 * @example
 * negotiateType(['json', 'html'], 'text/html') // 'html'
 * negotiateType(['json'], 'image/png') // undefined
 */
export function negotiateType(types: string[], header: string | undefined): string | undefined {
  const list = types.length === 1 && typeof types[0] === 'string' ? types[0].split(LIST_SEPARATOR) : types
  if (!header) return list[0]
  const accepted = parseAccept(header)
  const normalized = list.map(normalizeType)
  for (const entry of accepted) {
    for (let j = 0; j < list.length; j++) if (acceptable(normalized[j], entry)) return list[j]
  }
  return undefined
}

/**
 * Express 3's `req.is`: the Content-Type without parameters contains the
 * type (an extension is looked up), or matches a `type/*` or `*\/subtype`.
 *
 * @example
 * isType('application/json; charset=utf-8', 'json') // true
 */
export function isType(contentType: string | undefined, type: string): boolean {
  if (!contentType) return false
  const ct = contentType.split(';')[0]
  const wanted = type.indexOf('/') === -1 ? mime1().lookup(type) : type
  if (wanted.indexOf('*') !== -1) {
    const [main, sub] = wanted.split('/')
    const [ctMain, ctSub] = ct.split('/')
    return (main === '*' && sub === ctSub) || (sub === '*' && main === ctMain)
  }
  return ct.indexOf(wanted) !== -1
}

type HeaderReader = { get(name: string): string | string[] | undefined }

function header(req: HeaderReader, name: string): string | undefined {
  const value = req.get(name)
  return Array.isArray(value) ? value.join(', ') : value
}

/**
 * The negotiation libraries of the 3.x profile, in the shape of `accepts`
 * and `type-is`: types negotiated as Express 3 did; charsets, encodings and
 * languages as in 4.x (the plural `acceptsCharsets` ... kept for migrating).
 */
export const negotiation3 = {
  accepts(req: IncomingMessage) {
    const lib = accepts4(req)
    return {
      types: (types: string[]) => negotiateType(types, header(req as unknown as HeaderReader, 'Accept')),
      charsets: (list: string[]) => lib.charsets(list),
      encodings: (list: string[]) => lib.encodings(list),
      languages: (list: string[]) => lib.languages(list),
    }
  },
  typeis(req: IncomingMessage, types: string[]): boolean {
    const ct = header(req as unknown as HeaderReader, 'Content-Type')
    return types.some((type) => isType(ct, type))
  },
}

/** The values of an Accept-style header, best first ([] without the header). */
function valuesOf(req: HeaderReader, name: string): string[] {
  const value = header(req, name)
  return value ? parseParams(value).map((entry) => entry.value) : []
}

function encodingsOf(req: HeaderReader): string[] {
  const value = header(req, 'Accept-Encoding')
  return value ? value.trim().split(LIST_SEPARATOR) : []
}

/** Defines the 3.x-only request members listed in the header comment. */
export function defineAcceptedMembers(proto: object): void {
  /**
   * The Accept header's media types, best first.
   * @example // Accept: text/html;q=.5, application/json
   * req.accepted[0].value // 'application/json'
   */
  defineGetter(proto, 'accepted', function accepted(this: RequestInternal) {
    deprecate('req.accepted: removed in 4.x; use req.accepts(types)')
    const value = header(this, 'Accept')
    return value ? parseAccept(value) : []
  })

  /**
   * The Accept-Language header's languages, best first.
   * @example // Accept-Language: en;q=.5, en-us
   * req.acceptedLanguages // ['en-us', 'en']
   */
  defineGetter(proto, 'acceptedLanguages', function acceptedLanguages(this: RequestInternal) {
    deprecate('req.acceptedLanguages: removed in 4.x; use req.acceptsLanguages()')
    return valuesOf(this, 'Accept-Language')
  })

  /**
   * The Accept-Charset header's charsets, best first.
   * @example req.acceptedCharsets // ['utf-8', 'iso-8859-1']
   */
  defineGetter(proto, 'acceptedCharsets', function acceptedCharsets(this: RequestInternal) {
    deprecate('req.acceptedCharsets: removed in 4.x; use req.acceptsCharsets(charsets)')
    return valuesOf(this, 'Accept-Charset')
  })

  /**
   * The Accept-Encoding header's encodings, in the header's order.
   * @example req.acceptedEncodings // ['gzip', 'deflate']
   */
  defineGetter(proto, 'acceptedEncodings', function acceptedEncodings(this: RequestInternal) {
    deprecate('req.acceptedEncodings: removed in 4.x; use req.acceptsEncodings(encodings)')
    return encodingsOf(this)
  })

  /**
   * Whether `charset` is acceptable (any is, without Accept-Charset).
   * @example req.acceptsCharset('utf-8') // true
   */
  defineMethod(proto, 'acceptsCharset', function acceptsCharset(this: RequestInternal, charset: string) {
    deprecate('req.acceptsCharset(charset): use req.acceptsCharsets(charset), which returns the charset or false')
    const list = valuesOf(this, 'Accept-Charset')
    return list.length ? list.indexOf(charset) !== -1 : true
  })

  /**
   * Whether `lang` is acceptable (any is, without Accept-Language).
   * @example req.acceptsLanguage('en') // true
   */
  defineMethod(proto, 'acceptsLanguage', function acceptsLanguage(this: RequestInternal, lang: string) {
    deprecate('req.acceptsLanguage(lang): use req.acceptsLanguages(lang), which returns the language or false')
    const list = valuesOf(this, 'Accept-Language')
    return list.length ? list.indexOf(lang) !== -1 : true
  })

  /**
   * Whether `encoding` is listed in Accept-Encoding.
   * @example req.acceptsEncoding('gzip') // true
   */
  defineMethod(proto, 'acceptsEncoding', function acceptsEncoding(this: RequestInternal, encoding: string) {
    deprecate('req.acceptsEncoding(encoding): use req.acceptsEncodings(encoding), which returns the encoding or false')
    return encodingsOf(this).indexOf(encoding) !== -1
  })

  /**
   * The Basic credentials of the Authorization header, or undefined.
   * @example req.auth // { username: 'tobi', password: 'ferret' }
   */
  defineGetter(proto, 'auth', function auth(this: RequestInternal) {
    deprecate('req.auth: removed in 4.x; read the Authorization header with the basic-auth package')
    const value = header(this, 'Authorization')
    const credentials = value ? parseBasicAuth(value) : undefined
    return credentials ? { username: credentials.name, password: credentials.pass } : undefined
  })
}
