/**
 * The public types of webfw written once for the API versions: request,
 * response, application, router, route and handler types, with the shape of
 * `@types/express-serve-static-core`. `V` (5, 4 or 3) picks the version's own
 * `Request`, `Response` and `Application` interfaces (declared in index.d.ts,
 * v4.d.ts and v3.d.ts, which give everything here its public name) and its
 * path syntax for route-parameter inference (3.x reads as 4.x here).
 *
 * Compatibility with Express's typings is a goal of this file: a webfw
 * request, response or application must be assignable wherever
 * `@types/express` expects Express's, so the middleware typings Express users
 * install (`express.RequestHandler`s) plug into webfw unchanged. That is why
 * member types follow `@types/express-serve-static-core` even where it is
 * looser than the runtime (e.g. `req.hostname` is a string, though it is
 * undefined without a Host header), and why the few members those typings
 * declare that webfw does not provide (most of them Express 3 leftovers) are
 * declared as `never` and deprecated: present for assignability, unusable in
 * code.
 */
/// <reference types="node" />
import type { EventEmitter } from 'node:events'
import type * as http from 'node:http'
import type * as http2 from 'node:http2'
import type * as net from 'node:net'
import type * as tls from 'node:tls'
import type { CookieOptions, DownloadOptions, SendFileOptions } from './options'
import type { ParamsDictionary, ParamsDictionary4, RouteParameters4, RouteParameters5 } from './params'
import webfw5 = require('./index')
import webfw4 = require('./v4')
import webfw3 = require('./v3')

declare global {
  namespace Express {
    // Open interfaces that middleware typings (express-session, passport,
    // multer, ...) augment; webfw's request, response, application and
    // locals extend them, exactly as Express's do.
    interface Request {}
    interface Response {}
    interface Locals {}
    interface Application {}
  }
}

/** The API version a type belongs to: `webfw` is 5, `webfw/v4` is 4, `webfw/v3` is 3. */
export type Version = 5 | 4 | 3

/** `req.params` when the path tells nothing: string or string[] values in 5.x, strings in 4.x and 3.x. */
export type ParamsOf<V extends Version> = V extends 5 ? ParamsDictionary : ParamsDictionary4

/** The version's request interface. */
export type RequestOf<
  V extends Version,
  P = ParamsOf<V>,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> = V extends 3
  ? webfw3.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  : V extends 4
    ? webfw4.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>
    : webfw5.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>

/** The version's response interface. */
export type ResponseOf<V extends Version, ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>> = V extends 3
  ? webfw3.Response<ResBody, LocalsObj>
  : V extends 4
    ? webfw4.Response<ResBody, LocalsObj>
    : webfw5.Response<ResBody, LocalsObj>

/** The version's application interface. */
export type ApplicationOf<V extends Version> = V extends 3 ? webfw3.Application : V extends 4 ? webfw4.Application : webfw5.Application

/** `req.params` inferred from a path in the version's syntax (3.x's `:name?`, `*` and groups read as in 4.x). */
export type RouteParameters<V extends Version, Route extends string | RegExp> = V extends 5
  ? RouteParameters5<Route>
  : RouteParameters4<Route>

/** What `req.accepts(types)` answers when no type is acceptable: false (5.x, 4.x) or undefined (3.x). */
export type NoMatchOf<V extends Version> = V extends 3 ? undefined : false

/** What `req.is(type)` answers: the matching type, false or null (5.x, 4.x), or a boolean (3.x). */
export type IsResultOf<V extends Version> = V extends 3 ? boolean : string | false | null

/** A parsed query string (`req.query`): strings, arrays and, with the "extended" parser, nested objects. */
export interface ParsedQs {
  [key: string]: undefined | string | ParsedQs | (string | ParsedQs)[]
}

/** The type of `req.query` by default. */
export type Query = ParsedQs

/** Variables of templates: `app.locals` and `res.locals`. Augment the global `Express.Locals` to type them. */
export interface Locals extends Express.Locals {}

/**
 * Continues with the next handler. `next()` continues, `next('route')` skips
 * the rest of the current route's handlers, `next('router')` leaves the
 * current router, and `next(err)` passes an error to the error handlers.
 */
export interface NextFunction {
  (err?: any): void
  /** Leaves the current router: its remaining routes and middleware are skipped. */
  (deferToNext: 'router'): void
  /** Skips the remaining handlers of the current route. */
  (deferToNext: 'route'): void
}

