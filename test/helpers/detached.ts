/**
 * A response that is not attached to a socket, for checks of what the
 * header-setting APIs write (res.cookie, res.clearCookie) without a round
 * trip: the headers it holds are read back with getHeader.
 */
import http from 'node:http'
import type { Any } from './webfw'

/** A GET / request and its response, both on `app`'s prototypes; `secret` as a cookie parser would set it. */
export function detachedResponse(app: Any, secret?: string): Any {
  const req: Any = new http.IncomingMessage(null as Any)
  req.method = 'GET'
  req.url = '/'
  req.headers = {}
  if (secret !== undefined) req.secret = secret
  const res: Any = new http.ServerResponse(req)
  Object.setPrototypeOf(req, app.request)
  Object.setPrototypeOf(res, app.response)
  req.res = res
  res.req = req
  return res
}

/** The Set-Cookie lines the response holds, in order. */
export function setCookieLines(res: Any): string[] {
  const v = res.getHeader('Set-Cookie')
  return v === undefined ? [] : Array.isArray(v) ? v : [String(v)]
}
