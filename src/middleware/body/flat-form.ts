/**
 * 5.x's flat form (`urlencoded({ extended: false })`) of a body without
 * brackets: what qs gives at depth 0, parsed straight into a plain object.
 *
 * - Pairs split at `&`, a pair's key and value at its first `=` (a pair
 *   without one has the value `''`).
 * - `+` is a space; escapes decode with `decodeURIComponent`, and a key or
 *   value whose escapes do not decode is kept as it came (its `+` still
 *   turned into spaces), as qs's decoder does.
 * - The empty key and `__proto__` are dropped; a repeated key collects its
 *   values in an array, in order.
 *
 * Written here rather than taken from fast-querystring (which the 4.x flat
 * parse and 5.x's "simple" query parser still use): its result has no
 * prototype, so Express 5's plain object took a copy of every pair on top
 * of the parse, and its character loop cost more than `indexOf` jumping
 * from one `&`, `=` or `%` to the next after one replace of every `+`
 * (docs/perf.md, "The flat form parser", instructions per request of the
 * `urlencoded` scenario).
 */

const PLUS = /\+/g

/** A key or value (its `+` already spaces) with its escapes decoded, or as it is where they do not decode. */
function decodeEscapes(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

/** The next index of `char` in `str` at or after `from`, or `str.length` when there is none. */
function nextIndex(str: string, char: string, from: number): number {
  const i = str.indexOf(char, from)
  return i === -1 ? str.length : i
}

/**
 * Parses a form body that holds no bracket (raw or escaped) into a plain
 * object. Linear in the body's length: each of `=` and `%` is searched for
 * from where its last occurrence was, never twice over the same text, and
 * the second pass (a key that came back) reads the body once more
 * (test/fuzz/flat-form.test.ts counts the work).
 *
 * @example
 * parseFlatForm('a=1&b=x+y&a=%41') // { a: ['1', 'A'], b: 'x y' }
 */
export function parseFlatForm(form: string): Record<string, unknown> {
  // qs turns `+` into spaces in each key and value before decoding it; `+`
  // is no delimiter, so doing it once for the whole body is the same, and
  // one replace costs less than one for each part that has a `+`.
  const body = form.indexOf('+') === -1 ? form : form.replace(PLUS, ' ')
  return parsePairs(body, false) ?? (parsePairs(body, true) as Record<string, unknown>)
}

/**
 * The pairs of `body` (its `+` already spaces) in a plain object.
 *
 * Without `repeats`, each value is stored without looking at the key first
 * (only a key equal to the one before it, as a multiple select or a group
 * of checkboxes sends it, joins that key's array at once), and the result
 * is undefined when a key came back later (fewer keys than keys stored):
 * the caller then parses again with `repeats`, which reads each key before
 * storing it. A read of a key the object lacks goes on to Object.prototype,
 * a dictionary, in a megamorphic load; skipping it saved more than a fifth
 * of the parse on the benchmark's ten-field form (docs/perf.md, "The flat
 * form parser"), and a form with a key that comes back after another one
 * pays one more parse.
 */
function parsePairs(body: string, repeats: boolean): Record<string, unknown> | undefined {
  const result: Record<string, unknown> = {}
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
    if (keyEnd > start) {
      if (percent < start) percent = nextIndex(body, '%', start)
      let key = body.slice(start, keyEnd)
      if (percent < keyEnd) key = decodeEscapes(key)
      // (A store of `__proto__` would reach Object.prototype's setter, which
      // ignores a string, yet count as a new key.)
      if (key !== '__proto__') {
        let value = ''
        if (keyEnd < end) {
          const valueStart = keyEnd + 1
          value = body.slice(valueStart, end)
          if (percent < valueStart) percent = nextIndex(body, '%', valueStart)
          if (percent < end) value = decodeEscapes(value)
        }
        if (!repeats) {
          if (key.length !== lastKey.length || key !== lastKey) {
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
          // `toString`) means the key is new.
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
  // (lastKey starts as '', which is never stored.)
  return repeats || Object.keys(result).length === stored ? result : undefined
}