/**
 * A middleware or route handler `(req, res, next)`. In 5.x a handler that
 * throws or returns a rejected promise passes the error to `next`.
 */
export interface RequestHandler<
  V extends Version,
  P = ParamsOf<V>,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> {
  (req: RequestOf<V, P, ResBody, ReqBody, ReqQuery, LocalsObj>, res: ResponseOf<V, ResBody, LocalsObj>, next: NextFunction): unknown
}

/** An error handler: a function of exactly four parameters `(err, req, res, next)`. */
export type ErrorRequestHandler<
  V extends Version,
  P = ParamsOf<V>,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> = (
  err: any,
  req: RequestOf<V, P, ResBody, ReqBody, ReqQuery, LocalsObj>,
  res: ResponseOf<V, ResBody, LocalsObj>,
  next: NextFunction,
) => unknown

/** Paths accepted by `use`, `route` and the verb methods: a string pattern, a RegExp, or a list of them. */
export type PathParams = string | RegExp | Array<string | RegExp>

/** What the registration methods take: handlers, error handlers, and arrays of them. */
export type RequestHandlerParams<
  V extends Version,
  P = ParamsOf<V>,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> =
  | RequestHandler<V, P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | ErrorRequestHandler<V, P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | Array<RequestHandler<V, P> | ErrorRequestHandler<V, P>>

/** A parameter trigger of `app.param` / `router.param`: `(req, res, next, value, name)`. */
export type RequestParamHandler<V extends Version> = (
  req: RequestOf<V>,
  res: ResponseOf<V>,
  next: NextFunction,
  value: any,
  name: string,
) => any

/**
 * A plain Node.js middleware, as the built-in middleware factories return:
 * usable with webfw, with Express, or with any `(req, res, next)` stack.
 */
export interface Middleware {
  (req: http.IncomingMessage, res: http.ServerResponse, next: (err?: any) => void): void
}

/**
 * A verb method (`get`, `post`, ..., `all`) of an application or router:
 * `(path, ...handlers)`. `req.params` is inferred from a literal `path`; the
 * other type parameters (response body, request body, query, locals) are
 * meant to be passed explicitly.
 *
 * @example
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }))
 */
export interface IRouterMatcher<
  V extends Version,
  T,
  Method extends 'all' | 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head' | 'query' = any,
> {
  <
    Route extends string | RegExp,
    P = RouteParameters<V, Route>,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: Route,
    ...handlers: Array<RequestHandler<V, P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T
  <
    Path extends string | RegExp,
    P = RouteParameters<V, Path>,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: Path,
    ...handlers: Array<RequestHandlerParams<V, P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T
  <P = ParamsOf<V>, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
    path: PathParams,
    ...handlers: Array<RequestHandler<V, P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T
  <P = ParamsOf<V>, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
    path: PathParams,
    ...handlers: Array<RequestHandlerParams<V, P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T
  (path: PathParams, subApplication: ApplicationOf<V>): T
}

/**
 * A handler list without a path: `route.get(...handlers)` and the path-less
 * form of `use`. On a route, `req.params` comes from the route's path.
 */
export interface IRouterHandler<V extends Version, T, Route extends string | RegExp = string> {
  (...handlers: Array<RequestHandler<V, RouteParameters<V, Route>>>): T
  (...handlers: Array<RequestHandlerParams<V, RouteParameters<V, Route>>>): T
  <
    P = RouteParameters<V, Route>,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    ...handlers: Array<RequestHandler<V, P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T
  <
    P = RouteParameters<V, Route>,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    ...handlers: Array<RequestHandlerParams<V, P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T
  <P = ParamsOf<V>, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
    ...handlers: Array<RequestHandler<V, P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T
  <P = ParamsOf<V>, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
    ...handlers: Array<RequestHandlerParams<V, P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T
}

/**
 * Routing methods shared by applications and routers: `use`, `route`,
 * `param`, `all` and one method per HTTP method of Node.js (`m-search` with
 * bracket notation). A router is itself a middleware.
 */
export interface IRouter<V extends Version> {
  /**
   * A router is a middleware: `router(req, res, next)`. It takes any Node.js
   * request and response (they get the app's prototypes when handled).
   */
  (req: http.IncomingMessage, res: http.ServerResponse, next: NextFunction): void

