/**
 * Flat forms (`a=1&b=2&a=3`, no nesting) parsed by jumping with `indexOf`,
 * in the two dialects Express has:
 *
 * - **qs at depth 0** (`parseFlatForm`): 5.x's `urlencoded({ extended:
 *   false })`, its default, for a body without brackets. A plain object;
 *   the empty key and `__proto__` are dropped; a key or value whose escapes
 *   do not decode is kept as it came.
 * - **The runtime's `querystring.parse`** (`parseRuntimeFlatForm`): 4.x's
 *   and 3.x's flat bodies and 5.x's "simple" query parser. Every key of a
 *   non-empty pair is kept (`=x` has the key `''`, `__proto__` is an own
 *   key); an escape that is not valid UTF-8 decodes byte by byte to U+FFFD
 *   (`querystring.unescape`). The result has no prototype, like
 *   querystring's (`util.inspect` prints `[Object: null prototype]`), but
 *   it is made by `Object.setPrototypeOf`, which keeps fast properties,
 *   where querystring's own object is a dictionary.
 *
 * Both: pairs split at `&`, a pair's key and value at its first `=` (a pair
 * without one has the value `''`), `+` is a space (before decoding, so
 * `%2B` is a `+`), a repeated key collects its values in an array, in order.
 *
 * Written here rather than taken from fast-querystring: its result has no
 * prototype, so 5.x's plain object took a copy of every pair on top of the
 * parse, and its loop over every character cost more than `indexOf` jumps
 * from one `&`, `=` or `%` to the next after one replace of every `+`
 * (docs/perf.md, "The flat form parser" and "One parser for the runtime's
 * flat forms", instructions per request of the `urlencoded` scenario).
 */
import querystring from 'node:querystring'
import { nullPrototype } from './null-prototype'
import { decodeOrKeep, decodeOrNull } from './percent-decode'

const PLUS = /\+/g

/**
 * `querystring.unescape(part)`: decodeURIComponent's result, or where that
 * throws, the bytes decoded one by one (U+FFFD for a broken sequence).
 */
function unescapeRuntime(part: string): string {
  const decoded = decodeOrNull(part)
  return decoded === null ? querystring.unescape(part) : decoded
}

/**
 * Where the first escape of two hex digits starts in `str` between `from`
 * (a `%`) and `to`, or -1. querystring decodes a key only when it has one;
 * it must not decode others, as its byte-by-byte fallback turns any
 * character above U+00FF into another (`é%zz` stays as it is).
 */
function firstEscape(str: string, from: number, to: number): number {
  for (let i = from; i !== -1 && i < to; i = str.indexOf('%', i + 1)) {
    if (isHexDigit(str.charCodeAt(i + 1)) && isHexDigit(str.charCodeAt(i + 2))) return i
  }
  return -1
}

/**
 * Whether querystring's scan for an escape, which does not see a `+` in a
 * value (nor in a key that has had its escape), finds one between `from`
 * and `to` of `source` (the string before `+` became spaces): a `%`, then
 * two hex digits with any number of `+` around the second. `%4+1` counts.
 */
function looseEscape(source: string, from: number, to: number): boolean {
  for (let i = source.indexOf('%', from); i !== -1 && i < to; i = source.indexOf('%', i + 1)) {
    let j = i + 1
    while (source.charCodeAt(j) === 0x2b /* + */) j++
    if (!isHexDigit(source.charCodeAt(j))) continue
    j++
    while (source.charCodeAt(j) === 0x2b) j++
    if (j < to && isHexDigit(source.charCodeAt(j))) return true
  }
  return false
}

/** 0-9, A-F, a-f (NaN past the end is none). */
function isHexDigit(code: number): boolean {
  const letter = code | 0x20 // lower case for A-F
  return (code >= 0x30 && code <= 0x39) || (letter >= 0x61 && letter <= 0x66)
}

/** The next index of `char` in `str` at or after `from`, or `str.length` when there is none. */
function nextIndex(str: string, char: string, from: number): number {
  const i = str.indexOf(char, from)
  return i === -1 ? str.length : i
}

/**
 * Parses a form body that holds no bracket (raw or escaped) as qs does at
 * depth 0, into a plain object. Linear in the body's length: each of `=` and
 * `%` is searched for from where its last occurrence was, never twice over
 * the same text, and the second pass (a key that came back) reads the body
 * once more (test/fuzz/flat-form.test.ts counts the work).
 *
 * @example
 * parseFlatForm('a=1&b=x+y&a=%41') // { a: ['1', 'A'], b: 'x y' }
 */
export function parseFlatForm(form: string): Record<string, unknown> {
  const body = spaced(form)
  return parsePairs(body, body, false, false) ?? (parsePairs(body, body, false, true) as Record<string, unknown>)
}

