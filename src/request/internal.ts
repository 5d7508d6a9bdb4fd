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
export const kFiles = Symbol('webfw.req.files')

/** What differs between the 5.x and 4.x request (data of the version profile). */
export interface RequestStyle {
  /**
   * `req.host`: the host with its port (5.x), or the host without its port,
   * i.e. `req.hostname` (4.x and 3.x, deprecated in both), or not provided.
   */
  readonly host: 'with-port' | 'without-port' | 'absent'
  /** The deprecation warning `req.host` gives the first time it is read, if any. */
  readonly hostDeprecation: string | undefined
  /** `req.param(name, default)`, deprecated (4.x). */
  readonly param: boolean
  /** `req.acceptsCharset`, `acceptsEncoding`, `acceptsLanguage`: deprecated singular aliases (4.x). */
  readonly singularAccepts: boolean
  /** The negotiation libraries (their type tables differ between versions; 3.x's own algorithm in negotiation3.ts). */
  readonly negotiation: { readonly accepts: typeof accepts; readonly typeis: typeof typeis }
  /**
   * 3.x: defines `req.accepted`, `req.acceptedLanguages`,
   * `req.acceptedCharsets`, `req.acceptedEncodings`, the boolean
   * `req.acceptsCharset`/`acceptsLanguage`/`acceptsEncoding` and `req.auth`,
   * each deprecated (negotiation3.ts, loaded with the profile's factory).
   */
  readonly acceptedLists: (() => (proto: object) => void) | null
  /** `req.files`: `{}` until a multipart parser sets it (3.x). */
  readonly files: boolean
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
  [kFiles]?: Record<string, unknown>
  /** Set by the cookie parser: its first secret, for `res.cookie(..., { signed: true })`. */
  secret?: string | Buffer
  cookies?: Record<string, unknown>
  signedCookies?: Record<string, unknown>
  get(name: string): string | string[] | undefined
}
