/**
 * Connect 2's host-name patterns, matched without a RegExp: the whole name,
 * ignoring case, where each `*` stands for any run of characters (dots
 * included, line breaks not), as the RegExp Connect built from them did
 * (`*` as a lazy `.*?`, everything else literal, flag `i`). That RegExp
 * backtracks: k stars cost about n^k steps on a name of n characters that
 * almost matches. Here the literal pieces between the stars are placed
 * left to right, each at its first place that fits, which decides the match
 * in one pass: at most n × (pattern length) comparisons, and about n for
 * patterns whose pieces are short, such as `*.example.com`.
 */

/**
 * Comparisons made by every match so far. Tests read it to check the bound
 * by counting instead of timing (test/v3/middleware/vhost-glob.test.ts);
 * kept in a local during a match and added once at its end.
 */
export const globSteps = { total: 0 }

/**
 * A UTF-16 code unit as a case-insensitive RegExp without the `u` flag
 * compares it: upper-cased when that gives one code unit, except that a
 * non-ASCII unit never becomes an ASCII one (ECMAScript's Canonicalize).
 */
function canonical(code: number): number {
  if (code < 0x80) return code >= 0x61 && code <= 0x7a ? code - 0x20 : code
  const upper = String.fromCharCode(code).toUpperCase()
  if (upper.length !== 1) return code
  const unit = upper.charCodeAt(0)
  return unit < 0x80 ? code : unit
}

function canonicalUnits(text: string): Uint16Array {
  const units = new Uint16Array(text.length)
  for (let i = 0; i < text.length; i++) units[i] = canonical(text.charCodeAt(i))
  return units
}

/** Line terminators, which `.` (and so `*`) does not match. */
function isLineBreak(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029
}

/** Whether `piece` is at `at` in `name`, counting comparisons into `counter`. */
function pieceAt(name: Uint16Array, at: number, piece: Uint16Array, counter: { steps: number }): boolean {
  for (let i = 0; i < piece.length; i++) {
    counter.steps++
    if (name[at + i] !== piece[i]) return false
  }
  return true
}

/**
 * Compiles a pattern into its matcher.
 *
 * @example
 * const matches = hostGlob('*.example.com')
 * matches('www.Example.com') // true
 * matches('example.com')     // false
 */
export function hostGlob(pattern: string): (hostname: string) => boolean {
  const pieces = pattern.split('*').map(canonicalUnits)
  const first = pieces[0]
  const last = pieces[pieces.length - 1]
  const middle = pieces.slice(1, -1)
  const starred = pieces.length > 1

  return function matchesHost(hostname: string): boolean {
    const counter = { steps: 0 }
    const name = canonicalUnits(hostname)
    counter.steps += name.length
    const matched = matchUnits(name, counter)
    globSteps.total += counter.steps
    return matched
  }

  function matchUnits(name: Uint16Array, counter: { steps: number }): boolean {
    if (!starred) return name.length === first.length && pieceAt(name, 0, first, counter)
    const lastAt = name.length - last.length
    if (lastAt < first.length || !pieceAt(name, 0, first, counter) || !pieceAt(name, lastAt, last, counter)) return false
    // Each middle piece goes to its first place after the previous one; the
    // characters a star skips over may not be line breaks.
    let at = first.length
    for (const piece of middle) {
      for (;;) {
        if (at + piece.length > lastAt) return false
        if (pieceAt(name, at, piece, counter)) break
        counter.steps++
        if (isLineBreak(name[at])) return false
        at++
      }
      at += piece.length
    }
    for (let i = at; i < lastAt; i++) {
      counter.steps++
      if (isLineBreak(name[i])) return false
    }
    return true
  }
}
