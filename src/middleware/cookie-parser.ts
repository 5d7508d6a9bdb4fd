/**
 * `webfw.cookieParser([secret|secrets], [options])`: the built-in cookie
 * parser, with the contract of the `cookie-parser` package so either can sit
 * in front of `res.cookie(..., { signed: true })`:
 * - `req.cookies`: every cookie, `j:` values JSON-decoded;
 * - `req.signedCookies`: the `s:` cookies whose HMAC-SHA256 signature matches
 *   one of the secrets (tried in order, for rotation), unsigned and
 *   JSON-decoded; a cookie whose signature matches none is `false`;
 * - `req.secret`: the first secret, used by `res.cookie` to sign.
 * Signatures are checked by cookie-signature, which compares in constant
 * time (crypto.timingSafeEqual). `options.decode` decodes each value, as in
 * `cookie.parse` (read once, when the middleware is made).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ParseOptions } from 'cookie'
import { unsign } from 'cookie-signature'
import { type Cookies, isJsonCookie, jsonCookieValue, parseCookieHeader } from './cookie-header'

type Secret = string | Buffer

interface CookieRequest extends IncomingMessage {
  secret?: Secret
  cookies?: Cookies
  signedCookies?: Cookies
}

function secretList(secret: Secret | Secret[] | undefined | null): Secret[] {
  if (!secret) return []
  return Array.isArray(secret) ? secret : [secret]
}

/** The value of a `j:` cookie, or undefined when `str` is not one or is not JSON. */
export function JSONCookie(str: unknown): unknown {
  return isJsonCookie(str) ? jsonCookieValue(str) : undefined
}

/** Decodes the `j:` values of `obj` in place and returns it. */
export function JSONCookies(obj: Cookies): Cookies {
  for (const key of Object.keys(obj)) {
    const val = JSONCookie(obj[key])
    // As in cookie-parser: a falsy JSON value (0, false, null, "") keeps its raw "j:" form.
    if (val) obj[key] = val
  }
  return obj
}

/**
 * The unsigned value of an `s:` cookie: the value when one of the secrets
 * verifies it, false when none does; a value without `s:` is returned as is.
 */
export function signedCookie(str: unknown, secret: Secret | Secret[] | undefined): string | false | undefined {
  if (typeof str !== 'string') return undefined
  if (!str.startsWith('s:')) return str
  const signed = str.slice(2)
  for (const s of secretList(secret)) {
    const val = unsign(signed, s)
    if (val !== false) return val
  }
  return false
}

/** Moves the signed cookies of `obj` into a new object, verified (false when forged). */
export function signedCookies(obj: Cookies, secret: Secret | Secret[] | undefined): Cookies {
  const ret: Cookies = Object.create(null)
  for (const key of Object.keys(obj)) {
    const val = obj[key]
    const dec = signedCookie(val, secret)
    if (dec !== val) {
      ret[key] = dec
      delete obj[key]
    }
  }
  return ret
}

/** Empty `req.cookies` and `req.signedCookies` (null prototype, as cookie-parser gives). */
function setEmpty(req: CookieRequest): void {
  req.cookies = Object.create(null)
  req.signedCookies = Object.create(null)
}

/**
 * Cookie-parsing middleware.
 * @example
 * app.use(webfw.cookieParser(process.env.COOKIE_SECRET))
 * app.get('/', (req, res) => {
 *   res.cookie('seen', '1', { signed: true })
 *   res.json({ cookies: req.cookies, signed: req.signedCookies })
 * })
 */
export function cookieParser(secret?: Secret | Secret[] | null, options?: ParseOptions) {
  const secrets = secretList(secret)
  const decode = options?.decode || undefined
  // Without secrets the `j:` values are decoded as the header is parsed; with
  // them, signed values come out first (an `s:j:` value is JSON once unsigned).
  const jsonInParse = secrets.length === 0
  /**
   * Sets `req.secret`, `req.cookies` and `req.signedCookies`. A function of
   * its own, apart from the middleware's `next()`: V8 inlines the router's
   * step into a middleware's call of `next`, and with the parse in the same
   * function its inlining budget left the header's parse out (docs/perf.md,
   * "The cookie parser's own function").
   */
  function parseInto(req: CookieRequest): void {
    req.secret = secrets[0]
    const header = req.headers.cookie
    if (!header) {
      setEmpty(req)
      return
    }
    // Each object is made once (an Object.create(null) is a ~190-byte
    // dictionary; two were thrown away per request when made up front).
    // (A throwing `decode` option keeps the value as it came, as in cookie-parser.)
    const cookies = parseCookieHeader(header, decode, jsonInParse)
    if (jsonInParse) {
      req.signedCookies = Object.create(null)
      req.cookies = cookies
    } else {
      req.signedCookies = JSONCookies(signedCookies(cookies, secrets))
      req.cookies = JSONCookies(cookies)
    }
  }

  return function cookieParser(req: CookieRequest, _res: ServerResponse, next: (err?: unknown) => void): void {
    // Already parsed (by another instance or another parser).
    if (!req.cookies) parseInto(req)
    next()
  }
}

cookieParser.JSONCookie = JSONCookie
cookieParser.JSONCookies = JSONCookies
cookieParser.signedCookie = signedCookie
cookieParser.signedCookies = signedCookies
