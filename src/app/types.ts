/**
 * The application object as seen from inside webfw.
 */
import type { EventEmitter } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Profile } from '../profile'
import type { RouterObject } from '../router/router-state'

export const kRouter = Symbol('webfw.app.router')
export const kServerClasses = Symbol('webfw.app.serverClasses')
export const kProfile = Symbol('webfw.app.profile')
/** [request, response] prototypes of the app's server classes, once created. */
export const kClassPrototypes = Symbol('webfw.app.classPrototypes')
export const kGetRouter = Symbol('webfw.app.getRouter')

export interface AppInternal extends EventEmitter {
  (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void
  settings: Record<string, unknown>
  locals: Record<string, unknown>
  mountpath: string | string[]
  parent: AppInternal | undefined
  cache: Record<string, unknown>
  engines: Record<string, unknown>
  request: object
  response: object
  readonly [kProfile]: Profile
  get(name: string): unknown
  set(name: string, value?: unknown): unknown
  enabled(name: string): boolean
  handle(req: IncomingMessage, res: ServerResponse, callback?: (err?: unknown) => void): void
  [kGetRouter](): RouterObject
  [kRouter]: RouterObject | null
  [kServerClasses]: ServerClasses | undefined
  [kClassPrototypes]: [object, object] | undefined
}

export interface ServerClasses {
  IncomingMessage: typeof IncomingMessage
  ServerResponse: typeof ServerResponse
}
