/**
 * Types of the middleware Express 3 bundled from Connect, as `webfw/v3`
 * exposes them (`webfw.session`, `webfw.logger`, ...): `BundledMiddleware`
 * lists the members the 3.x factory adds to the 4.x names, `BundledRequest`
 * the request members they set. Self-contained (no @types packages needed).
 *
 * @example
 * import webfw = require('webfw/v3')
 * app.use(webfw.logger('dev'))
 * app.use(webfw.bodyParser())
 * app.use(webfw.session({ secret: 'keyboard cat' }))
 */
/// <reference types="node" />
import type { EventEmitter } from 'node:events'
import type * as http from 'node:http'
import type { Middleware } from './core'
import reqlog = require('./reqlog')

/** An error-handling middleware `(err, req, res, next)`. */
export interface ErrorMiddleware {
  (err: any, req: http.IncomingMessage, res: http.ServerResponse, next: (err?: any) => void): void
}

/** Attributes of a session cookie (`cookie` option of `session` and `cookieSession`). */
export interface SessionCookieOptions {
  path?: string
  httpOnly?: boolean
  /** Milliseconds; null: a browser-session cookie. */
  maxAge?: number | null
  expires?: Date | null
  secure?: boolean | 'auto'
  domain?: string
  sameSite?: boolean | 'lax' | 'strict' | 'none'
  partitioned?: boolean
  priority?: 'low' | 'medium' | 'high'
}

/** A session's cookie settings (`req.session.cookie`). */
export declare class SessionCookie implements SessionCookieOptions {
  constructor(options?: SessionCookieOptions)
  originalMaxAge: number | null
  maxAge: number | null
  expires: Date | null | undefined
  path: string
  httpOnly: boolean
  secure?: boolean | 'auto'
  domain?: string
  sameSite?: boolean | 'lax' | 'strict' | 'none'
  serialize(name: string, value: string): string
}

/** Session data as `webfw.session` gives it in `req.session`. */
export declare class Session {
  constructor(req: http.IncomingMessage, data?: object)
  id: string
  cookie: SessionCookie
  regenerate(callback: (err?: any) => void): this
  destroy(callback: (err?: any) => void): this
  reload(callback: (err?: any) => void): this
  save(callback?: (err?: any) => void): this
  touch(): this
  resetMaxAge(): this
  [key: string]: any
}

/** The base class of session stores. */
export declare abstract class Store extends EventEmitter {
  abstract get(sid: string, callback: (err: any, session?: object | null) => void): void
  abstract set(sid: string, session: object, callback?: (err?: any) => void): void
  abstract destroy(sid: string, callback?: (err?: any) => void): void
  touch?(sid: string, session: object, callback?: (err?: any) => void): void
  all?(callback: (err: any, sessions?: object[] | { [sid: string]: object } | null) => void): void
  length?(callback: (err: any, length?: number) => void): void
  clear?(callback?: (err?: any) => void): void
}

/** The in-memory store (the default; for development only). */
export declare class MemoryStore extends Store {
  get(sid: string, callback: (err: any, session?: object | null) => void): void
  set(sid: string, session: object, callback?: (err?: any) => void): void
  destroy(sid: string, callback?: (err?: any) => void): void
}

export interface SessionOptions {
  secret?: string | string[]
  /** The cookie's name (default `connect.sid`). */
  name?: string
  /** Connect's name for `name`. */
  key?: string
  store?: Store
  cookie?: SessionCookieOptions
  genid?(req: http.IncomingMessage): string
  /** Default true in 3.x. */
  resave?: boolean
  /** Default true in 3.x. */
  saveUninitialized?: boolean
  rolling?: boolean
  proxy?: boolean
  unset?: 'destroy' | 'keep'
}

export interface CookieSessionOptions {
  /** The cookie's name (default `webfw.sess`). */
  key?: string
  /** Default: the `cookieParser` secret. */
  secret?: string
  /** Default path "/", httpOnly true, maxAge null. */
  cookie?: SessionCookieOptions
  /** Trust `X-Forwarded-Proto` for secure cookies. */
  proxy?: boolean
}

export interface CsrfOptions {
  value?: (req: http.IncomingMessage) => string | undefined
  /** Keep the secret in a cookie (`_csrf` unless `key` says otherwise) rather than the session. */
  cookie?: boolean | (SessionCookieOptions & { key?: string; signed?: boolean; maxAge?: number })
  sessionKey?: string
  ignoreMethods?: string[]
  saltLength?: number
  secretLength?: number
}

export interface DirectoryOptions {
  hidden?: boolean
  icons?: boolean
  filter?: false | ((filename: string, index: number, files: string[], dir: string) => boolean)
  stylesheet?: string
  template?: string | ((locals: object, callback: (err: any, html?: string) => void) => void)
  view?: 'tiles' | 'details'
}

