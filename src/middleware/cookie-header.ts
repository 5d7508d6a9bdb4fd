/**
 * Parsing a `Cookie` request header into an object, with the rules of the
 * `cookie` package's `parse` as the `cookie-parser` package runs it (0.7):
 * pairs split at `;`, the name before the first `=` and the value after it,
 * both trimmed of spaces and tabs; a part without `=` is skipped; the first
 * of two equal names wins; a value wrapped in double quotes loses them; values
 * are percent-decoded or given to the `decode` option (kept as they are when
 * that fails or throws); a header shorter than two characters has no
 * cookies. The result is a plain object, and a cookie named `__proto__` is
 * dropped (its store would be the prototype setter).
 *
 * Written here rather than taken from the package so that cookieParser's
 * `j:` JSON values are decoded as each pair is stored, instead of in a second
 * pass over the finished object's keys (Object.keys and a keyed load per
 * cookie: the `stack` scenario's instruction counts, bench/inmem/instructions.js).
 * test/middleware/cookie-parser.test.ts checks it against cookie-parser on
 * generated headers.
 */
import { decodeOrKeep } from '../util/percent-decode'

export type Cookies = Record<string, unknown>
export type Decode = (value: string) => unknown

const SPACE = 0x20
const TAB = 0x09

function isBlank(code: number): boolean {
  return code === SPACE || code === TAB
}

/** `str` from `start` to `end`, without the spaces and tabs at either end. */
function trimmedSlice(str: string, start: number, end: number): string {
  while (start < end && isBlank(str.charCodeAt(start))) start++
  while (end > start && isBlank(str.charCodeAt(end - 1))) end--
  return str.slice(start, end)
}

/** The `decode` option's value, or `value` itself when it throws (as the cookie package does). */
function decodedBy(decode: Decode, value: string): unknown {
  try {
    return decode(value)
  } catch {
    return value
  }
}

const hasOwn = Object.prototype.hasOwnProperty
const QUOTE = 0x22

/** The value of a `j:` cookie (a string starting with "j:"), or undefined when it is not JSON. */
export function jsonCookieValue(str: string): unknown {
  try {
    return JSON.parse(str.slice(2))
  } catch {
    return undefined
  }
}

/** Whether `value` is a string starting with `j:`. */
export function isJsonCookie(value: unknown): value is string {
  return typeof value === 'string' && value.charCodeAt(0) === 0x6a /* j */ && value.charCodeAt(1) === 0x3a /* : */
}

/**
 * The cookies of `header`. With `json`, a value starting with `j:` whose rest
 * is JSON becomes that JSON's value (unless it is falsy, which keeps the text:
 * cookie-parser's rule).
 *
 * @example
 * parseCookieHeader('a=1; b=j%3A%5B2%5D', undefined, true) // { a: '1', b: [2] }
 */
export function parseCookieHeader(header: string, decode: Decode | undefined, json: boolean): Cookies {
  // Without a `decode` option (whose calls a second parse would repeat),
  // each cookie is stored without asking first whether its name came before
  // (`hasOwnProperty` per cookie: docs/perf.md, "One parser for the
  // runtime's flat forms"); a header that repeats a name (the first one
  // wins) is parsed again, asking.
  if (decode === undefined) return parsePairs(header, undefined, json, false) ?? (parsePairs(header, undefined, json, true) as Cookies)
  return parsePairs(header, decode, json, true) as Cookies
}

/**
 * The cookies of `header`; without `firstWins`, undefined when a name came
 * back (fewer own keys than cookies stored).
 */
function parsePairs(header: string, decode: Decode | undefined, json: boolean, firstWins: boolean): Cookies | undefined {
  const cookies: Cookies = {}
  const len = header.length
  if (len < 2) return cookies
  // One search of the whole header instead of one per value: most headers have no `%` at all.
  const hasPercent = header.indexOf('%') !== -1
  let stored = 0
  let start = 0
  while (start < len) {
    const equals = header.indexOf('=', start)
    // no `=` left: no more pairs
    if (equals === -1) break
    let end = header.indexOf(';', start)
    if (end === -1) end = len
    if (equals > end) {
      // a part without `=`: the pair holding this `=` starts after the last `;` before it
      start = header.lastIndexOf(';', equals - 1) + 1
      continue
    }
    const name = trimmedSlice(header, start, equals)
    if (name !== '__proto__' && (!firstWins || !hasOwn.call(cookies, name))) {
      let raw = trimmedSlice(header, equals + 1, end)
      // `"v"` is v; a lone `"` is empty (both its ends are the quote)
      if (raw.charCodeAt(0) === QUOTE && raw.charCodeAt(raw.length - 1) === QUOTE) raw = raw.slice(1, raw.length - 1)
      let value = decode !== undefined ? decodedBy(decode, raw) : hasPercent ? decodeOrKeep(raw) : raw
      if (json && isJsonCookie(value)) value = jsonCookieValue(value) || value
      cookies[name] = value
      stored++
    }
    start = end + 1
  }
  return firstWins || Object.keys(cookies).length === stored ? cookies : undefined
}
