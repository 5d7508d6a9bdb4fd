/**
 * Types of `webfw/v3`, the 3.x API: the 4.x shapes (see v4.d.ts) with
 * Express 3's members — the route map (`app.routes`, `app.router`,
 * `webfw.Router` with `router.route(method, path, ...)`), `app.configure`,
 * `app.locals` and `res.locals` as merging functions, `app.route` as the
 * mount path, `req.host` without the port, Express 3's `req.accepts` and
 * boolean `req.is`, `req.accepted*`, `req.auth`, `req.files`, `res.charset`
 * and `res.sendfile`. The 3.x-only members are deprecated: each warns once
 * at run time, naming what replaces it in 4.x and 5.x.
 *
 * @example
 * import webfw = require('webfw/v3')
 * const app = webfw()
 * app.configure('production', () => app.enable('view cache'))
 * app.get('/users/:id?', (req, res) => res.send(req.params.id ?? 'all'))
 * app.listen(3000)
 */
/// <reference types="node" />
import type * as http from 'node:http'
import type * as core from './core'
import type * as options from './options'
import type * as params from './params'
import type * as bundled from './v3-middleware'

/**
 * Creates an application.
 *
 * @example
 * const app = webfw()
 */
declare function webfw(): webfw.Express

declare namespace webfw {
  /** Parses JSON (and `application/*+json`) bodies into `req.body`; 1 MB by default. */
  var json: (options?: OptionsJson) => core.Middleware
  /** Reads bodies into a Buffer in `req.body` (default type application/octet-stream). */
  var raw: (options?: BodyParserOptions) => core.Middleware
  /** Reads bodies into a string in `req.body` (default type text/plain). */
  var text: (options?: OptionsText) => core.Middleware
  /** Parses URL-encoded form bodies into `req.body` (`extended` by default; 1 MB by default). */
  var urlencoded: (options?: OptionsUrlencoded) => core.Middleware
  /**
   * Serves the files under `root`.
   *
   * @example
   * app.use(webfw.static(__dirname + '/public'))
   */
  var static: ((root: string, options?: ServeStaticOptions<Response>) => core.Middleware) & { mime: options.TypeTable }
  /** Parses the `Cookie` header into `req.cookies` (and signed ones into `req.signedCookies`). */
  var cookieParser: CookieParser
  /** Sets `req.query` on a request that has none (a webfw app always has it). */
  var query: (options?: Record<string, unknown> | ((str: string, options?: Record<string, unknown>) => unknown)) => core.Middleware

  // Express 3's bundled middleware (types/v3-middleware.d.ts; docs/api/v3-middleware.md).
  var basicAuth: bundled.BundledMiddleware['basicAuth']
  var bodyParser: bundled.BundledMiddleware['bodyParser']
  var compress: bundled.BundledMiddleware['compress']
  var cookieSession: bundled.BundledMiddleware['cookieSession']
  var csrf: bundled.BundledMiddleware['csrf']
  var directory: bundled.BundledMiddleware['directory']
  var errorHandler: bundled.BundledMiddleware['errorHandler']
  var favicon: bundled.BundledMiddleware['favicon']
  var limit: bundled.BundledMiddleware['limit']
  var logger: bundled.BundledMiddleware['logger']
  var methodOverride: bundled.BundledMiddleware['methodOverride']
  var multipart: bundled.BundledMiddleware['multipart']
  var responseTime: bundled.BundledMiddleware['responseTime']
  var session: bundled.BundledMiddleware['session']
  /** Connect's `mime` (the same table as `static.mime`). */
  var mime: options.TypeTable
  var staticCache: bundled.BundledMiddleware['staticCache']
  var timeout: bundled.BundledMiddleware['timeout']
  var vhost: bundled.BundledMiddleware['vhost']

  /**
   * Express 3's router: routes kept by method (`router.map`), run by
   * `router.middleware`.
   *
   * @example
   * const router = new webfw.Router()
   * router.route('get', '/users/:id', show)
   * app.use(router.middleware)
   */
  var Router: RouterConstructor
  /** Express 3's route: one method, one path, its callbacks. */
  var Route: RouteConstructor

  /** The application prototype: add methods here to give them to every app. */
  var application: Application
  /** The request prototype of every app. */
  var request: Request
  /** The response prototype of every app. */
  var response: Response

  type RouterOptions = { caseSensitive?: boolean; strict?: boolean }
  type CookieOptions = options.CookieOptions
  type BodyParserOptions = options.BodyParserOptions
  type OptionsJson = options.OptionsJson
  type OptionsText = options.OptionsText
  type OptionsUrlencoded = options.OptionsUrlencoded
  type ServeStaticOptions<R extends http.ServerResponse = Response> = options.ServeStaticOptions<R>
  type SendFileOptions = options.SendFileOptions
  type CookieParseOptions = options.CookieParseOptions

