/**
 * `urlencoded([options])`: parses `application/x-www-form-urlencoded` bodies
 * into `req.body`: UTF-8 ones, and on 5.x ISO-8859-1 ones too (the profile's
 * `latin1Forms`).
 *
 * - `extended: false` (the 5.x default): flat keys, repeated keys become
 *   arrays, brackets are kept as part of the key. 5.x gives qs's depth-0
 *   result (a plain object): from `parseFlatForm` (src/util/flat-form.ts) for a
 *   body without brackets, from qs for the others; 4.x and 3.x the
 *   runtime's querystring's (a null prototype, every key kept), as the
 *   profile's `flatForm` says.
 * - `extended: true` (the 4.x default): nested objects and arrays via `qs`,
 *   nesting limited by `depth` (default 32; deeper input is a 400).
 * - `parameterLimit` (default 1000): more parameters is a 413
 *   `parameters.too.many`, checked before any parsing work.
 * - 5.x: `defaultCharset` ("utf-8" or "iso-8859-1") for a Content-Type
 *   without a charset; `charsetSentinel` (a `utf8=` parameter, as old
 *   browsers send it, says which of the two the form is in and is removed);
 *   `interpretNumericEntities` (`&#9786;` in an ISO-8859-1 form is "☺").
 *   All three are qs's options, and a form that needs any of them goes to qs.
 */
import qs from 'qs'
import type { Profile } from '../../profile'
import { parseFlatForm } from '../../util/flat-form'
import { parseRuntimeQueryString } from '../../util/runtime-querystring'
import { bodyError } from './errors'
import { normalizeCommonOptions, type BodyParserOptions, type BodyStyle } from './options'
import { createParser, type Middleware } from './parser'

export interface UrlencodedOptions extends BodyParserOptions {
  extended?: boolean
  parameterLimit?: number
  depth?: number
  defaultCharset?: string
  charsetSentinel?: boolean
  interpretNumericEntities?: boolean
}

/** A form's charset, as qs names the two it decodes. */
type FormCharset = 'utf-8' | 'iso-8859-1'

/** Number of `&`-separated parameters, or -1 as soon as it passes `limit`. */
function countParameters(body: string, limit: number): number {
  let count = 1
  for (let i = body.indexOf('&'); i !== -1; i = body.indexOf('&', i + 1)) {
    if (++count > limit) return -1
  }
  return count > limit ? -1 : count
}

/**
 * Whether qs at depth 0 could read `body` otherwise than `parseFlatForm`:
 * only through brackets. qs splits a pair at "]=" when it has one, takes
 * `[]` as an array key, and strips the brackets around a whole key, also
 * where they were written %5B/%5D (`[x]=1` is `{ x: '1' }`, `[0]=1` an
 * array index, `[__proto__]` nothing). indexOf is a memchr; a regular expression would step through
 * every character (docs/perf.md, "The runtime's flat parser").
 */
function mayHoldBrackets(body: string): boolean {
  if (body.indexOf('[') !== -1 || body.indexOf(']') !== -1) return true
  for (let i = body.indexOf('%5'); i !== -1; i = body.indexOf('%5', i + 2)) {
    const c = body.charCodeAt(i + 2) | 0x20 // lower case
    if (c === 0x62 /* b */ || c === 0x64 /* d */) return true
  }
  return false
}

function readPositive(value: unknown, name: string, allowZero: boolean): number {
  const n = typeof value === 'number' ? value : Number.NaN
  if (Number.isNaN(n) || n < (allowZero ? 0 : 1)) {
    throw new TypeError(`option ${name} must be a ${allowZero ? 'zero or a ' : ''}positive number`)
  }
  return Number.isFinite(n) ? Math.floor(n) : n
}

/**
 * The parse function for the given options: `(body, charset)`, the charset
 * being the one the body was decoded with.
 *
 * @example
 * createUrlencodedParse({ extended: true }, false)('a[b]=c', 'utf-8') // { a: { b: 'c' } }
 */
