/**
 * Request and response classes for the servers webfw creates.
 *
 * Express re-parents every request and response object to the app's
 * prototypes (`Object.setPrototypeOf`), which on Node 20 makes V8 drop its
 * optimised shapes and roughly triples the CPU cost of a bare server. A server
 * created by `app.listen` instead constructs its request and response objects
 * from classes whose prototypes already are `app.request` and `app.response`,
 * and declares the fields the framework sets, so every object has one shape.
 */
import { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { kParsedUrl, kQuery, kQuerySource } from '../request/internal'
import { kLocals } from '../response/internal'
import type { AppInternal, ServerClasses } from './types'
import { kServerClasses } from './types'

type Slots = Record<string | symbol, unknown>

function declareRequestFields(req: Slots): void {
  req.res = undefined
  req.baseUrl = undefined
  req.originalUrl = undefined
  req.params = undefined
  req.route = undefined
  req.next = undefined
  req[kQuery] = undefined
  req[kQuerySource] = undefined
  req[kParsedUrl] = undefined
}

export function serverClasses(app: AppInternal): ServerClasses {
  let classes = app[kServerClasses]
  if (classes !== undefined) return classes
  const requestProto = app.request
  const responseProto = app.response

  // Reflect.construct builds a genuine IncomingMessage/ServerResponse whose
  // prototype is the app's; works whether Node defines them as functions or
  // as classes.
  function WebfwRequest(this: unknown, socket: Socket): IncomingMessage {
    const req = Reflect.construct(IncomingMessage, [socket], WebfwRequest) as IncomingMessage
    declareRequestFields(req as unknown as Slots)
    return req
  }
  WebfwRequest.prototype = requestProto

  function WebfwResponse(this: unknown, req: IncomingMessage, options?: object): ServerResponse {
    const res = Reflect.construct(ServerResponse, options === undefined ? [req] : [req, options], WebfwResponse) as ServerResponse
    ;(res as unknown as Slots)[kLocals] = undefined
    return res
  }
  WebfwResponse.prototype = responseProto

  classes = {
    IncomingMessage: WebfwRequest as unknown as typeof IncomingMessage,
    ServerResponse: WebfwResponse as unknown as typeof ServerResponse,
  }
  app[kServerClasses] = classes
  return classes
}
