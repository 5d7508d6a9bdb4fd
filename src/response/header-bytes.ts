/**
 * Which bytes a non-ASCII header value goes out as. node:http writes the
 * head as Latin-1, except when the body is a string, which it appends to the
 * head and writes in the body's encoding, UTF-8 for res.send: "é" is one
 * byte (0xE9) in the first case and two (0xC3 0xA9) in the second.
 * Express turns a string body into a Buffer whenever it makes an ETag (or
 * the body is 1000 characters or more), so with its defaults such a header
 * goes out as Latin-1. webfw keeps short string bodies as strings (one copy
 * less per response), so it marks a response whose `res.set` (and through
 * it `res.append`, `res.attachment`, `res.links` ...) stored a value beyond
 * ASCII, and `res.send` then writes a Buffer wherever Express would. A value
 * stored with node:http's own `res.setHeader` is not watched: that costs
 * every header of every response, and it is Node's behaviour as it stands.
 */
const kNonAsciiHeader = Symbol('webfw.nonAsciiHeader')

interface Marked {
  [kNonAsciiHeader]?: true
}

/** A character beyond ASCII. */
const BEYOND_ASCII = /[^\x00-\x7f]/ // eslint-disable-line no-control-regex

function beyondAscii(value: unknown): boolean {
  if (typeof value === 'string') return BEYOND_ASCII.test(value)
  return Array.isArray(value) && value.some((item) => typeof item === 'string' && BEYOND_ASCII.test(item))
}

/** Notes a header value that `res.set` stored on `res`. */
export function noteHeaderValue(res: object, value: unknown): void {
  if (beyondAscii(value)) (res as Marked)[kNonAsciiHeader] = true
}

/** Whether `res.set` stored a header value beyond ASCII on `res`. */
export function hasNonAsciiHeader(res: object): boolean {
  return (res as Marked)[kNonAsciiHeader] === true
}