  type NextFunction = core.NextFunction
  type MediaType = core.MediaType
  type Ranges = core.Ranges
  type Range = core.Range
  type ParamsDictionary = params.ParamsDictionary4
  type ParsedQs = core.ParsedQs
  type Query = core.Query
  type PathParams = core.PathParams
  type Engine = core.Engine
  type Http2ListenOptions = core.Http2ListenOptions
  type Middleware = core.Middleware

  /** `req.params` of a 3.x path: `:name` a string, `:name?` optional, `*` captured as `0`, `1`, ... */
  type RouteParameters<Route extends string | RegExp> = params.RouteParameters4<Route>

  /** A function holding variables as its own properties; calling it with an object merges the object in. */
  interface LocalsFunction {
    /** @deprecated Assign the properties instead (`Object.assign(app.locals, obj)`), as from 4.x on. */
    <T extends Record<string, any>>(obj: T): T
  }

  /** One entry of an Accept-style header (`req.accepted`). */
  interface AcceptedEntry {
    value: string
    quality: number
    params: Record<string, string>
    originalIndex: number
    type?: string
    subtype?: string
  }

  /** The request of a 3.x app. */
  interface Request<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > extends core.RequestBase<3, P, ResBody, ReqBody, ReqQuery, LocalsObj>,
      // The members the bundled middleware set, except those the request has
      // already: `files` below, and `session`/`sessionID` where
      // @types/express-session augments Express.Request.
      Omit<bundled.BundledRequest, 'files' | keyof core.RequestBase<3>> {
    /** @deprecated The host without its port: `req.hostname` from 4.x on (5.x `req.host` includes the port). */
    readonly host: string
    /** @deprecated The Accept-Language header's languages, best first; use `req.acceptsLanguages()`. */
    readonly acceptedLanguages: string[]
    /** @deprecated The Accept-Charset header's charsets, best first; use `req.acceptsCharsets()`. */
    readonly acceptedCharsets: string[]
    /** @deprecated The Accept-Encoding header's encodings; use `req.acceptsEncodings()`. */
    readonly acceptedEncodings: string[]
    /** @deprecated Whether `charset` is acceptable; use `req.acceptsCharsets()`. */
    acceptsCharset(charset: string): boolean
    /** @deprecated Whether `lang` is acceptable; use `req.acceptsLanguages()`. */
    acceptsLanguage(lang: string): boolean
    /** @deprecated Whether `encoding` is listed in Accept-Encoding; use `req.acceptsEncodings()`. */
    acceptsEncoding(encoding: string): boolean
    /** @deprecated The Basic credentials; read the Authorization header with the basic-auth package. */
    readonly auth: { username: string; password: string } | undefined
    /** The files a multipart parser set; `{}` until one does. */
    files: Record<string, any>
    /** @deprecated The value of `name` in `req.params`, `req.body` or `req.query`, else `defaultValue`. */
    param(name: string, defaultValue?: any): any
  }

  /** The response of a 3.x app. */
  interface Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>, StatusCode extends number = number>
    extends core.ResponseBase<3, ResBody, LocalsObj, StatusCode> {
    /** Variables of the templates rendered for this response; a function merging an object too. */
    locals: LocalsFunction & LocalsObj & core.Locals
    /** `res.send(body)`, `res.send(status, body)`, `res.send(body, status)`, and `res.send(status)` (its status text). */
    send: core.Send<ResBody, this> & ((status: number, body?: ResBody) => this) & ((body: ResBody, status: number) => this)
    /** `res.json(body)` and `res.json(status, body)` (deprecated: `res.status(status).json(body)`). */
    json: core.Send<ResBody, this> & ((status: number, body: ResBody) => this)
    /** `res.jsonp(body)` and `res.jsonp(status, body)` (deprecated: `res.status(status).jsonp(body)`). */
    jsonp: core.Send<ResBody, this> & ((status: number, body: ResBody) => this)
    /** `res.redirect(url)`, `res.redirect(status, url)`, and the deprecated `res.redirect(url, status)`. */
    redirect(url: string): void
    redirect(status: number, url: string): void
    /** @deprecated Use `res.redirect(status, url)`. */
    redirect(url: string, status: number): void
    /**
     * Sends the file at `path` (URL-style: percent-decoded, relative to the
     * working directory or to `options.root`), with `maxAge` and the other
     * file options.
     *
     * @deprecated Use `res.sendFile()` from 4.x on.
     */
    sendfile(path: string, options?: SendFileOptions | object, fn?: (err?: any) => void): void
    sendfile(path: string, fn: (err?: any) => void): void
  }

  interface RequestHandler<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > extends core.RequestHandler<3, P, ResBody, ReqBody, ReqQuery, LocalsObj> {}
  interface ErrorRequestHandler<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > extends core.ErrorRequestHandler<3, P, ResBody, ReqBody, ReqQuery, LocalsObj> {}
  type RequestHandlerParams = core.RequestHandlerParams<3>
  type RequestParamHandler = core.RequestParamHandler<3>
  type IRouterMatcher<T> = core.IRouterMatcher<3, T>

