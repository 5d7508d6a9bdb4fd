/**
 * `json([options])`: parses JSON bodies (any Unicode encoding) into
 * `req.body`. Options beyond the shared ones: `reviver` (passed to
 * JSON.parse) and `strict` (default true: only an object or an array may be
 * the top-level value).
 */
import type { Profile } from '../../profile'
import { normalizeCommonOptions, type BodyParserOptions } from './options'
import { createParser, type Middleware } from './parser'

export interface JsonOptions extends BodyParserOptions {
  reviver?: (this: unknown, key: string, value: unknown) => unknown
  strict?: boolean
}

const PLACEHOLDER = '#'
const PLACEHOLDER_RUN = /#+/g

/** Index of the first character that is not JSON whitespace, or -1. */
function firstToken(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return i
  }
  return -1
}

/**
 * The SyntaxError JSON.parse itself would give if the value starting at `at`
 * were not allowed, so a strict-mode refusal reads like any other JSON error
 * ("Unexpected token 't', "true" is not valid JSON"). The engine's wording is
 * obtained by parsing a copy whose rest is masked with a character JSON never
 * accepts, then the masked characters are put back into the message.
 */
function strictViolation(text: string, at: number): SyntaxError {
  const masked = text.slice(0, at) + PLACEHOLDER.repeat(text.length - at)
  let message = 'Unexpected token'
  try {
    JSON.parse(masked)
  } catch (err) {
    message = (err as Error).message.replace(PLACEHOLDER_RUN, (run) => text.slice(at, at + run.length))
  }
  return new SyntaxError(message)
}

/**
 * The JSON parse function for the given options.
 *
 * @example
 * createJsonParse({ strict: false })('true') // true
 */
export function createJsonParse(options: JsonOptions | undefined): (text: string) => unknown {
  const reviver = typeof options?.reviver === 'function' ? options.reviver : undefined
  const strict = options?.strict !== false
  return (text) => {
    // An empty body is a common client mistake; Express answers {} for it.
    if (text.length === 0) return {}
    if (strict) {
      const at = firstToken(text)
      // All-whitespace falls through so JSON.parse reports it itself.
      if (at !== -1) {
        const c = text.charCodeAt(at)
        if (c !== 0x7b /* { */ && c !== 0x5b /* [ */) throw strictViolation(text, at)
      }
    }
    return JSON.parse(text, reviver)
  }
}

/**
 * JSON is UTF-8, UTF-16 or UTF-32 (RFC 8259; RFC 7159 §8.1): body-parser
 * takes the charsets named "utf-..." (so not the label "utf8"), and refuses
 * the rest with a 415.
 */
function isUnicode(charset: string): boolean {
  return charset.startsWith('utf-')
}

export function createJson(profile: Profile): (options?: JsonOptions) => Middleware {
  /**
   * Parses `application/json` bodies into `req.body`.
   *
   * @example
   * app.use(webfw.json({ limit: '1mb', strict: false }))
   */
  return function json(options?: JsonOptions): Middleware {
    const common = normalizeCommonOptions(options, profile.body.jsonType, profile.body)
    const parse = createJsonParse(options)
    return createParser(
      { name: 'jsonParser', charset: { fallback: 'utf-8', accepts: isUnicode }, parse: parse as (body: string | Buffer) => unknown },
      common,
      profile,
    )
  }
}
