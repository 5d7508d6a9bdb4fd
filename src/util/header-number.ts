/**
 * A header's value as a number, as `Number(value)` gives it (NaN for a
 * missing header): the Content-Length the body parsers read on every request
 * with a body.
 *
 * Plain decimal digits, what a Content-Length nearly always is, are read
 * here. V8 converts a string whose hash it has not computed yet, as a header
 * value fresh from node:http's parser is, with a call into the runtime: about
 * 400 instructions a request on Node 24 (docs/perf.md, "Content-Length as a
 * number"). Anything else (spaces, signs, hex, exponents, empty, longer than
 * 15 digits) goes to `Number`, so the answer is always Number's.
 */

/** The most digits read here: every 15-digit decimal is exact in a double. */
const MAX_DIGITS = 15

/**
 * @example
 * headerNumber('348')     // 348
 * headerNumber(' 348')    // 348 (by Number)
 * headerNumber(undefined) // NaN
 */
export function headerNumber(value: string | undefined): number {
  if (value === undefined) return NaN
  const length = value.length
  if (length === 0 || length > MAX_DIGITS) return Number(value)
  let result = 0
  for (let i = 0; i < length; i++) {
    const digit = value.charCodeAt(i) - 0x30
    if (digit < 0 || digit > 9) return Number(value)
    result = result * 10 + digit
  }
  return result
}