export function createUrlencodedParse(
  options: UrlencodedOptions | undefined,
  defaultExtended: boolean,
  flatForm: BodyStyle['flatForm'] = 'qs',
  latin1Forms = false,
): (body: string, charset: string | null) => Record<string, unknown> {
  const extended = options?.extended === undefined ? defaultExtended : Boolean(options.extended)
  const parameterLimit = readPositive(options?.parameterLimit ?? 1000, 'parameterLimit', false)
  const depth = extended ? readPositive(options?.depth ?? 32, 'depth', true) : 0
  const runtimeFlat = flatForm === 'runtime'
  // Given to qs as they are, as body-parser 2 does (qs takes booleans only);
  // 4.x and 3.x do not know them.
  const charsetSentinel = latin1Forms ? options?.charsetSentinel : undefined
  const interpretNumericEntities = latin1Forms ? options?.interpretNumericEntities : undefined
  // Whether qs could read a UTF-8 form otherwise than the flat parsers: only
  // by looking for the sentinel (numeric entities are ISO-8859-1's).
  const utf8Plain = charsetSentinel !== true

  /** qs with Express's options; `count` is the number of parameters. */
  function parseWithQs(body: string, count: number, charset: FormCharset): Record<string, unknown> {
    try {
      return qs.parse(body, {
        allowPrototypes: true,
        // body-parser's: the count for a flat form, at least 100 for a rich one
        arrayLimit: extended ? Math.max(100, count) : count,
        depth,
        parameterLimit,
        strictDepth: true,
        charset,
        charsetSentinel,
        interpretNumericEntities,
      }) as Record<string, unknown>
    } catch (err) {
      if (err instanceof RangeError) {
        throw bodyError(400, 'The input exceeded the depth', { type: 'querystring.parse.rangeError' })
      }
      throw err
    }
  }

  return (body, decodedAs) => {
    if (body.length === 0) return {}
    const charset: FormCharset = decodedAs === 'iso-8859-1' ? decodedAs : 'utf-8'
    // A body of n characters holds at most n + 1 parameters: one shorter than
    // the limit cannot pass it, and the flat parsers need no count, so the
    // scan for "&" is left out there (docs/perf.md, "Counting form parameters").
    let count = 0
    if (extended || body.length >= parameterLimit) {
      count = countParameters(body, parameterLimit)
      if (count === -1) throw bodyError(413, 'too many parameters', { type: 'parameters.too.many' })
    }
    if (!extended) {
      // The runtime's parse (4.x, 3.x) is given the limit as maxKeys, as
      // Express does; the count is within it, so it never cuts a body short.
      if (runtimeFlat) return parseRuntimeQueryString(body, parameterLimit, true)
      if (charset === 'utf-8' && utf8Plain && !mayHoldBrackets(body)) return parseFlatForm(body)
      if (count === 0) count = countParameters(body, parameterLimit)
    }
    return parseWithQs(body, count, charset)
  }
}

/** The one charset body-parser 1 takes for forms: "utf-8" (not the label "utf8"). */
function isUtf8(charset: string): boolean {
  return charset === 'utf-8'
}

/** body-parser 2's two: "utf-8" and "iso-8859-1" (not their other labels). */
function isUtf8OrLatin1(charset: string): boolean {
  return charset === 'utf-8' || charset === 'iso-8859-1'
}

/** body-parser 2's `defaultCharset` for forms, checked as it checks it (no other spelling). */
function formDefaultCharset(options: UrlencodedOptions | undefined): FormCharset {
  const charset = options?.defaultCharset || 'utf-8'
  if (charset !== 'utf-8' && charset !== 'iso-8859-1') {
    throw new TypeError('option defaultCharset must be either utf-8 or iso-8859-1')
  }
  return charset
}

export function createUrlencoded(profile: Profile): (options?: UrlencodedOptions) => Middleware {
  /**
   * Parses HTML form bodies into `req.body`.
   *
   * @example
   * app.use(webfw.urlencoded({ extended: true, parameterLimit: 100 }))
   */
  return function urlencoded(options?: UrlencodedOptions): Middleware {
    const style = profile.body
    const common = normalizeCommonOptions(options, 'application/x-www-form-urlencoded', style)
    const charset = style.latin1Forms
      ? { fallback: formDefaultCharset(options), accepts: isUtf8OrLatin1 }
      : { fallback: 'utf-8', accepts: isUtf8 }
    const parse = createUrlencodedParse(options, profile.urlencodedExtended, style.flatForm, style.latin1Forms)
    return createParser(
      { name: 'urlencodedParser', charset, parse: parse as (body: string | Buffer, charset: string | null) => unknown },
      common,
      profile,
    )
  }
}
