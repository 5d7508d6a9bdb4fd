/**
 * `urlencoded([options])`: parses `application/x-www-form-urlencoded` bodies
 * (UTF-8 only) into `req.body`.
 *
 * - `extended: false` (the 5.x default): flat keys, repeated keys become
 *   arrays, brackets are kept as part of the key. 5.x parses with qs at
 *   depth 0 (a plain object); 4.x and 3.x with the runtime's querystring
 *   (a null prototype, every key kept), as the profile's `flatForm` says.
 * - `extended: true` (the 4.x default): nested objects and arrays via `qs`,
 *   nesting limited by `depth` (default 32; deeper input is a 400).
 * - `parameterLimit` (default 1000): more parameters is a 413
 *   `parameters.too.many`, checked before any parsing work.
 */
import fastQuerystring from 'fast-querystring'
import qs from 'qs'
import type { Profile } from '../../profile'
import { parseRuntimeQueryString } from '../../util/runtime-querystring'
import { bodyError } from './errors'
import { normalizeCommonOptions, type BodyParserOptions, type BodyStyle } from './options'
import { createParser, type Middleware } from './parser'

export interface UrlencodedOptions extends BodyParserOptions {
  extended?: boolean
  parameterLimit?: number
  depth?: number
}

/** Number of `&`-separated parameters, or -1 as soon as it passes `limit`. */
function countParameters(body: string, limit: number): number {
  let count = 1
  for (let i = body.indexOf('&'); i !== -1; i = body.indexOf('&', i + 1)) {
    if (++count > limit) return -1
  }
  return count > limit ? -1 : count
}

/**
 * The flat parse. fast-querystring decodes like qs does at depth 0 but in
 * 3.4 µs instead of 7.2 µs for a 10-field form (Node 20); its result has a
 * null prototype, so it is copied into a plain object (as Express 5 gives)
 * without the keys qs drops: the empty key and `__proto__`.
 */
function parseFlat(body: string): Record<string, unknown> {
  const parsed = fastQuerystring.parse(body) as Record<string, unknown>
  // Without those two keys the copy is Object.assign's, which copies a fast
  // object's properties without a keyed store per key (the loop's stores go
  // megamorphic across forms). Its [[Set]] would run the __proto__ setter,
  // hence the check ("in" is an own check here: the parse result's prototype
  // has none of its own).
  if (!('' in parsed) && !('__proto__' in parsed)) return Object.assign({}, parsed)
  const result: Record<string, unknown> = {}
  for (const key in parsed) {
    if (key !== '' && key !== '__proto__') result[key] = parsed[key]
  }
  return result
}

function readPositive(value: unknown, name: string, allowZero: boolean): number {
  const n = typeof value === 'number' ? value : Number.NaN
  if (Number.isNaN(n) || n < (allowZero ? 0 : 1)) {
    throw new TypeError(`option ${name} must be a ${allowZero ? 'zero or a ' : ''}positive number`)
  }
  return Number.isFinite(n) ? Math.floor(n) : n
}

/**
 * The parse function for the given options.
 *
 * @example
 * createUrlencodedParse({ extended: true }, false)('a[b]=c') // { a: { b: 'c' } }
 */
export function createUrlencodedParse(
  options: UrlencodedOptions | undefined,
  defaultExtended: boolean,
  flatForm: BodyStyle['flatForm'] = 'qs',
): (body: string) => Record<string, unknown> {
  const extended = options?.extended === undefined ? defaultExtended : Boolean(options.extended)
  const parameterLimit = readPositive(options?.parameterLimit ?? 1000, 'parameterLimit', false)
  const depth = extended ? readPositive(options?.depth ?? 32, 'depth', true) : 0
  // The runtime's parse (4.x, 3.x) is given the limit as maxKeys, as Express
  // does; the parameters were counted first, so it never cuts a body short.
  const flat = flatForm === 'qs' ? parseFlat : (body: string) => parseRuntimeQueryString(body, parameterLimit, true)

  return (body) => {
    if (body.length === 0) return {}
    // A body of n characters holds at most n + 1 parameters: one shorter than
    // the limit cannot pass it, and the flat parse needs no count, so the
    // scan for "&" is left out there (docs/perf.md, "Counting form parameters").
    if (!extended && body.length < parameterLimit) return flat(body)
    const count = countParameters(body, parameterLimit)
    if (count === -1) throw bodyError(413, 'too many parameters', { type: 'parameters.too.many' })
    if (!extended) return flat(body)
    try {
      return qs.parse(body, {
        allowPrototypes: true,
        arrayLimit: Math.max(100, count),
        depth,
        parameterLimit,
        strictDepth: true,
      }) as Record<string, unknown>
    } catch (err) {
      if (err instanceof RangeError) {
        throw bodyError(400, 'The input exceeded the depth', { type: 'querystring.parse.rangeError' })
      }
      throw err
    }
  }
}

function isUtf8(charset: string): boolean {
  return charset === 'utf-8' || charset === 'utf8'
}

export function createUrlencoded(profile: Profile): (options?: UrlencodedOptions) => Middleware {
  /**
   * Parses HTML form bodies into `req.body`.
   *
   * @example
   * app.use(webfw.urlencoded({ extended: true, parameterLimit: 100 }))
   */
  return function urlencoded(options?: UrlencodedOptions): Middleware {
    const common = normalizeCommonOptions(options, 'application/x-www-form-urlencoded', profile.body)
    const parse = createUrlencodedParse(options, profile.urlencodedExtended, profile.body.flatForm)
    return createParser(
      { name: 'urlencodedParser', charset: { fallback: 'utf-8', accepts: isUtf8 }, parse: parse as (body: string | Buffer) => unknown },
      common,
      profile,
    )
  }
}