/**
 * Parses a string as the runtime's `querystring.parse(str)` does, with no
 * pair limit: the caller makes sure the string has no more pairs than the
 * limit it was given (src/util/runtime-querystring.ts).
 *
 * @example
 * parseRuntimeFlatForm('=1&__proto__=2&k=%E9') // { '': '1', __proto__: '2', k: '\uFFFD' }
 */
export function parseRuntimeFlatForm(str: string): Record<string, unknown> {
  const body = spaced(str)
  return parsePairs(body, str, true, false) ?? (parsePairs(body, str, true, true) as Record<string, unknown>)
}

/**
 * `str` with every `+` a space. Both dialects turn `+` into spaces in each
 * key and value before decoding it; `+` is no delimiter, so doing it once for
 * the whole string is the same, and one replace costs less than one for each
 * part that has a `+`.
 */
function spaced(str: string): string {
  return str.indexOf('+') === -1 ? str : str.replace(PLUS, ' ')
}

/**
 * The pairs of `body` (its `+` already spaces; `source` is the string it
 * came from) in the dialect's object.
 *
 * Without `repeats`, each value is stored without looking at the key first
 * (only a key equal to the one before it, as a multiple select or a group
 * of checkboxes sends it, joins that key's array at once), and the result
 * is undefined when a key came back later (fewer keys than keys stored):
 * the caller then parses again with `repeats`, which reads each key before
 * storing it. A read of a key the object lacks goes on to the prototype, a
 * dictionary, in a megamorphic load; skipping it saved more than a fifth
 * of the parse on the benchmark's ten-field form (docs/perf.md, "The flat
 * form parser"), and a form with a key that comes back after another one
 * pays one more parse. (A filter of the keys seen, reading only keys that
 * may have come before, made that case cheaper and every other form dearer:
 * docs/perf.md, "One parser for the runtime's flat forms".)
 */
function parsePairs(body: string, source: string, runtime: boolean, repeats: boolean): Record<string, unknown> | undefined {
  // nullPrototype, not Object.create(null): a dictionary cost `urlencoded`
  // 7,400 instructions a request more on Node 24, the prototype switch 1,310
  // (docs/perf.md, "One parser for the runtime's flat forms").
  const result: Record<string, unknown> = runtime ? nullPrototype() : {}
  const length = body.length
  let equals = nextIndex(body, '=', 0)
  let percent = nextIndex(body, '%', 0)
  let stored = 0
  // The last key stored without `repeats`, its value and the array it started (if it repeated).
  let lastKey = ''
  let lastValue = ''
  let run: string[] | undefined
  for (let start = 0; start <= length; ) {
    let end = body.indexOf('&', start)
    if (end === -1) end = length
    if (equals < start) equals = nextIndex(body, '=', start)
    const keyEnd = equals < end ? equals : end
    // qs skips a pair with an empty key; querystring only an empty pair.
    if (keyEnd > start || (runtime && end > start)) {
      if (percent < start) percent = nextIndex(body, '%', start)
      let key = body.slice(start, keyEnd)
      // The runtime decodes a key with an escape of two hex digits.
      let keyEscape = -1
      if (percent < keyEnd) {
        if (!runtime) key = decodeOrKeep(key)
        else if ((keyEscape = firstEscape(body, percent, keyEnd)) !== -1) key = unescapeRuntime(key)
      }
      // qs drops `__proto__` (on a plain object its store would reach
      // Object.prototype's setter, which ignores a string, yet count as a new
      // key); the runtime's object has no such setter in its chain.
      if (runtime || key !== '__proto__') {
        let value = ''
        if (keyEnd < end) {
          const valueStart = keyEnd + 1
          value = body.slice(valueStart, end)
          if (percent < valueStart) percent = nextIndex(body, '%', valueStart)
          if (percent < end) {
            // The runtime decodes a value where its scan found an escape in
            // the value, or one more in the key after the key's first: the
            // scan goes on through a decoded key into the value's flag.
            if (!runtime) value = decodeOrKeep(value)
            else if (looseEscape(source, percent, end) || (keyEscape !== -1 && looseEscape(source, keyEscape + 3, keyEnd))) {
              value = unescapeRuntime(value)
            }
          }
        }
        if (!repeats) {
          // (`stored === 0`: the runtime's first key may be '', lastKey's start.)
          if (stored === 0 || key.length !== lastKey.length || key !== lastKey) {
            result[key] = value
            stored++
            lastKey = key
            lastValue = value
            run = undefined
          } else if (run === undefined) {
            run = [lastValue, value]
            result[key] = run
          } else {
            run.push(value)
          }
        } else {
          // An own value is a string or an array of them; anything else read
          // here (undefined, or a member of Object.prototype such as
          // `toString` on qs's plain object) means the key is new.
          const existing = result[key]
          if (typeof existing === 'string') result[key] = [existing, value]
          else if (Array.isArray(existing)) existing.push(value)
          else result[key] = value
        }
      }
    }
    start = end + 1
  }
  // Every store of a new key made one own enumerable property.
  return repeats || Object.keys(result).length === stored ? result : undefined
}