  /**
   * Registers a trigger run before the route handlers of any route using the
   * parameter `name`, once per request: `(req, res, next, value, name)`.
   *
   * @example
   * router.param('user', (req, res, next, id) => { req.user = users.get(id); next() })
   */
  param(name: string, handler: RequestParamHandler<V>): this

  /** Routes every HTTP method. */
  all: IRouterMatcher<V, this, 'all'>
  /** Routes GET (and HEAD, unless a HEAD route was defined first for the path). */
  get: IRouterMatcher<V, this, 'get'>
  post: IRouterMatcher<V, this, 'post'>
  put: IRouterMatcher<V, this, 'put'>
  delete: IRouterMatcher<V, this, 'delete'>
  patch: IRouterMatcher<V, this, 'patch'>
  options: IRouterMatcher<V, this, 'options'>
  head: IRouterMatcher<V, this, 'head'>
  /** QUERY, on the versions of Node.js that know the method (20.19.3+ in 20.x, 22.2+). */
  query?: IRouterMatcher<V, this, 'query'>

  acl: IRouterMatcher<V, this>
  bind: IRouterMatcher<V, this>
  checkout: IRouterMatcher<V, this>
  connect: IRouterMatcher<V, this>
  copy: IRouterMatcher<V, this>
  link: IRouterMatcher<V, this>
  lock: IRouterMatcher<V, this>
  'm-search': IRouterMatcher<V, this>
  merge: IRouterMatcher<V, this>
  mkactivity: IRouterMatcher<V, this>
  mkcalendar: IRouterMatcher<V, this>
  mkcol: IRouterMatcher<V, this>
  move: IRouterMatcher<V, this>
  notify: IRouterMatcher<V, this>
  propfind: IRouterMatcher<V, this>
  proppatch: IRouterMatcher<V, this>
  purge: IRouterMatcher<V, this>
  rebind: IRouterMatcher<V, this>
  report: IRouterMatcher<V, this>
  search: IRouterMatcher<V, this>
  source: IRouterMatcher<V, this>
  subscribe: IRouterMatcher<V, this>
  trace: IRouterMatcher<V, this>
  unbind: IRouterMatcher<V, this>
  unlink: IRouterMatcher<V, this>
  unlock: IRouterMatcher<V, this>
  unsubscribe: IRouterMatcher<V, this>

  /**
   * Mounts middleware, routers or sub-apps: on every request, or on the
   * requests whose path starts with `path` (which is then stripped from
   * `req.url` inside).
   *
   * @example
   * app.use(webfw.json())
   * app.use('/api', apiRouter)
   */
  use: IRouterHandler<V, this> & IRouterMatcher<V, this>

  /**
   * A route for `path` on which verb methods are chained. (3.x: an app has
   * no such method; `app.route` is the path it is mounted on.)
   *
   * @example
   * router.route('/books/:id').get(show).put(update)
   */
  route: V extends 3 ? string : RouteMethod<V>

  /** The router's layers, in definition order. */
  stack: ILayer<V>[]
}

/** `router.route(path)`: a route for `path` on which verb methods are chained. */
export interface RouteMethod<V extends Version> {
  <T extends string | RegExp>(prefix: T): IRoute<V, T>
  (prefix: PathParams): IRoute<V>
}

/**
 * One entry of a router's or route's stack. Only `name`, `handle`, `route`
 * and `method` mean the same in both versions; the matcher fields are those
 * Express exposes for the version (4.x: `regexp` and `keys`; 5.x:
 * `matchers`), typed loosely.
 */
export interface ILayer<V extends Version = Version> {
  /** The route, on the layers `route()` and the verb methods add to a router. */
  route?: IRoute<V>
  /** The handler's function name, or "<anonymous>". */
  name: string
  /** The route-layer method in lower case; undefined on router layers. */
  method: any
  /** 4.x: the path-to-regexp keys of the path; absent in 5.x. */
  keys: any
  /** 4.x: the compiled path; absent in 5.x. */
  regexp: any
  /** 5.x: one match function per path of the layer. */
  matchers?: Array<(path: string) => unknown>
  params?: Record<string, any>
  path?: string
  handle: (req: http.IncomingMessage, res: http.ServerResponse, next: NextFunction) => any
}

/** A route: one path with a handler stack per HTTP method. */
export interface IRoute<V extends Version = Version, Route extends string | RegExp = string> {
  /** The path the route was created with. */
  path: string
  /** The route's layers, one per handler. */
  stack: ILayer<V>[]
  /** The methods the route answers, lower case (`_all` for `all`). */
  methods: Record<string, boolean>

