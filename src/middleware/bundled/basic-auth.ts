/**
 * `webfw.basicAuth(...)` (3.x): HTTP Basic authentication in Connect 2's three
 * forms, setting `req.user` (and Connect's `req.remoteUser`):
 * - `basicAuth(username, password, [realm])`: fixed credentials, compared in
 *   constant time; `req.user` is the username;
 * - `basicAuth(fn(user, pass), [realm])`: access when `fn` returns a truthy
 *   value; `req.user` is the username;
 * - `basicAuth(fn(user, pass, cb), [realm])`: `cb(err, user)`; access when
 *   there is no error and `user` is truthy; `req.user` is that `user`.
 * A request without credentials, or with refused ones, gets 401 with
 * `WWW-Authenticate: Basic realm="<realm>"` (default "Authorization
 * Required") and the body "Unauthorized"; an Authorization header that is not
 * valid Basic credentials is a 400 passed to `next`. A request that already
 * has `req.user` goes on untouched.
 *
 * The header is parsed by the basic-auth package; the rest is written here,
 * as Connect's own wrapper (basic-auth-connect) is marked deprecated by its
 * maintainers in favour of basic-auth.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { parse } from 'basic-auth'
import createError from 'http-errors'
import { deprecateBundled } from './deprecation'
import type { BundledRequest, Middleware } from './types'

export type SyncCheck = (user: string, pass: string) => unknown
export type AsyncCheck = (user: string, pass: string, done: (err: unknown, user?: unknown) => void) => void

interface AuthRequest extends BundledRequest {
  user?: unknown
  remoteUser?: unknown
}

const DEFAULT_REALM = 'Authorization Required'

/** Equality of two strings in time independent of where they differ (hashing first evens out the lengths). */
function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest()
  const hb = createHash('sha256').update(b).digest()
  return timingSafeEqual(ha, hb)
}

function fixedCredentials(username: string, password: string): SyncCheck {
  return (user, pass) => {
    // both compared every time, so timing does not tell which one was wrong
    const userOk = safeEqual(user, username)
    const passOk = safeEqual(pass, password)
    return userOk && passOk
  }
}

function unauthorized(res: ServerResponse, challenge: string): void {
  res.statusCode = 401
  res.setHeader('WWW-Authenticate', challenge)
  res.end('Unauthorized')
}

/**
 * @example
 * app.use(webfw.basicAuth('admin', process.env.ADMIN_PASSWORD))
 * app.use(webfw.basicAuth((user, pass) => user === 'tj' && pass === 'wahoo'))
 * app.use(webfw.basicAuth((user, pass, cb) => User.authenticate(user, pass, cb), 'Members'))
 */
export function basicAuth(check: string | SyncCheck | AsyncCheck, realmOrPassword?: string, fixedRealm?: string): Middleware {
  let verify: SyncCheck | AsyncCheck
  let realm: string | undefined
  if (typeof check === 'string') {
    if (typeof realmOrPassword !== 'string') throw new Error('password argument required')
    deprecateBundled('webfw.basicAuth(username, password)', 'the basic-auth package')
    verify = fixedCredentials(check, realmOrPassword)
    realm = fixedRealm
  } else if (typeof check === 'function') {
    deprecateBundled(check.length >= 3 ? 'webfw.basicAuth(fn(user, pass, cb))' : 'webfw.basicAuth(fn(user, pass))', 'the basic-auth package')
    verify = check
    realm = realmOrPassword
  } else {
    throw new TypeError('basicAuth() requires a username and password, or a function')
  }
  // A realm is a quoted-string: quotes and backslashes in it are escaped.
  const challenge = 'Basic realm="' + String(realm || DEFAULT_REALM).replace(/(["\\])/g, '\\$1') + '"'

  return function basicAuth(request, res, next) {
    const req = request as AuthRequest
    if (req.user) {
      next()
      return
    }
    const authorization = req.headers.authorization
    if (!authorization) {
      unauthorized(res, challenge)
      return
    }
    const credentials = parse(authorization)
    if (credentials === undefined) {
      next(createError(400))
      return
    }
    const { name, pass } = credentials

    if (verify.length >= 3) {
      let answered = false
      ;(verify as AsyncCheck)(name, pass, (err, user) => {
        if (answered) return
        answered = true
        if (err || !user) {
          unauthorized(res, challenge)
          return
        }
        req.user = req.remoteUser = user
        next()
      })
      return
    }
    if ((verify as SyncCheck)(name, pass)) {
      req.user = req.remoteUser = name
      next()
    } else {
      unauthorized(res, challenge)
    }
  }
}
