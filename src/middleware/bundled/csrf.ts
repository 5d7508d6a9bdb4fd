/**
 * `webfw.csrf([options])` (3.x): CSRF protection with the contract Connect
 * 2.30 had (from csurf 1.8):
 * - a secret is kept per visitor in the session (`req.session.csrfSecret`;
 *   session middleware must come first), or with `cookie` (true or cookie
 *   attributes, name `key` default `_csrf`, `signed` to sign it with the
 *   `cookieParser` secret) in a cookie read through `req.cookies` /
 *   `req.signedCookies`;
 * - `req.csrfToken()` returns a token for that secret, to put in forms as
 *   `_csrf`;
 * - a request whose method is not in `ignoreMethods` (default GET, HEAD,
 *   OPTIONS) must carry a valid token, read by `value(req)`: by default
 *   `req.body._csrf`, `req.query._csrf`, or the `CSRF-Token`, `XSRF-Token`,
 *   `X-CSRF-Token` or `X-XSRF-Token` header; otherwise `next` gets a 403
 *   ("invalid csrf token", `code` 'EBADCSRFTOKEN');
 * - without a session (nor `cookie`), `next` gets "misconfigured csrf" (500).
 * Tokens come from the csrf package (salted, compared in constant time); the
 * middleware is written here because csurf, Connect's own, is no longer
 * maintained.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { serialize, type SerializeOptions } from 'cookie'
import { sign } from 'cookie-signature'
import Tokens from 'csrf'
import createError from 'http-errors'
import { deprecateBundled } from './deprecation'
import { appendSetCookie } from './set-cookie'
import type { BundledRequest, Middleware } from './types'

export interface CsrfOptions extends Tokens.Options {
  /** Reads the token sent with a request (default: body, query, then headers). */
  value?: (req: IncomingMessage) => unknown
  /** Keep the secret in a cookie instead of the session. */
  cookie?: boolean | (SerializeOptions & { key?: string; signed?: boolean })
  /** The request property holding the session (default 'session'). */
  sessionKey?: string
  /** Methods never checked (default GET, HEAD, OPTIONS). */
  ignoreMethods?: string[]
}

interface CsrfRequest extends BundledRequest {
  csrfToken?: () => string
  cookies?: Record<string, unknown>
  signedCookies?: Record<string, unknown>
  [key: string]: unknown
}

type CookieSpec = SerializeOptions & { key: string; signed?: boolean }

function defaultValue(req: IncomingMessage): unknown {
  const r = req as CsrfRequest
  const body = r.body as Record<string, unknown> | undefined
  const query = r.query as Record<string, unknown> | undefined
  const h = req.headers
  return (
    (body && body._csrf) ||
    (query && query._csrf) ||
    h['csrf-token'] ||
    h['xsrf-token'] ||
    h['x-csrf-token'] ||
    h['x-xsrf-token']
  )
}

function cookieSpec(option: CsrfOptions['cookie']): CookieSpec | undefined {
  if (option !== true && (option === null || typeof option !== 'object')) return undefined
  const spec: CookieSpec = { key: '_csrf', path: '/' }
  if (typeof option === 'object') {
    for (const [name, val] of Object.entries(option)) if (val !== undefined) (spec as unknown as Record<string, unknown>)[name] = val
  }
  return spec
}

/** Where the secret lives: the session, or a cookie. */
interface SecretStore {
  get(req: CsrfRequest): string | undefined
  set(req: CsrfRequest, res: ServerResponse, secret: string): void
}

function sessionStore(sessionKey: string): SecretStore {
  const session = (req: CsrfRequest): Record<string, unknown> => {
    const s = req[sessionKey]
    if (!s || typeof s !== 'object') throw new Error('misconfigured csrf')
    return s as Record<string, unknown>
  }
  return {
    get: (req) => {
      const secret = session(req).csrfSecret
      return typeof secret === 'string' ? secret : undefined
    },
    set: (req, _res, secret) => {
      session(req).csrfSecret = secret
    },
  }
}

function cookieStore(spec: CookieSpec): SecretStore {
  const { key, signed, ...attributes } = spec
  return {
    get: (req) => {
      const jar = signed ? req.signedCookies : req.cookies
      const secret = jar?.[key]
      return typeof secret === 'string' ? secret : undefined
    },
    set: (req, res, secret) => {
      let value = secret
      if (signed) {
        if (!req.secret) throw new Error('cookieParser("secret") required for signed cookies')
        value = 's:' + sign(secret, req.secret)
      }
      appendSetCookie(res, serialize(key, value, attributes))
    },
  }
}

/**
 * @example
 * app.use(webfw.session({ secret: 'keyboard cat' }))
 * app.use(webfw.urlencoded())
 * app.use(webfw.csrf())
 * app.get('/form', (req, res) => res.send(`<input type="hidden" name="_csrf" value="${req.csrfToken()}">`))
 */
export function csrf(options: CsrfOptions = {}): Middleware {
  deprecateBundled('webfw.csrf([options])', 'a CSRF package (tokens from the csrf package, or csrf-sync / csrf-csrf)')
  const spec = cookieSpec(options.cookie)
  const store = spec ? cookieStore(spec) : sessionStore(options.sessionKey || 'session')
  const value = options.value || defaultValue
  const tokens = new Tokens(options)
  const ignoreMethods = options.ignoreMethods === undefined ? ['GET', 'HEAD', 'OPTIONS'] : options.ignoreMethods
  if (!Array.isArray(ignoreMethods)) throw new TypeError('option ignoreMethods must be an array')
  const ignored = new Set(ignoreMethods.map((m) => String(m).toUpperCase()))

  return function csrf(request, res, next) {
    const req = request as CsrfRequest
    let secret: string | undefined
    try {
      secret = store.get(req)
      if (secret === undefined) {
        secret = tokens.secretSync()
        store.set(req, res, secret)
      }
    } catch (err) {
      next(err)
      return
    }

    // One token per request and secret: a session secret replaced during the
    // request (e.g. by session.regenerate) gets a token of its own.
    let token: string | undefined
    let tokenSecret = secret
    req.csrfToken = function csrfToken(): string {
      let current = spec ? tokenSecret : store.get(req)
      if (token !== undefined && current === tokenSecret) return token
      if (current === undefined) {
        current = tokens.secretSync()
        store.set(req, res, current)
      }
      tokenSecret = current
      token = tokens.create(current)
      return token
    }

    if (!ignored.has(req.method as string)) {
      const sent = value(req)
      if (typeof sent !== 'string' || !tokens.verify(secret, sent)) {
        next(createError(403, 'invalid csrf token', { code: 'EBADCSRFTOKEN' }))
        return
      }
    }
    next()
  }
}