  all: IRouterHandler<V, this, Route>
  get: IRouterHandler<V, this, Route>
  post: IRouterHandler<V, this, Route>
  put: IRouterHandler<V, this, Route>
  delete: IRouterHandler<V, this, Route>
  patch: IRouterHandler<V, this, Route>
  options: IRouterHandler<V, this, Route>
  head: IRouterHandler<V, this, Route>
  /** QUERY, on the versions of Node.js that know the method. */
  query?: IRouterHandler<V, this, Route>

  acl: IRouterHandler<V, this, Route>
  bind: IRouterHandler<V, this, Route>
  checkout: IRouterHandler<V, this, Route>
  connect: IRouterHandler<V, this, Route>
  copy: IRouterHandler<V, this, Route>
  link: IRouterHandler<V, this, Route>
  lock: IRouterHandler<V, this, Route>
  'm-search': IRouterHandler<V, this, Route>
  merge: IRouterHandler<V, this, Route>
  mkactivity: IRouterHandler<V, this, Route>
  mkcalendar: IRouterHandler<V, this, Route>
  mkcol: IRouterHandler<V, this, Route>
  move: IRouterHandler<V, this, Route>
  notify: IRouterHandler<V, this, Route>
  propfind: IRouterHandler<V, this, Route>
  proppatch: IRouterHandler<V, this, Route>
  purge: IRouterHandler<V, this, Route>
  rebind: IRouterHandler<V, this, Route>
  report: IRouterHandler<V, this, Route>
  search: IRouterHandler<V, this, Route>
  source: IRouterHandler<V, this, Route>
  subscribe: IRouterHandler<V, this, Route>
  trace: IRouterHandler<V, this, Route>
  unbind: IRouterHandler<V, this, Route>
  unlink: IRouterHandler<V, this, Route>
  unlock: IRouterHandler<V, this, Route>
  unsubscribe: IRouterHandler<V, this, Route>
}

/** The ranges `req.range()` found, with the unit in `type` (e.g. "bytes"). */
export interface Ranges extends Array<Range> {
  type: string
}

/** One range of `req.range()`: inclusive byte positions. */
export interface Range {
  start: number
  end: number
}

/** Options of `req.range(size, [options])`. */
export interface RangeOptions {
  /** Merge overlapping and adjacent ranges. Default: false. */
  combine?: boolean | undefined
}

/** One entry of `Accept`: type, subtype and quality. */
export interface MediaType {
  value: string
  quality: number
  type: string
  subtype: string
}

/**
 * The request members both versions share; `V` picks the application and
 * response types. Extends Node's `IncomingMessage` and the global
 * `Express.Request`, which middleware typings augment.
 */