  /** A 3.x route (`app.routes.get[0]`). */
  interface Route {
    path: PathParams
    method: string
    callbacks: Array<RequestHandler | ErrorRequestHandler>
    keys: Array<{ name: string; optional: boolean }>
    regexp: RegExp
    /** The parameters of the route's last match. */
    params: any
    /** Whether the route matches `path` (its parameters then in `route.params`). */
    match(path: string): boolean
  }

  interface RouteConstructor {
    new (method: string, path: PathParams, callbacks: Array<RequestHandler | ErrorRequestHandler>, options?: { sensitive?: boolean; strict?: boolean }): Route
    prototype: Route
  }

  /** A verb method of Express 3's router: `router.get(path, ...callbacks)`. */
  interface RouteMapMatcher<T> {
    (path: PathParams, ...callbacks: RequestHandler[]): T
    (path: PathParams, ...callbacks: RequestHandlerParams[]): T
  }

  /** Express 3's router. */
  interface RouteMap {
    /** The routes by method, in definition order. */
    map: Record<string, Route[]>
    /** Parameter callbacks by name. */
    params: Record<string, RequestParamHandler[]>
    caseSensitive: boolean | undefined
    strict: boolean | undefined
    /** The router as middleware. */
    middleware: (req: http.IncomingMessage, res: http.ServerResponse, next: NextFunction) => void
    /** Adds a route: `router.route('get', '/users/:id', show)`. */
    route(method: string, path: PathParams, ...callbacks: RequestHandler[]): this
    route(method: string, path: PathParams, ...callbacks: RequestHandlerParams[]): this
    /** The first route of `method` from position `i` matching `url`. */
    match(method: string, url: string, i?: number): Route | undefined
    /** The first route from position `i` matching the request (sets `req._route_index`). */
    matchRequest(req: { method: string; url: string }, i?: number): Route | undefined
    /** Registers parameter callbacks. */
    param(name: string, fn: RequestParamHandler): this
    /** Rewrites later `param(name, value)` calls: returns the callback to register. */
    param(fn: (name: string, value: any) => RequestParamHandler | undefined | void): void
    all: RouteMapMatcher<this>
    get: RouteMapMatcher<this>
    post: RouteMapMatcher<this>
    put: RouteMapMatcher<this>
    delete: RouteMapMatcher<this>
    patch: RouteMapMatcher<this>
    options: RouteMapMatcher<this>
    head: RouteMapMatcher<this>
    [method: string]: unknown
  }

  interface RouterConstructor {
    new (options?: RouterOptions): RouteMap
    (options?: RouterOptions): RouteMap
    prototype: RouteMap
  }

  /** `webfw.cookieParser` (see the 4.x declaration). */
  interface CookieParser {
    (secret?: string | string[], options?: CookieParseOptions): core.Middleware
    JSONCookie(jsonCookie: string): unknown
    JSONCookies<T extends Record<string, unknown>>(jsonCookies: T): Record<keyof T, unknown>
    signedCookie(cookie: string, secret: string | string[]): string | false | undefined
    signedCookies<T extends Record<string, unknown>>(cookies: T, secret: string | string[]): Partial<Record<keyof T, string | false>>
  }

  /** An application (`webfw()`) of 3.x. */
  interface Application<LocalsObj extends Record<string, any> = Record<string, any>>
    extends core.ApplicationBase<3, LocalsObj> {
    /** @deprecated Runs `fn` when the `env` setting is one of `envs` (or always); check `app.get('env')` instead. */
    configure(fn: (this: this) => void): this
    configure(env: string, fn: (this: this) => void): this
    configure(...envsAndFn: Array<string | ((this: this) => void)>): this
    /** Variables of every template; a function merging an object too (`app.locals({ title })`). */
    locals: LocalsFunction & LocalsObj & core.Locals
    /** @deprecated The route map as middleware: `app.use(app.router)` places every route there; removed in 4.x. */
    readonly router: (req: http.IncomingMessage, res: http.ServerResponse, next: NextFunction) => void
    /** The route map. */
    _router: RouteMap
    /** @deprecated Use `app.delete()`. */
    del: core.IRouterMatcher<3, this, 'delete'>
    /**
     * Parameter callbacks: `app.param(name, fn...)`, `app.param([names], fn...)`.
     *
     * @example
     * app.param('id', (req, res, next, id) => (/^\d+$/.test(id) ? next() : next('route')))
     */
    param(name: string | string[], ...handlers: Array<RequestParamHandler | RegExp>): this
    /** @deprecated Rewrites later `app.param(name, value)` calls (e.g. to take a RegExp). */
    param(fn: (name: string, value: any) => RequestParamHandler | undefined | void): this
  }

  /** What `webfw()` returns: an application with its own request and response prototypes. */
  interface Express extends Application {
    request: Request
    response: Response
  }
}

export = webfw
