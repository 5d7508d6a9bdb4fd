/**
 * The response as seen from inside webfw: Node's ServerResponse plus the
 * fields the framework sets and the private slots of lazy members.
 */
import type { ServerResponse } from 'node:http'
import type { AppInternal } from '../app/types'
import type { RequestInternal } from '../request/internal'
import type { ETagGenerators } from '../util/etag'

export const kLocals = Symbol('webfw.res.locals')

/** What differs between the 5.x and 4.x response (data of the version profile). */
export interface ResponseStyle {
  /**
   * Deprecated argument forms (4.x): `res.send(status, body)`,
   * `res.send(body, status)`, `res.send(status)` (the status text as body),
   * and `(status, body)` / `(body, status)` for `res.json` and `res.jsonp`.
   */
  readonly legacyArguments: boolean
  /** `res.send` leaves a Content-Length that is already set (3.x; 5.x and 4.x replace it, as Express 4 does since 4.7.0). */
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
  /**
   * `res.redirect` warns (deprecated) about a missing or non-string URL and
   * a status that is not a number, as Express 5.2 and later do (5.x).
   */
  readonly redirectArgumentWarnings: boolean
  /** The HTML body of a redirect: a small document (5.x), one paragraph (4.x), or one paragraph with a link (3.x). */
  readonly redirectHtml: 'document' | 'paragraph' | 'link'
  /**
   * `res.location(url)`: the URL percent-encoded where needed (5.x, 4.x), or
   * resolved as Express 3 did (3.x): "./x" and "../x" against the request's
   * path, a URL without a scheme or leading "/" against the app's mount
   * path, and left unencoded (control characters still refused); the text
   * body of a redirect then shows it URI-encoded.
   */
  readonly location: 'encoded' | 'resolved'
  /**
   * Connect 2's `setHeader` (3.x): `res.charset`, when set, is added to a
   * Content-Type that has no charset, and Set-Cookie headers are appended
   * to those already set instead of replacing them.
   */
  readonly connectHeaders: boolean
  /**
   * `res.send` keeps a string body a string, and an application's `etag`
   * function gets it with its encoding (3.x). Otherwise a long body, or one
   * an application's function hashes, becomes a Buffer first (5.x, 4.x).
   */
  readonly stringBodies: boolean
  /**
   * `res.send` sends any ArrayBuffer view (Uint8Array, DataView ...) as
   * bytes (5.x, Express 5.1+); otherwise only a Buffer, and other views go
   * out as JSON, as Express 4 sends them.
   */
  readonly binaryViews: boolean
  /**
   * `res.send(null)` is the empty string through the string bodies' charset
   * step: a Content-Type already set gets `charset=utf-8` (4.x, where
   * Express 4 runs that step after choosing the body).
   */
  readonly nullBodyCharset: boolean
  /** `res.links` gives a rel one link per URL of an array (5.x, Express 5.1+); 4.x writes the array as one URL, as Express 4. */
  readonly linkArrays: boolean
  /** The generators of the `etag` setting's values (SHA-1 tags; 3.x: MD5, as Express 3). */
  readonly etags: ETagGenerators
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
  /**
   * `res.download`'s Content-Disposition from the name or path it was given:
   * 5.x takes the base name first, as Express 5; 4.x hands it to
   * content-disposition 0.5, which does, and reads no argument as no name.
   */
  downloadDisposition(nameOrPath: string | undefined): string
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