export interface RequestBase<
  V extends Version,
  P = ParamsOf<V>,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> extends http.IncomingMessage,
    Express.Request {
  /**
   * A request header, case-insensitive (`Referrer` and `Referer` are the
   * same); undefined when absent. Alias: `req.header()`.
   *
   * @example
   * req.get('content-type') // 'application/json'
   */
  get(name: 'set-cookie'): string[] | undefined
  get(name: string): string | undefined
  /** Alias of `req.get()`. */
  header(name: 'set-cookie'): string[] | undefined
  header(name: string): string | undefined

  /**
   * The best of the given types (MIME types or extensions) for the request's
   * `Accept`, or false when none is acceptable (answer 406; 3.x: undefined,
   * and a comma-separated string is a list). Without arguments: all
   * accepted types, best first.
   *
   * @example
   * req.accepts(['json', 'html']) // 'json'
   */
  accepts(): string[]
  accepts(type: string): string | NoMatchOf<V>
  accepts(type: string[]): string | NoMatchOf<V>
  accepts(...type: string[]): string | NoMatchOf<V>
  /** The first of the charsets `Accept-Charset` allows, or false; without arguments all of them. */
  acceptsCharsets(): string[]
  acceptsCharsets(charset: string): string | false
  acceptsCharsets(charset: string[]): string | false
  acceptsCharsets(...charset: string[]): string | false
  /** The first of the encodings `Accept-Encoding` allows, or false; without arguments all of them. */
  acceptsEncodings(): string[]
  acceptsEncodings(encoding: string): string | false
  acceptsEncodings(encoding: string[]): string | false
  acceptsEncodings(...encoding: string[]): string | false
  /** The first of the languages `Accept-Language` allows, or false; without arguments all of them. */
  acceptsLanguages(): string[]
  acceptsLanguages(lang: string): string | false
  acceptsLanguages(lang: string[]): string | false
  acceptsLanguages(...lang: string[]): string | false

  /**
   * Parses the `Range` header against a resource of `size` bytes: the
   * ranges, -1 when unsatisfiable, -2 when malformed, undefined without the
   * header.
   *
   * @example
   * const ranges = req.range(stat.size, { combine: true })
   */
  range(size: number, options?: RangeOptions): Ranges | -1 | -2 | undefined

  /**
   * The matching type when `Content-Type` matches one of `type` (a MIME
   * type, an extension or a wildcard); null when the request has no body;
   * false otherwise. 3.x: true or false, whatever the body.
   *
   * @example
   * if (req.is('json')) handleJson(req.body)
   */
  is(type: string | string[]): IsResultOf<V>
  is(...type: string[]): IsResultOf<V>

  /** "http" or "https"; from `X-Forwarded-Proto` when `trust proxy` allows. */
  readonly protocol: string
  /** `req.protocol === 'https'`. */
  readonly secure: boolean
  /** The client's address (per `trust proxy`); undefined once the socket is gone. */
  readonly ip: string | undefined
  /** The `X-Forwarded-For` addresses when `trust proxy` is not false, else `[]`. */
  readonly ips: string[]
  /** Subdomains of the host, most specific first (see `subdomain offset`). */
  readonly subdomains: string[]
  /** The path part of the URL, without the mount point inside mounted middleware. */
  readonly path: string
  /** Host name from `Host` (or `X-Forwarded-Host` when trusted), without the port. */
  readonly hostname: string
  /** Whether the client's cached copy is still fresh (false for `Cache-Control: no-cache`). */
  readonly fresh: boolean
  /** `!req.fresh`. */
  readonly stale: boolean
  /** `X-Requested-With` is "XMLHttpRequest". */
  readonly xhr: boolean

  /** The parsed body, set by body-parsing middleware. Untrusted input: validate it. */
  body: ReqBody
  /** Cookies sent, set by a cookie-parsing middleware (`webfw.cookieParser()`); absent without one. */
  cookies: Record<string, any>
  /** Signed cookies that verified, unsigned; set by a cookie parser given a secret. */
  signedCookies: Record<string, any>
  /** The first secret of the cookie parser, which `res.cookie(..., { signed: true })` signs with. */
  secret?: string | undefined
  /** HTTP method, upper case. */
  method: string
  /** Named route parameters (captures by index for RegExp paths and unnamed wildcards). */
  params: P
  /** The parsed query string; `{}` when `query parser` is false. Untrusted input. */
  query: ReqQuery
  /** The matched route (path, stack and methods); undefined in middleware outside a route. */
  route: any
  /** The URL as received; unlike `req.url` not rewritten by mounting. */
  originalUrl: string
  url: string
  /** The path the current router was mounted on (the matched string). */
  baseUrl: string
  /** The application handling the request. */
  app: ApplicationOf<V>
  /** The response of this request. */
  res?: ResponseOf<V, ResBody, LocalsObj> | undefined
  /** The `next` of the middleware being run (Express sets it; webfw leaves it out, so this stays optional). */
  next?: NextFunction | undefined

  /**
   * 3.x: the Accept header's media types, best first (deprecated: use
   * `req.accepts()`). Not provided by 5.x and 4.x (nor by Express since
   * 4.0): `never` there only so that webfw's request is assignable where
   * `@types/express` expects its `Request`.
   */
  accepted: V extends 3 ? webfw3.AcceptedEntry[] : never
}

/** `res.send`, `res.json` and `res.jsonp`: send `body` and return the response. */
export type Send<ResBody = any, T = unknown> = (body?: ResBody) => T

/**
 * The response members both versions share; `V` picks the application and
 * request types. Extends Node's `ServerResponse` and the global
 * `Express.Response`, which middleware typings augment.
 */
export interface ResponseBase<
  V extends Version,
  ResBody = any,
  LocalsObj extends Record<string, any> = Record<string, any>,
  StatusCode extends number = number,
