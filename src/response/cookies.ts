/**
 * `res.cookie` and `res.clearCookie`: Set-Cookie headers serialized by the
 * `cookie` package (0.7, as Express 5 and 4 use it: the same header and the
 * same TypeError messages, "option path is invalid" ...), which rejects a
 * name, value, path or domain outside the RFC 6265 grammar, so no cookie
 * can carry a CR/LF or a `;` into the header. Object values become `j:` JSON; `signed` values become
 * `s:<value>.<HMAC-SHA256>` with the secret the cookie parser put on
 * `req.secret` — the format the `cookie-parser` package reads.
 */
import { serialize, type SerializeOptions } from 'cookie'
import { sign } from 'cookie-signature'
import type { Profile } from '../profile'
import { defineMethod } from '../util/define'
import { deprecate } from '../util/deprecate'
import type { ResponseInternal } from './internal'

export interface CookieOptions extends Omit<SerializeOptions, 'maxAge'> {
  /** Lifetime in milliseconds (the header's Max-Age is in seconds). */
  maxAge?: number | null
  signed?: boolean
}

/** The Set-Cookie value `res.cookie(name, value, options)` appends. */
export function cookieHeader(res: ResponseInternal, name: string, value: unknown, options?: CookieOptions): string {
  const opts: CookieOptions & { maxAge?: unknown } = { ...options }
  let val = typeof value === 'object' ? 'j:' + JSON.stringify(value) : String(value)
  if (opts.signed) {
    const secret = res.req.secret
    if (!secret) throw new Error('cookieParser("secret") required for signed cookies')
    val = 's:' + sign(val, secret)
  }
  if (opts.maxAge != null) {
    const ms = (opts.maxAge as number) - 0
    // A non-number maxAge is left for the serializer to reject.
    if (!Number.isNaN(ms)) {
      opts.expires = new Date(Date.now() + ms)
      opts.maxAge = Math.floor(ms / 1000)
    }
  } else {
    // null means "no Max-Age", which the serializer only knows as absent.
    delete opts.maxAge
  }
  if (opts.path == null) opts.path = '/'
  return serialize(name, val, opts as SerializeOptions)
}

export function defineCookieMembers(proto: object, profile: Profile): void {
  const keepExpiry = profile.response.clearCookieExpiry
  /**
   * Adds a Set-Cookie header. Options: domain, encode, expires, httpOnly,
   * maxAge (ms), path (default "/"), partitioned, priority, secure, signed,
   * sameSite. Chainable.
   * @example res.cookie('cart', { items: [1, 2] }, { maxAge: 900000, httpOnly: true, signed: true })
   */
  defineMethod(proto, 'cookie', function cookie(this: ResponseInternal, name: string, value: unknown, options?: CookieOptions) {
    const header = cookieHeader(this, name, value, options)
    ;(this as unknown as { append(f: string, v: string): void }).append('Set-Cookie', header)
    return this
  })

  /**
   * Expires a cookie in the browser; give the path/domain it was set with
   * (maxAge and expires are ignored; 4.x uses them, deprecated). Chainable.
   * @example res.clearCookie('cart', { path: '/shop' })
   */
  defineMethod(proto, 'clearCookie', function clearCookie(this: ResponseInternal, name: string, options?: CookieOptions) {
    let opts: CookieOptions
    if (keepExpiry) {
      if (options?.maxAge) deprecate('res.clearCookie: options.maxAge is ignored from 5.x on; leave it out')
      if (options?.expires) deprecate('res.clearCookie: options.expires is ignored from 5.x on; leave it out')
      opts = { expires: new Date(1), path: '/', ...options }
    } else {
      opts = { path: '/', ...options, expires: new Date(1) }
      delete opts.maxAge
    }
    return (this as unknown as { cookie(n: string, v: string, o: CookieOptions): ResponseInternal }).cookie(name, '', opts)
  })
}
