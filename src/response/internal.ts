/**
 * The response as seen from inside webfw: Node's ServerResponse plus the
 * fields the framework sets and the private slots of lazy members.
 */
import type { ServerResponse } from 'node:http'
import type { AppInternal } from '../app/types'
import type { RequestInternal } from '../request/internal'

export const kLocals = Symbol('webfw.res.locals')

/** What differs between the 5.x and 4.x response (data of the version profile). */
export interface ResponseStyle {
  /**
   * Deprecated argument forms (4.x): `res.send(status, body)`,
   * `res.send(body, status)`, `res.send(status)` (the status text as body),
   * and `(status, body)` / `(body, status)` for `res.json` and `res.jsonp`.
   */
  readonly legacyArguments: boolean
  /** `res.send` leaves a Content-Length that is already set (4.x). */
  readonly keepContentLength: boolean
  /**
   * `res.status` (and `sendStatus`, `redirect`) store any code and leave the
   * check to Node when the head is written; a string or fractional code is
   * deprecated (4.x). 5.x throws at once outside 100-599.
   */
  readonly lenientStatus: boolean
  /** `res.location('back')` / `res.redirect('back')`: the Referrer, else "/" (4.x, deprecated). */
  readonly back: boolean
  /** `res.redirect(url, status)`, deprecated (4.x). */
  readonly redirectUrlFirst: boolean
  /** The HTML body of a redirect: a small document (5.x) or one paragraph (4.x). */
  readonly redirectHtml: 'document' | 'paragraph'
  /** `res.clearCookie` keeps an `expires` or `maxAge` the caller gives, deprecated (4.x). */
  readonly clearCookieExpiry: boolean
  /** `res.vary()` without a field: a TypeError (5.x) or a deprecation warning and no change (4.x). */
  readonly varyRequiresField: boolean
  /** `res.sendfile(path, [options], [fn])`: the deprecated form taking a URL-style path (4.x). */
  readonly sendfile: boolean
  /** `res.sendFile` ETags follow the app's `etag` setting (5.x) or the `etag` option (4.x). */
  readonly fileETagFromApp: boolean
  /** The Content-Disposition value for an attachment (file name optional). */
  contentDisposition(filename?: string): string
}

export interface ResponseInternal extends ServerResponse {
  app: AppInternal
  req: RequestInternal
  locals: Record<string, unknown>
  [kLocals]: Record<string, unknown> | undefined
  status(code: number): this
  set(field: unknown, value?: unknown): this
  get(field: string): string | number | string[] | undefined
  type(type: string): this
  append(field: string, value?: unknown): this
  vary(field: string | string[]): this
  send(body?: unknown): this
  json(body?: unknown): this
}