> extends http.ServerResponse,
    Express.Response {
  /**
   * Sets the status code; chainable.
   *
   * @example
   * res.status(201).json(created)
   */
  status(code: StatusCode): this
  /**
   * Sets the status and sends its text as the body (the number itself for
   * an unknown code).
   *
   * @example
   * res.sendStatus(404) // 'Not Found'
   */
  sendStatus(code: StatusCode): this
  /**
   * Adds to the `Link` header, from rel names to a URL (or several).
   *
   * @example
   * res.links({ next: '/users?page=2', last: '/users?page=5' })
   */
  links(links: Record<string, string | string[]>): this

  /**
   * Sends a response: a string (text/html), a Buffer (application/octet-stream),
   * or an object, array, number or boolean (JSON). Sets `Content-Length`
   * and `ETag`, answers HEAD and fresh requests.
   *
   * @example
   * res.send('<p>hello</p>')
   */
  send: Send<ResBody, this>
  /**
   * Sends `body` as JSON (any JSON value), honouring `json replacer`,
   * `json spaces` and `json escape`.
   *
   * @example
   * res.json({ ok: true })
   */
  json: Send<ResBody, this>
  /** Like `res.json`, wrapped in the callback named by the query parameter `jsonp callback name`. */
  jsonp: Send<ResBody, this>

  /**
   * Sends a file, `Content-Type` from its extension. The path must be
   * absolute unless `root` is given (and must stay inside `root`).
   * `fn(err)` is called once the transfer ends or fails.
   *
   * @example
   * res.sendFile('report.pdf', { root: '/srv/files' }, (err) => err && next(err))
   */
  sendFile(path: string, fn?: ErrbackOf<V>): void
  sendFile(path: string, options: SendFileOptions, fn?: ErrbackOf<V>): void

  /**
   * Sends a file as an attachment (`Content-Disposition`), named `filename`
   * or after the file.
   *
   * @example
   * res.download('/srv/files/report.pdf', 'report-2024.pdf')
   */
  download(path: string, fn?: ErrbackOf<V>): void
  download(path: string, filename: string, fn?: ErrbackOf<V>): void
  download(path: string, options: DownloadOptions, fn?: ErrbackOf<V>): void
  download(path: string, filename: string, options: DownloadOptions, fn?: ErrbackOf<V>): void

  /** Alias of `res.type()`. */
  contentType(type: string): this
  /**
   * Sets `Content-Type`: used as is when it contains "/", otherwise looked
   * up as an extension.
   *
   * @example
   * res.type('json') // application/json; charset=utf-8
   */
  type(type: string): this

  /**
   * Content negotiation on `Accept`: runs the callback of the best type
   * (MIME types or extensions as keys); without `Accept` the first; with no
   * match `default`, or a 406 error.
   *
   * @example
   * res.format({ json: () => res.json(data), html: () => res.render('data', data) })
   */
  format(obj: Record<string, (...args: any[]) => any>): this

  /** Sets `Content-Disposition: attachment`, with `filename` (and its `Content-Type`) when given. */
  attachment(filename?: string): this

  /**
   * Sets a header, or several from an object. Alias: `res.header()`.
   *
   * @example
   * res.set({ 'Cache-Control': 'no-store', 'X-Request-Id': id })
   */
  set(field: any): this
  set(field: string, value?: string | string[]): this
  /** Alias of `res.set()`. */
  header(field: any): this
  header(field: string, value?: string | string[]): this

  /** Whether the headers have been sent. */
  headersSent: boolean

  /** A response header, case-insensitive. */
  get(field: string): string | undefined

  /** Clears cookie `name`; the options must match those it was set with, apart from `expires` and `maxAge`. */
  clearCookie(name: string, options?: CookieOptions): this

  /**
   * Sets a cookie; an object value is sent as JSON (`j:` prefix). With
   * `signed` the value is signed with the cookie parser's secret.
   *
   * @example
   * res.cookie('session', id, { httpOnly: true, secure: true, maxAge: 3_600_000 })
   */
  cookie(name: string, val: string, options: CookieOptions): this
  cookie(name: string, val: any, options: CookieOptions): this
  cookie(name: string, val: any): this

  /** Sets `Location` (encoded, not validated). Relative paths stay relative. */
  location(url: string): this

  /**
   * Redirects to `url` with `status` (default 302).
   *
   * @example
   * res.redirect(301, '/new-home')
   */
  redirect(url: string): void
  redirect(status: number, url: string): void

  /**
   * Renders view `view` with `locals` and sends the HTML; with a callback
   * `(err, html)` nothing is sent. Errors without a callback go to `next(err)`.
   *
   * @example
   * res.render('user', { user })
   */
  render(view: string, callback?: (err: Error, html: string) => void): void
  render(view: string, options?: object, callback?: (err: Error, html: string) => void): void

  /** Template variables of this request only. */
  locals: LocalsObj & Locals

  /** Adds `field` to `Vary` unless it is already there. */
  vary(field: string): this

  /** The application handling the request. */
  app: ApplicationOf<V>

  /**
   * Appends a value (or values) to a header, creating it if unset; a later
   * `res.set()` replaces it.
   *
   * @example
   * res.append('Set-Cookie', 'a=1').append('Warning', '199 Miscellaneous warning')
   */
  append(field: string, value?: string[] | string): this

  /** The request of this response. */
  req: RequestOf<V>

  /**
   * 3.x: the charset added to the Content-Type headers set from now on
   * (deprecated: name it in the type). Not provided by 5.x and 4.x (nor by
   * Express since 4.0): `never` there only so that webfw's response is
   * assignable where `@types/express` expects its `Response`.
   */
  charset: V extends 3 ? string | undefined : never
}

