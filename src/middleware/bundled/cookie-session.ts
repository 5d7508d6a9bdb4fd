/**
 * `webfw.cookieSession([options])` (3.x): a session kept whole in one signed
 * cookie, with Connect 2's contract:
 * - options `key` (the cookie's name, default `webfw.sess`), `secret` (default
 *   the secret given to `webfw.cookieParser(secret)`; one of the two is
 *   required), `cookie` (its attributes, default path "/", httpOnly true,
 *   maxAge null: a browser-session cookie), `proxy` (trust
 *   `X-Forwarded-Proto: https` for a `secure` cookie);
 * - `req.session` is the object stored in the cookie (`{}` when there is none
 *   or its signature fails), with `req.session.cookie` the cookie's settings
 *   for this response (Connect 2's Cookie, shared with `webfw.session`);
 * - when headers go out, the session is written back as
 *   `s:<HMAC-SHA256 signature of j:<JSON>>` (the format `cookieParser`'s
 *   signed JSON cookies use) if it changed; `req.session = null` clears the
 *   cookie (it expires in 1970); a `secure` cookie is only sent over TLS;
 * - requests outside the cookie's path get an empty session and no cookie.
 *
 * Written here rather than on the cookie-session package, whose contract is
 * a different one (two cookies, base64 value, keygrip keys, no
 * `req.session.cookie`, no `cookieParser` secret), so Express 3 apps and their
 * clients would see other cookies. Unlike Connect 2, an unsigned cookie is
 * never taken for a session, and other Set-Cookie headers are kept.
 */
import type { IncomingMessage } from 'node:http'
import { parse } from 'cookie'
import { sign, unsign } from 'cookie-signature'
import Cookie from 'express-session/session/cookie'
import onHeaders from 'on-headers'
import parseUrl from 'parseurl'
import { deprecateBundled } from './deprecation'
import { appendSetCookie } from './set-cookie'
import type { BundledRequest, Middleware } from './types'

export interface CookieSessionOptions {
  /** The cookie's name (default `webfw.sess`). */
  key?: string
  /** Signs the cookie (default: the `cookieParser` secret). */
  secret?: string
  /** Cookie attributes: `path`, `httpOnly`, `maxAge`, `secure`, `domain`, `sameSite`, `expires`. */
  cookie?: Record<string, unknown>
  /** Trust the first `X-Forwarded-Proto` for `secure` cookies. */
  proxy?: boolean
}

type SessionData = Record<string, unknown>

/** The session stored in a cookie value, with its `j:` text, when the signature holds. */
function readSession(raw: string | undefined, secret: string): { data: SessionData; text: string } | undefined {
  if (raw === undefined || !raw.startsWith('s:')) return undefined
  const text = unsign(raw.slice(2), secret)
  if (text === false || !text.startsWith('j:')) return undefined
  try {
    const data: unknown = JSON.parse(text.slice(2))
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined
    return { data: data as SessionData, text }
  } catch {
    return undefined
  }
}

function cookieValue(req: IncomingMessage, key: string): string | undefined {
  const header = req.headers.cookie
  return header ? parse(header)[key] : undefined
}

function overTls(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true
  if (!trustProxy) return false
  const proto = req.headers['x-forwarded-proto']
  return typeof proto === 'string' && proto.split(',')[0].trim().toLowerCase() === 'https'
}

/**
 * @example
 * app.use(webfw.cookieParser('manny is cool'))
 * app.use(webfw.cookieSession({ cookie: { maxAge: 60 * 60 * 1000 } }))
 * app.get('/', (req, res) => { req.session.views = (req.session.views || 0) + 1; res.send('views: ' + req.session.views) })
 * app.get('/logout', (req, res) => { req.session = null; res.redirect('/') })
 */
export function cookieSession(options: CookieSessionOptions = {}): Middleware {
  deprecateBundled('webfw.cookieSession([options])', 'the cookie-session package')
  const key = options.key || 'webfw.sess'
  const trustProxy = Boolean(options.proxy)

  return function cookieSession(request, res, next) {
    const req = request as BundledRequest
    const secret = options.secret || req.secret
    if (!secret) {
      next(new Error('`secret` option required for cookie sessions'))
      return
    }
    const cookie = new Cookie(options.cookie)
    req.session = { cookie }

    const pathname = parseUrl.original(req)?.pathname ?? '/'
    if (!pathname.startsWith(cookie.path)) {
      next()
      return
    }

    const stored = readSession(cookieValue(req, key), secret)
    if (stored !== undefined) {
      req.session = stored.data
      req.session.cookie = cookie
    }

    onHeaders(res, () => {
      const session = req.session
      if (!session) {
        cookie.expires = new Date(0)
        appendSetCookie(res, cookie.serialize(key, ''))
        return
      }
      delete session.cookie
      if (cookie.secure && !overTls(req, trustProxy)) return
      const text = 'j:' + JSON.stringify(session)
      if (text === stored?.text) return
      appendSetCookie(res, cookie.serialize(key, 's:' + sign(text, secret)))
    })
    next()
  }
}
