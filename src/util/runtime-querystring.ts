/**
 * The runtime's `querystring.parse` result, the "simple" parser of Express
 * (5.x's `query parser`, 4.x's and 3.x's `urlencoded({ extended: false })`),
 * through fast-querystring wherever the two cannot differ.
 *
 * They differ only in decoding: where an escape is malformed or is not valid
 * UTF-8, fast-querystring leaves the whole key or value as it came, while
 * querystring decodes it byte by byte with U+FFFD for broken sequences. An
 * escape of an ASCII byte (`%00`-`%7F`) always decodes on its own, so a
 * string whose escapes are all of that kind (or that has none) gets the very
 * same keys and values from both; every other string goes to querystring.
 * The result's prototype is an empty object without a prototype, where
 * querystring's object has none at all: no key resolves through either.
 */
import querystring from 'node:querystring'
import fastQuerystring from 'fast-querystring'

/**
 * Whether every `%` in `str` starts the escape of an ASCII byte (`%00`-`%7F`).
 * A loop over `indexOf` jumps from one `%` to the next; the equivalent
 * regular expression (`/%(?![0-7][0-9A-Fa-f])/`) steps through every
 * character and cost about 8 instructions per character of a form body
 * (docs/perf.md, "The runtime's flat parser").
 */
function asciiEscapesOnly(str: string): boolean {
  for (let i = str.indexOf('%'); i !== -1; i = str.indexOf('%', i + 1)) {
    // NaN past the end fails both (the tests are written as "not inside")
    const high = str.charCodeAt(i + 1)
    if (!(high >= 0x30 && high <= 0x37)) return false
    const low = str.charCodeAt(i + 2)
    const letter = low | 0x20 // lower case for A-F
    if (!((low >= 0x30 && low <= 0x39) || (letter >= 0x61 && letter <= 0x66 && low >= 0x41))) return false
  }
  return true
}

/**
 * `querystring.parse(str, '&', '=', { maxKeys })`. `counted`: the caller
 * has made sure `str` has no more than maxKeys pairs.
 *
 * @example
 * parseRuntimeQueryString('a=1&b=%41&b=2', 1000) // { a: '1', b: ['A', '2'] }
 */
export function parseRuntimeQueryString(str: string, maxKeys: number, counted = false): Record<string, unknown> {
  // fast-querystring has no pair limit. A string of n characters holds at
  // most n + 1 pairs, so one shorter than maxKeys cannot be cut short.
  if ((counted || str.length < maxKeys) && asciiEscapesOnly(str)) {
    return fastQuerystring.parse(str) as Record<string, unknown>
  }
  return querystring.parse(str, undefined, undefined, { maxKeys }) as Record<string, unknown>
}
