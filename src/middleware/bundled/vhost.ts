/**
 * `webfw.vhost(hostname, server)` (3.x): hands requests for one host name to
 * another app, as Connect 2 did on top of the vhost package:
 * - `hostname` is a string, where `*` stands for any run of characters (dots
 *   included; matched case-insensitively, whole name), or a RegExp;
 * - `server` is an app or any `(req, res, next)` function, or (Connect's
 *   older form) an `http.Server`, whose 'request' event then gets the request;
 * - a request whose `Host` (without its port) matches goes to `server`, with
 *   `req.vhost` describing the match (`host`, `hostname`, and the RegExp's
 *   captures as `req.vhost[0]` ...); others go on.
 * Names longer than 253 characters (DNS's limit) match nothing: it bounds the
 * time a pattern with several `*` can take on a hostile Host header.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import vhostPackage from 'vhost'
import { deprecateBundled } from './deprecation'
import type { Middleware, Next } from './types'

type Handler = (req: IncomingMessage, res: ServerResponse, next: Next) => void
interface Emitter {
  emit(event: string, ...args: unknown[]): boolean
}

const MAX_HOSTNAME = 253

/** Connect 2's reading of a string pattern: `*` is any run of characters. */
function hostnamePattern(hostname: string): RegExp {
  const source = hostname.replace(/[^*\w]/g, '\\$&').replace(/\*/g, '(?:.*?)')
  return new RegExp('^' + source + '$', 'i')
}

function hostnameLength(req: IncomingMessage): number {
  const host = req.headers.host
  if (!host) return 0
  const end = host[0] === '[' ? host.indexOf(']') + 1 : host.indexOf(':')
  return end > 0 ? end : host.length
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
  const pattern = typeof hostname === 'string' ? hostnamePattern(hostname) : hostname
  const route = vhostPackage(pattern, handle) as unknown as Middleware
  return function vhost(req, res, next) {
    if (hostnameLength(req) > MAX_HOSTNAME) {
      next()
      return
    }
    route(req, res, next)
  }
}