export interface MultipartOptions {
  /** Largest body (default '100mb'). */
  limit?: number | string
  /** Call `next()` at once; the parser is `req.form`. */
  defer?: boolean
  uploadDir?: string
  encoding?: string
  maxFields?: number
  maxFieldsSize?: number
  maxFilesSize?: number
}

/** `bodyParser` passes its options to `json`, `urlencoded` and `multipart`. */
export interface BodyParserOptions extends MultipartOptions {
  extended?: boolean
  strict?: boolean
  reviver?: (key: string, value: any) => any
  type?: string | string[] | ((req: http.IncomingMessage) => any)
  verify?: (req: http.IncomingMessage, res: http.ServerResponse, buf: Buffer, encoding: string) => void
  parameterLimit?: number
  inflate?: boolean
}

export interface CompressOptions {
  filter?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean
  /** Default 1kb. */
  threshold?: number | string
  level?: number
  memLevel?: number
  chunkSize?: number
  windowBits?: number
  strategy?: number
}

export interface ResponseTimeOptions {
  digits?: number
  header?: string
  suffix?: boolean
}

export interface LoggerOptions extends reqlog.Options<http.IncomingMessage, http.ServerResponse> {
  format?: string | reqlog.FormatFn
}

/** A file of `req.files`. */
export interface UploadedFile {
  fieldName: string
  originalFilename: string
  name: string
  path: string
  type: string | null
  size: number
  headers: Record<string, string>
}

/** The request members the bundled middleware set. */
export interface BundledRequest {
  /** Uploads (`bodyParser`, `multipart`); `{}` when none. */
  files: { [field: string]: UploadedFile | UploadedFile[] | any }
  /** `session`, `cookieSession` (null to clear a cookie session). */
  session: Session & { [key: string]: any }
  sessionID: string
  /** `basicAuth`: the user name, or the user object of the callback form. */
  user?: any
  /** `csrf`: a token for the visitor's secret. */
  csrfToken(): string
  /** `timeout`. */
  timedout: boolean
  clearTimeout(): void
  /** `methodOverride`. */
  originalMethod?: string
  /** `vhost`. */
  vhost?: { host: string; hostname: string; length: number; [index: number]: string }
}

/** The members `webfw/v3` adds for Express 3's bundled middleware. */
export interface BundledMiddleware {
  /** HTTP Basic authentication; sets `req.user`. */
  basicAuth: {
    (username: string, password: string, realm?: string): Middleware
    /** `check(user, pass)` returning a Boolean, or `check(user, pass, done)` calling `done(err, user)`. */
    (check: (user: string, pass: string, done: (err: any, user?: any) => void) => any, realm?: string): Middleware
  }
  /** `json` + `urlencoded` + `multipart`. */
  bodyParser: (options?: BodyParserOptions) => Middleware
  compress: ((options?: CompressOptions) => Middleware) & {
    filter(req: http.IncomingMessage, res: http.ServerResponse): boolean
  }
  cookieSession: (options?: CookieSessionOptions) => Middleware
  csrf: (options?: CsrfOptions) => Middleware
  directory: (root: string, options?: DirectoryOptions) => Middleware
  errorHandler: ((options?: { log?: boolean | ((err: any, str: string, req: http.IncomingMessage, res: http.ServerResponse) => void) }) => ErrorMiddleware) & {
    title: string
  }
  favicon: (path?: string | Buffer, options?: { maxAge?: number | string }) => Middleware
  limit: (size: number | string) => Middleware
  logger: ((format?: string | reqlog.FormatFn | LoggerOptions) => Middleware) & {
    token: typeof reqlog.token
    format: typeof reqlog.format
    compile: typeof reqlog.compile
  }
  /** `methods`: the request methods that may be overridden (default: any, as in Connect 2), e.g. `['POST']`. */
  methodOverride: {
    (key?: string, options?: { methods?: readonly string[] | null }): Middleware
    (options: { methods?: readonly string[] | null }): Middleware
  }
  multipart: (options?: MultipartOptions) => Middleware
  responseTime: (
    options?: number | ResponseTimeOptions | ((req: http.IncomingMessage, res: http.ServerResponse, time: number) => void),
  ) => Middleware
  session: ((options?: SessionOptions) => Middleware) & {
    Session: typeof Session
    Store: typeof Store
    MemoryStore: typeof MemoryStore
    Cookie: typeof SessionCookie
  }
  /** Deprecated: passes requests on to `static` below, or is `static(root)`. */
  staticCache: {
    (options?: { maxObjects?: number; maxLength?: number }): Middleware
    (root: string, options?: object): Middleware
  }
  timeout: (ms?: number | string, options?: { respond?: boolean }) => Middleware
  vhost: (
    hostname: string | RegExp,
    server: ((req: http.IncomingMessage, res: http.ServerResponse, next: (err?: any) => void) => void) | http.Server,
  ) => Middleware
}
