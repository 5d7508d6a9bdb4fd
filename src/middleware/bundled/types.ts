/**
 * The shapes shared by the bundled middleware modules: the Connect-style
 * middleware signature and the request and response members they use.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

export type Next = (err?: unknown) => void
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void

/** The request members Express 3's middleware read and write. */
export interface BundledRequest extends IncomingMessage {
  body?: unknown
  files?: unknown
  query?: unknown
  secret?: string
  session?: Record<string, unknown> | null
  /** Set by body parsers that read the body (4.x / body-parser 1 contract). */
  _body?: boolean
  originalUrl?: string
}