/** The callback of `res.sendFile` and `res.download`: an error, or nothing once the file is sent. */
export type Errback = (err?: Error) => void

/**
 * `Errback` as each version's Express typings declare it (4.x: `err` not
 * optional), so a response is assignable to theirs.
 */
export type ErrbackOf<V extends Version> = V extends 5 ? Errback : (err: Error) => void

/**
 * `app.listen({ http2: true, ... })`: node:http2's server options (and
 * node:tls's for a secure server) with the fields of `server.listen(options)`.
 */
export interface Http2ListenOptions extends http2.SecureServerOptions, Omit<net.ListenOptions, 'signal'> {
  /** Serve HTTP/2 (without it, `app.listen` takes Node's listen arguments). */
  http2: true
  /** Over TLS, also serve HTTP/1.1 clients on the same port (default true). */
  allowHTTP1?: boolean
  signal?: AbortSignal
}

/** Options that give a server no certificate: `app.listen` then serves cleartext HTTP/2 (h2c). */
export interface NoCertificate {
  key?: undefined
  pfx?: undefined
  secureContext?: undefined
  SNICallback?: undefined
}

/** A template engine: `(path, options, callback)`. */
export type Engine = (path: string, options: object, callback: (e: any, rendered?: string) => void) => void

/** `app.use`: the path-less and path forms of `IRouter.use`, plus any list of handlers. */
export type ApplicationRequestHandler<V extends Version, T> = IRouterHandler<V, T> &
  IRouterMatcher<V, T> &
  ((...handlers: RequestHandlerParams<V>[]) => T)

/**
 * The application members both versions share. An application is a
 * request listener for `http.createServer`, a router, an event emitter
 * (`mount`), and holds settings, locals and template engines.
 */
