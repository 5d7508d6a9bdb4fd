/**
 * Time for the logger: request/response start marks from `process.hrtime`,
 * millisecond differences between them, and the `:date` strings.
 *
 * The CLF and web (RFC 1123) strings only change once a second, so each is
 * rebuilt at most once per second and shared by every line logged in that
 * second; the ISO form carries milliseconds and is built per call.
 */

/** A `process.hrtime()` mark: [seconds, nanoseconds]. */
export type HrTime = [number, number]

/**
 * Node's `process`, read once. The global `process` is an accessor of the
 * global object, so each mention of it in a function is a call of its getter
 * that the optimiser cannot fold away (docs/perf.md, "reqlog's combined
 * line"). `hrtime` is still looked up on it at every call, so fake timers
 * that replace `process.hrtime` keep working.
 */
const nodeProcess = process

/** `process.hrtime()`: the mark kept as `_startAt`. */
export function hrtimeMark(): HrTime {
  return nodeProcess.hrtime()
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function pad2(n: number): string {
  return n < 10 ? '0' + n : String(n)
}

/** Milliseconds from `from` to `to`, as text with `digits` decimals. */
export function elapsedText(from: HrTime, to: HrTime, digits: unknown): string {
  const ms = (to[0] - from[0]) * 1e3 + (to[1] - from[1]) * 1e-6
  return ms.toFixed(fractionDigits(digits))
}

/**
 * The `digits` argument of the timing tokens. Arguments come from format
 * strings as text; like `toFixed`, anything not numeric means 0, and values
 * are clamped to what `toFixed` accepts so a format such as
 * `:response-time[500]` cannot throw while a line is logged.
 */
export function fractionDigits(digits: unknown): number {
  if (digits === undefined) return 3
  const n = Math.trunc(Number(digits))
  if (!(n > 0)) return 0
  return n > 100 ? 100 : n
}

let clfSecond = -1
let clfText = ''

/** `10/Oct/2000:13:55:36 +0000` for the current time, rebuilt once a second. */
export function clfDate(now: number = Date.now()): string {
  const second = Math.floor(now / 1000)
  if (second !== clfSecond) {
    const d = new Date(second * 1000)
    clfText = pad2(d.getUTCDate()) + '/' + MONTHS[d.getUTCMonth()] + '/' + d.getUTCFullYear() + ':' +
      pad2(d.getUTCHours()) + ':' + pad2(d.getUTCMinutes()) + ':' + pad2(d.getUTCSeconds()) + ' +0000'
    clfSecond = second
  }
  return clfText
}

let webSecond = -1
let webText = ''

/** `Tue, 10 Oct 2000 13:55:36 GMT` for the current time, rebuilt once a second. */
export function webDate(now: number = Date.now()): string {
  const second = Math.floor(now / 1000)
  if (second !== webSecond) {
    webText = new Date(second * 1000).toUTCString()
    webSecond = second
  }
  return webText
}

/** `2000-10-10T13:55:36.000Z` for the current time. */
export function isoDate(now: number = Date.now()): string {
  return new Date(now).toISOString()
}
