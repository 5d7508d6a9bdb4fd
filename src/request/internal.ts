/**
 * The request as seen from inside webfw: the Node.js request plus the fields
 * the framework sets, and the private slots (symbols) of lazily computed
 * members. Request classes created by `app.listen` declare all of them up
 * front so every request object has the same shape.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type accepts from 'accepts'
import type typeis from 'type-is'
import type { AppInternal } from '../app/types'

export const kQuery = Symbol('webfw.req.query')
export const kQuerySource = Symbol('webfw.req.querySource')
export const kParsedUrl = Symbol('webfw.req.parsedUrl')

/** What differs between the 5.x and 4.x request (data of the version profile). */
export interface RequestStyle {
  /**
   * `req.host`: the host with its port (5.x), the host without its port, i.e.
   * `req.hostname` (4.x, deprecated there, and 3.x), or not provided.
   */
  readonly host: 'with-port' | 'without-port' | 'absent'
  /** The deprecation warning `req.host` gives the first time it is read, if any. */
  readonly hostDeprecation: string | undefined
  /** `req.param(name, default)`, deprecated (4.x). */
  readonly param: boolean
  /** `req.acceptsCharset`, `acceptsEncoding`, `acceptsLanguage`: deprecated singular aliases (4.x). */
  readonly singularAccepts: boolean
  /** The negotiation libraries (their type tables differ between versions). */
  readonly negotiation: { readonly accepts: typeof accepts; readonly typeis: typeof typeis }
}

export interface RequestInternal extends IncomingMessage {
  app: AppInternal
  res: ServerResponse
  baseUrl: string
  originalUrl: string
  params: Record<string, unknown>
  route: unknown
  next: ((err?: unknown) => void) | undefined
  url: string
  method: string
  [kQuery]: unknown
  [kQuerySource]: string | undefined
  [kParsedUrl]: unknown
  /** Set by the cookie parser: its first secret, for `res.cookie(..., { signed: true })`. */
  secret?: string | Buffer
  cookies?: Record<string, unknown>
  signedCookies?: Record<string, unknown>
  get(name: string): string | string[] | undefined
}