export interface ApplicationBase<V extends Version, LocalsObj extends Record<string, any> = Record<string, any>>
  extends EventEmitter,
    IRouter<V>,
    Express.Application {
  /** The app is a request listener: `http.createServer(app)`; `next` is given when it is mounted. */
  (req: http.IncomingMessage, res: http.ServerResponse, next?: NextFunction): void
  /** ... and an HTTP/2 one: `http2.createSecureServer(options, app)`, `http2.createServer(app)`. */
  (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse, next?: NextFunction): void

  /** Sets the app up (called by the factory). */
  init(): void
  /** Applies the default settings (called by `init`). */
  defaultConfiguration(): void

  /**
   * Registers template engine `fn` for extension `ext`; by default the
   * engine is loaded by extension.
   *
   * @example
   * app.engine('html', require('ejs').renderFile)
   */
  engine(ext: string, fn: Engine): this

  /**
   * Assigns a setting (`app.set('json spaces', 2)`); one-argument form
   * `app.set(name)` reads it.
   */
  set(setting: string, val: any): this
  /** `app.get(name)` reads a setting; `app.get(path, ...handlers)` routes GET. */
  get: ((name: string) => any) & IRouterMatcher<V, this, 'get'>

  /**
   * Registers a parameter trigger (see `router.param`); `name` may be a list.
   *
   * @example
   * app.param('id', (req, res, next, id) => (/^\d+$/.test(id) ? next() : next('route')))
   */
  param(name: string | string[], handler: RequestParamHandler<V>): this

  /** The app's canonical path: the mount paths of its parents joined ('' for the root app). */
  path(): string

  /** Whether setting `setting` is truthy. */
  enabled(setting: string): boolean
  /** Whether setting `setting` is falsy. */
  disabled(setting: string): boolean
  /** Sets setting `setting` to true. */
  enable(setting: string): this
  /** Sets setting `setting` to false. */
  disable(setting: string): this

  /**
   * Renders view `name` to a string: `callback(err, html)`. Sends nothing.
   *
   * @example
   * app.render('email', { user }, (err, html) => mail.send(html))
   */
  render(name: string, callback: (err: Error, html: string) => void): void
  render(name: string, options?: object, callback?: (err: Error, html: string) => void): void

  /**
   * Starts an `http.Server` for the app, like `server.listen()`; the
   * callback also receives a listen error.
   *
   * @example
   * const server = app.listen(3000, () => console.log('listening'))
   */
  listen(port: number, hostname: string, backlog: number, callback?: (error?: Error) => void): http.Server
  listen(port: number, hostname: string, callback?: (error?: Error) => void): http.Server
  listen(port: number, callback?: (error?: Error) => void): http.Server
  listen(callback?: (error?: Error) => void): http.Server
  listen(path: string, callback?: (error?: Error) => void): http.Server
  /**
   * Starts an HTTP/2 server for the app: over TLS (with HTTP/1.1 clients
   * still served unless `allowHTTP1` is false) when the options hold a
   * certificate, cleartext h2c otherwise. The options are those of
   * `http2.createSecureServer` / `http2.createServer` and of
   * `server.listen(options)` (`port`, `host`, ...) together.
   *
   * @example
   * app.listen({ http2: true, key, cert, port: 8443 }, () => console.log('h2 on 8443'))
   */
  listen(options: Http2ListenOptions & { key: NonNullable<tls.SecureContextOptions['key']> }, callback?: (error?: Error) => void): http2.Http2SecureServer
  listen(options: Http2ListenOptions & { pfx: NonNullable<tls.SecureContextOptions['pfx']> }, callback?: (error?: Error) => void): http2.Http2SecureServer
  listen(options: Http2ListenOptions & { secureContext: tls.SecureContext }, callback?: (error?: Error) => void): http2.Http2SecureServer
  listen(options: Http2ListenOptions & { SNICallback: tls.TlsOptions['SNICallback'] }, callback?: (error?: Error) => void): http2.Http2SecureServer
  listen(options: Http2ListenOptions & NoCertificate, callback?: (error?: Error) => void): http2.Http2Server
  listen(options: Http2ListenOptions, callback?: (error?: Error) => void): http2.Http2Server | http2.Http2SecureServer
  listen(handle: any, listeningListener?: (error?: Error) => void): http.Server

  /** The settings, by name. */
  settings: any

  /** Variables available to every template the app renders (and as `req.app.locals`). */
  locals: LocalsObj & Locals

  use: ApplicationRequestHandler<V, this>

  /**
   * `mount`: emitted on a sub-app when it is mounted, with the parent app.
   *
   * @example
   * admin.on('mount', (parent) => console.log('mounted on', parent.mountpath))
   */
  on: ((event: 'mount', callback: (parent: ApplicationOf<V>) => void) => this) &
    ((event: string | symbol, listener: (...args: any[]) => void) => this)

  /** The path pattern(s) the app is mounted on ("/" for the root app); 3.x: see `app.route`. */
  mountpath: V extends 3 ? never : string | string[]

  /**
   * @deprecated Not provided: an application has no stack of its own (its
   * router's is `app.router.stack` in 5.x). `never` only for assignability
   * to `@types/express`.
   */
  stack: never
  /** @deprecated Not provided (an Express 3 member); `never` only for assignability to `@types/express`. */
  resource: never
  /** @deprecated Not provided (an Express 3 member); `never` only for assignability to `@types/express`. */
  map: never
  /**
   * 3.x: the routes by method (deprecated, removed in 4.x). Not provided by
   * 5.x and 4.x: `never` there only for assignability to `@types/express`.
   */
  routes: V extends 3 ? Record<string, webfw3.Route[]> : never
  /**
   * 4.x: the application's router, created by the first `app.use()`, route
   * or verb method (undefined before). 5.x: not provided (use `app.router`);
   * `never` there only for assignability to `@types/express`.
   */
  _router: V extends 5 ? never : any
}
