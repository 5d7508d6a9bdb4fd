/**
 * Request and response classes for the servers webfw creates.
 *
 * Express re-parents every request and response object to the app's
 * prototypes (`Object.setPrototypeOf`), which on Node 20 makes V8 drop its
 * optimised shapes and roughly triples the CPU cost of a bare server. A server
 * created by `app.listen` instead constructs its request and response objects
 * from subclasses of Node's own whose prototypes inherit from `app.request`
 * and `app.response`, and declares the fields the framework sets, so every
 * object has one shape and no re-parenting is needed.
 *
 * Measured (Node 20, one core): constructing an IncomingMessage costs 77 ns,
 * a subclass 140 ns, a plain one re-parented with setPrototypeOf 473 ns, and a
 * function constructor calling Reflect.construct with its own new.target
 * 17,000 ns (V8 cannot use an initial map there): hence real classes.
 */
import http, { IncomingMessage, ServerResponse } from 'node:http'
import https from 'node:https'
import type { Socket } from 'node:net'
import { kParsedUrl, kQuery, kQuerySource } from '../request/internal'
import { kLocals } from '../response/internal'
import type { AppInternal, ServerClasses } from './types'
import { kServerClasses } from './types'

export function serverClasses(app: AppInternal): ServerClasses {
  let classes = app[kServerClasses]
  if (classes !== undefined) return classes

  class WebfwRequest extends IncomingMessage {
    constructor(socket: Socket) {
      super(socket)
      const req = this as unknown as Record<string | symbol, unknown>
      req.res = undefined
      req.baseUrl = undefined
      req.originalUrl = undefined
      req.params = undefined
      req.next = undefined
      req[kQuery] = undefined
      req[kQuerySource] = undefined
      req[kParsedUrl] = undefined
    }
  }
  Object.setPrototypeOf(WebfwRequest.prototype, app.request)

  class WebfwResponse extends ServerResponse {
    constructor(req: IncomingMessage, options?: object) {
      // Node passes (req, options); the typings only know the first.
      super(...([req, options] as unknown as [IncomingMessage]))
      ;(this as unknown as Record<symbol, unknown>)[kLocals] = undefined
    }
  }
  Object.setPrototypeOf(WebfwResponse.prototype, app.response)

  classes = {
    IncomingMessage: WebfwRequest as unknown as typeof IncomingMessage,
    ServerResponse: WebfwResponse as unknown as typeof ServerResponse,
  }
  app[kServerClasses] = classes
  return classes
}

/** Whether `req`/`res` were built by this app's server classes. */
export function isOwnClassInstance(app: AppInternal, obj: object, kind: 'IncomingMessage' | 'ServerResponse'): boolean {
  const classes = app[kServerClasses]
  return classes !== undefined && Object.getPrototypeOf(obj) === classes[kind].prototype
}

const examined = new WeakSet<object>()

/**
 * For `http.createServer(app)` (and https): when the app is the server's only
 * request listener and the server still uses Node's own request and response
 * classes, switch the server to this app's classes, so that requests after
 * the first are built with the right prototypes instead of being re-parented
 * one by one (on Node 20 that re-parenting is most of Express's per-request
 * cost). No one else sees the server's requests, so nothing else changes.
 * Each server is examined once.
 */
export function adoptServer(app: AppInternal, req: IncomingMessage): void {
  const server = (req.socket as (Socket & { server?: object }) | null)?.server
  if (server === undefined || server === null || examined.has(server)) return
  examined.add(server)
  if (!(server instanceof http.Server) && !(server instanceof https.Server)) return
  const listeners = server.listeners('request')
  if (listeners.length !== 1 || listeners[0] !== app) return
  const slots = server as unknown as Record<symbol, unknown>
  let requestSlot: symbol | undefined
  let responseSlot: symbol | undefined
  for (const symbol of Object.getOwnPropertySymbols(server)) {
    if (symbol.description === 'IncomingMessage') requestSlot = symbol
    else if (symbol.description === 'ServerResponse') responseSlot = symbol
  }
  if (requestSlot === undefined || responseSlot === undefined) return
  if (slots[requestSlot] !== IncomingMessage || slots[responseSlot] !== ServerResponse) return
  const classes = serverClasses(app)
  slots[requestSlot] = classes.IncomingMessage
  slots[responseSlot] = classes.ServerResponse
}
