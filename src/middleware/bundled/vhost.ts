/**
 * `webfw.vhost(hostname, server)` (3.x): hands requests for one host name to
 * another app, as Connect 2 did on top of the vhost package:
 * - `hostname` is a string, where `*` stands for any run of characters (dots
 *   included; matched case-insensitively, whole name), or a RegExp;
 * - `server` is an app or any `(req, res, next)` function, or (Connect's
 *   older form) an `http.Server`, whose 'request' event then gets the request;
 * - a request whose `Host` (without its port) matches goes to `server`, with
 *   `req.vhost` describing the match (`host`, `hostname`, and the RegExp's
 *   captures as `req.vhost[0]` ...; a string's `*` captures nothing, as in
 *   Connect); others go on.
 * A string is matched by host-glob.ts, in one pass (Connect's RegExp for it
 * backtracked: seconds of event loop for a hostile Host and six stars); a
 * RegExp by the vhost package. Names longer than 253 characters (DNS's
 * limit) match nothing, which also bounds what an application's RegExp can
 * cost.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import vhostPackage from 'vhost'
import { deprecateBundled } from './deprecation'
import { hostGlob } from './host-glob'
import type { Middleware, Next } from './types'

type Handler = (req: IncomingMessage, res: ServerResponse, next: Next) => void
interface Emitter {
  emit(event: string, ...args: unknown[]): boolean
}

interface VhostRequest extends IncomingMessage {
  vhost?: Record<string, unknown>
}

const MAX_HOSTNAME = 253

/** The host name of the Host header: before its port, the brackets of an IPv6 address kept. */
function hostnameOf(host: string): string {
  const portAfter = host[0] === '[' ? host.indexOf(']') + 1 : 0
  const colon = host.indexOf(':', portAfter)
  return colon === -1 ? host : host.slice(0, colon)
}

/** `req.vhost` for a name matched by a string pattern: the vhost package's shape, without captures. */
function describeMatch(host: string, hostname: string): Record<string, unknown> {
  const match = Object.create(null) as Record<string, unknown>
  match.host = host
  match.hostname = hostname
  match.length = 0
  return match
}

/** A string pattern's middleware, on host-glob.ts. */
function routeByGlob(pattern: string, handle: Handler): Middleware {
  const matches = hostGlob(pattern)
  return function vhost(req, res, next) {
    const host = req.headers.host
    const hostname = host ? hostnameOf(host) : ''
    if (!hostname || hostname.length > MAX_HOSTNAME || !matches(hostname)) {
      next()
      return
    }
    const request: VhostRequest = req
    request.vhost = describeMatch(host as string, hostname)
    handle(req, res, next)
  }
}

function hostnameLength(req: IncomingMessage): number {
  const host = req.headers.host
  return host ? hostnameOf(host).length : 0
}

/**
 * @example
 * app.use(webfw.vhost('*.example.com', redirectApp))
 * app.use(webfw.vhost('example.com', mainApp))
 */
export function vhost(hostname: string | RegExp, server: Handler | Emitter): Middleware {
  let handle: Handler
  if (typeof server === 'function') {
    deprecateBundled('webfw.vhost(hostname, app)', 'the vhost package')
    handle = server
  } else if (server && typeof server.emit === 'function') {
    deprecateBundled('webfw.vhost(hostname, server)', "the vhost package, with the server's request listener")
    handle = (req, res) => {
      server.emit('request', req, res)
    }
  } else {
    throw new TypeError('vhost() requires an app, a (req, res, next) function or an http.Server')
  }
  if (typeof hostname === 'string') return routeByGlob(hostname, handle)
  const route = vhostPackage(hostname, handle) as unknown as Middleware
  return function vhost(req, res, next) {
    if (hostnameLength(req) > MAX_HOSTNAME) {
      next()
      return
    }
    route(req, res, next)
  }
}
