/**
 * Request and response classes for the servers webfw creates.
 *
 * Express re-parents every request and response object to the app's
 * prototypes (`Object.setPrototypeOf`), which on Node 20 makes V8 drop its
 * optimised shapes and roughly triples the CPU cost of a bare server. A server
 * created by `app.listen` instead constructs its request and response objects
 * from subclasses of Node's own whose prototypes inherit from `app.request`
 * and `app.response`, so no re-parenting is needed.
 *
 * Measured (Node 20, one core): constructing an IncomingMessage costs 77 ns,
 * a subclass 140 ns (less with its constructor written out, see below), a
 * plain one re-parented with setPrototypeOf 473 ns, and a function
 * constructor calling Reflect.construct with its own new.target 17,000 ns
 * (V8 cannot use an initial map there): hence real classes.
 */
import http, { IncomingMessage, ServerResponse } from 'node:http'
import https from 'node:https'
import type { Socket } from 'node:net'
import type { AppInternal, ServerClasses } from './types'
import { kClassPrototypes, kServerClasses } from './types'

/** node:http's response constructor as node:http calls it (@types/node lists only `req`). */
type ResponseConstructor = new (req: IncomingMessage, options?: object) => ServerResponse

export function serverClasses(app: AppInternal): ServerClasses {
  let classes = app[kServerClasses]
  if (classes !== undefined) return classes

  // No fields are declared in the constructors: measured on Node 20, a
  // request class declaring the eight fields webfw sets later costs 196-329 ns
  // to build and use against 164-209 ns for one that lets them be added in the
  // same order on every request (V8 reuses the same transitions either way).
  // The constructors are written out with the arguments node:http passes
  // (`new IncomingMessage(socket)`, `new ServerResponse(req, options)`): the
  // implicit `constructor(...args) { super(...args) }` forwards a rest array.
  // Building one request and one response (timed loop, Node 20): 310 ns with
  // the implicit constructors, 200 ns with these (Node 24 alike); in-memory
  // `hello` and `param`, 9 and 7 alternating processes: 6,558 -> 6,411 ns and
  // 6,998 -> 6,864 ns of CPU a request.
  class WebfwRequest extends IncomingMessage {
    constructor(socket: Socket) {
      super(socket)
    }
  }
  Object.setPrototypeOf(WebfwRequest.prototype, app.request)

  class WebfwResponse extends (ServerResponse as ResponseConstructor) {
    constructor(req: IncomingMessage, options?: object) {
      super(req, options)
    }
  }
  Object.setPrototypeOf(WebfwResponse.prototype, app.response)

  classes = {
    IncomingMessage: WebfwRequest as unknown as typeof IncomingMessage,
    ServerResponse: WebfwResponse as unknown as typeof ServerResponse,
  }
  app[kServerClasses] = classes
  app[kClassPrototypes] = [WebfwRequest.prototype, WebfwResponse.prototype]
  return classes
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
