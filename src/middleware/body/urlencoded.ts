/**
 * `urlencoded([options])`: parses `application/x-www-form-urlencoded` bodies
 * (UTF-8 only) into `req.body`.
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

/**
 * `parameterLimit` as body-parser reads it: anything `isNaN` passes and not
 * below 1 (a numeric string too; `null` is below 1), cut to an integer with
 * `| 0` when finite. The default is 1000.
 */
function readParameterLimit(value: unknown): number {
  const limit = (value !== undefined ? value : 1000) as number
  if (isNaN(limit) || limit < 1) throw new TypeError('option parameterLimit must be a positive number')
  return isFinite(limit) ? limit | 0 : Number(limit)
}

/**
 * `depth` (extended forms only) as body-parser reads it: refused when `isNaN`
 * or below 0, else handed to qs, which takes a number (or `false`, 0) as it
 * is and anything else as its own default, 5. The default is 32.
 */
function readDepth(value: unknown): number {
  const depth = (value !== undefined ? value : 32) as number
  if (isNaN(depth) || depth < 0) throw new TypeError('option depth must be a zero or a positive number')
  if (typeof depth === 'number') return depth
  return (depth as unknown) === false ? 0 : 5
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
  const parameterLimit = readParameterLimit(options?.parameterLimit)
  const depth = extended ? readDepth(options?.depth) : 0
  const runtimeFlat = flatForm === 'runtime'

  /** qs with Express's options; `count` is the number of parameters. */
  function parseWithQs(body: string, count: number): Record<string, unknown> {
    try {
      return qs.parse(body, {
        allowPrototypes: true,
        // body-parser's: the count for a flat form, at least 100 for a rich one
        arrayLimit: extended ? Math.max(100, count) : count,
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

  return (body) => {
    if (body.length === 0) return {}
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
      if (!mayHoldBrackets(body)) return parseFlatForm(body)
      if (count === 0) count = countParameters(body, parameterLimit)
    }
    return parseWithQs(body, count)
  }
}

/** The one charset body-parser takes for forms: "utf-8" (not the label "utf8"). */
function isUtf8(charset: string): boolean {
  return charset === 'utf-8'
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
