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
import { IncomingMessage, ServerResponse } from 'node:http'
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
