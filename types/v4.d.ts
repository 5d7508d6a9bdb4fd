/**
 * Types of `webfw/v4`, the 4.x API: the same names as `webfw` (see
 * index.d.ts), with the 4.x path syntax for route parameters and the 4.x
 * members: `req.param()`, the function-only `app.param(fn)` form, the
 * deprecated call forms Express 4 apps still use (`res.send(status, body)`,
 * `res.redirect(url, status)`, `res.sendfile`, `app.del`, `req.host`, ...),
 * and no `app.router`.
 *
 * @example
 * import webfw = require('webfw/v4')
 * const app = webfw()
 * app.get('/users/:id?', (req, res) => res.json({ id: req.params.id ?? 'all' }))
 * app.listen(3000)
 */
/// <reference types="node" />
import type * as core from './core'
import type * as options from './options'
import type * as params from './params'

/**
 * Creates an application.
 *
 * @example
 * const app = webfw()
 */
declare function webfw(): webfw.Express

declare namespace webfw {
  /**
   * Parses JSON bodies into `req.body`.
   *
   * @example
   * app.use(webfw.json({ limit: '1mb' }))
   */
  var json: (options?: OptionsJson) => core.Middleware
  /** Reads bodies into a Buffer in `req.body` (default type application/octet-stream). */
  var raw: (options?: BodyParserOptions) => core.Middleware
  /** Reads bodies into a string in `req.body` (default type text/plain). */
  var text: (options?: OptionsText) => core.Middleware
  /**
   * Parses URL-encoded form bodies into `req.body` (`extended` defaults to true).
   *
   * @example
   * app.use(webfw.urlencoded({ extended: true }))
   */
  var urlencoded: (options?: OptionsUrlencoded) => core.Middleware
  /**
   * Serves the files under `root` (by default dotfiles are ignored, but files
   * inside dot-directories are served).
   *
   * @example
   * app.use('/assets', webfw.static('public', { maxAge: '1d' }))
   */
  var static: ((root: string, options?: ServeStaticOptions<Response>) => core.Middleware) & { mime: options.TypeTable }
  /**
   * Parses the `Cookie` header into `req.cookies`, and, given a secret (or
   * several, tried in order), verified signed cookies into `req.signedCookies`.
   *
   * @example
   * app.use(webfw.cookieParser(process.env.COOKIE_SECRET))
   */
  var cookieParser: CookieParser
  /**
   * Middleware that sets `req.query` on a request that has none, parsed with
   * `qs` (these options are qs's parse options; prototype keys are allowed
   * unless `allowPrototypes` says otherwise) or with a parse function. Inside
   * a webfw app `req.query` always exists; this serves plain `node:http`
   * servers, as Express 4's `express.query` did.
   *
   * @example
   * http.createServer((req, res) => webfw.query({ depth: 2 })(req, res, () => res.end(JSON.stringify(req.query))))
   */
  var query: (options?: Record<string, unknown> | ((str: string, options?: Record<string, unknown>) => unknown)) => core.Middleware

  /**
   * Creates a router: a mini-application of middleware and routes.
   *
   * @example
   * const api = webfw.Router({ mergeParams: true })
   * api.get('/items/:id', (req, res) => res.json({ id: req.params.id }))
   * app.use('/api', api)
   */
  function Router(options?: RouterOptions): Router
  /** The route class behind `router.route(path)`. */
  var Route: RouteConstructor

  /** The application prototype: add methods here to give them to every app. */
  var application: Application
  /** The request prototype of every app. */
  var request: Request
  /** The response prototype of every app. */
  var response: Response

  type RouterOptions = options.RouterOptions
  type CookieOptions = options.CookieOptions
  type BodyParserOptions = options.BodyParserOptions
  type OptionsJson = options.OptionsJson
  type OptionsText = options.OptionsText
  type OptionsUrlencoded = options.OptionsUrlencoded
  type ServeStaticOptions<R extends import('node:http').ServerResponse = Response> = options.ServeStaticOptions<R>
  type SendFileOptions = options.SendFileOptions
  type DownloadOptions = options.DownloadOptions
  type CookieParseOptions = options.CookieParseOptions

  type NextFunction = core.NextFunction
  type Locals = core.Locals
  type MediaType = core.MediaType
  type Ranges = core.Ranges
  type Range = core.Range
  type RangeOptions = core.RangeOptions
  type ParamsDictionary = params.ParamsDictionary4
  type ParamsFlatDictionary = params.ParamsFlatDictionary
  type Params = params.Params
  type ParsedQs = core.ParsedQs
  type Query = core.Query
  type PathParams = core.PathParams
  type Errback = core.Errback
  type Engine = core.Engine
  type Http2ListenOptions = core.Http2ListenOptions
  type Send<ResBody = any, T = Response<ResBody>> = core.Send<ResBody, T>
  type Middleware = core.Middleware

  /**
   * `req.params` of a 4.x path: `:name` is a string, `:name?` optional, and
   * a bare `*` is captured as `0`, `1`, ... in order.
   *
   * @example
   * type P = RouteParameters<'/users/:id/:tab?'> // { id: string; tab?: string }
   */
  type RouteParameters<Route extends string | RegExp> = params.RouteParameters4<Route>

  /**
   * The request: Node's `IncomingMessage` with webfw's members, extending the
   * global `Express.Request` that middleware typings augment.
   */
  interface Request<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > extends core.RequestBase<4, P, ResBody, ReqBody, ReqQuery, LocalsObj> {
    /**
     * The value of parameter `name`, looked up in `req.params`, then
     * `req.body`, then `req.query`; `defaultValue` when none has it.
     *
     * @deprecated Since 4.11: read `req.params`, `req.body` or `req.query` directly.
     */
    param(name: string, defaultValue?: any): any

    /** @deprecated Use `req.acceptsCharsets()` (a deprecation warning is emitted once). */
    acceptsCharset(...charset: string[]): string | false
    /** @deprecated Use `req.acceptsEncodings()` (a deprecation warning is emitted once). */
    acceptsEncoding(...encoding: string[]): string | false
    /** @deprecated Use `req.acceptsLanguages()` (a deprecation warning is emitted once). */
    acceptsLanguage(...lang: string[]): string | false

    /**
     * The host name without the port, as `req.hostname` (in `webfw` 5.x,
     * `req.host` includes the port).
     *
     * @deprecated Use `req.hostname` (a deprecation warning is emitted once).
     */
    readonly host: string
  }

  /** The response: Node's `ServerResponse` with webfw's members, extending the global `Express.Response`. */
  interface Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>, StatusCode extends number = number>
    extends core.ResponseBase<4, ResBody, LocalsObj, StatusCode> {
    /**
     * Sends a file; the lower-case 4.x spelling, with `res.sendFile`'s
     * options and callback.
     *
     * @deprecated Use `res.sendFile()` (a deprecation warning is emitted once).
     */
    sendfile(path: string, options?: SendFileOptions | object, fn?: (err?: any) => void): void
    sendfile(path: string, fn: (err?: any) => void): void

    /**
     * `res.send(body)`, and the 4.x forms `res.send(status, body)` and
     * `res.send(status)` (deprecated: use `res.status(status).send(body)`).
     */
    send: core.Send<ResBody, this> & ((status: number, body?: ResBody) => this)
    /** `res.json(body)`, and `res.json(status, body)` (deprecated: use `res.status(status).json(body)`). */
    json: core.Send<ResBody, this> & ((status: number, body: ResBody) => this)
    /** `res.jsonp(body)`, and `res.jsonp(status, body)` (deprecated: use `res.status(status).jsonp(body)`). */
    jsonp: core.Send<ResBody, this> & ((status: number, body: ResBody) => this)
    /** `res.redirect(url)`, `res.redirect(status, url)`, and the deprecated `res.redirect(url, status)`. */
    redirect(url: string): void
    redirect(status: number, url: string): void
    /** @deprecated Use `res.redirect(status, url)`. */
    redirect(url: string, status: number): void
  }

  interface RequestHandler<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > extends core.RequestHandler<4, P, ResBody, ReqBody, ReqQuery, LocalsObj> {}
  interface ErrorRequestHandler<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > extends core.ErrorRequestHandler<4, P, ResBody, ReqBody, ReqQuery, LocalsObj> {}
  type RequestHandlerParams<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = core.RequestHandlerParams<4, P, ResBody, ReqBody, ReqQuery, LocalsObj>
  interface Handler extends RequestHandler {}
  type RequestParamHandler = core.RequestParamHandler<4>

  interface IRouterMatcher<T, Method extends 'all' | 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head' | 'query' = any>
    extends core.IRouterMatcher<4, T, Method> {}
  interface IRouterHandler<T, Route extends string | RegExp = string> extends core.IRouterHandler<4, T, Route> {}
  interface IRouter extends core.IRouter<4> {
    /** Registers a parameter trigger (see `app.param`). */
    param(name: string, handler: RequestParamHandler): this
    /**
     * Customizes `param(name, arg)`: `callback(name, arg)` is called with
     * the arguments of each later call and returns the trigger to register.
     *
     * @deprecated Since 4.11.
     */
    param(callback: (name: string, matcher: RegExp) => RequestParamHandler): this
  }
  interface IRoute<Route extends string | RegExp = string> extends core.IRoute<4, Route> {}
  interface ILayer extends core.ILayer<4> {}

  /** A router (`webfw.Router()`). */
  interface Router extends IRouter {}

  /** `webfw.Route`: `new Route(path)`. */
  interface RouteConstructor {
    new <Route extends string | RegExp = string>(path: Route): IRoute<Route>
    prototype: IRoute
  }

  /** `webfw.cookieParser` and its helpers, as the `cookie-parser` package exports them. */
  interface CookieParser {
    (secret?: string | string[], options?: CookieParseOptions): core.Middleware
    /** The value of a `j:` (JSON) cookie, or undefined. */
    JSONCookie(jsonCookie: string): unknown
    /** `cookies` with every `j:` value parsed. */
    JSONCookies<T extends Record<string, unknown>>(jsonCookies: T): Record<keyof T, unknown>
    /** The unsigned value of an `s:` cookie, or false when no secret verifies it; other values come back unchanged. */
    signedCookie(cookie: string, secret: string | string[]): string | false | undefined
    /** Moves the signed cookies out of `cookies` into a new object, unsigned (false when forged). */
    signedCookies<T extends Record<string, unknown>>(cookies: T, secret: string | string[]): Partial<Record<keyof T, string | false>>
  }

  /** An application (`webfw()`): a request listener, a router and an event emitter. */
  interface Application<LocalsObj extends Record<string, any> = Record<string, any>> extends core.ApplicationBase<4, LocalsObj> {
    /** @deprecated Use `app.delete()` (a deprecation warning is emitted once). */
    del: core.IRouterMatcher<4, this, 'delete'>
    /**
     * Registers a parameter trigger; `name` may be a list.
     *
     * @example
     * app.param('id', (req, res, next, id) => (/^\d+$/.test(id) ? next() : next('route')))
     */
    param(name: string | string[], handler: RequestParamHandler): this
    /**
     * Customizes `param(name, arg)`: `callback(name, arg)` is called with
     * the arguments of each later call and returns the trigger to register.
     *
     * @deprecated Since 4.11.
     */
    param(callback: (name: string, matcher: RegExp) => RequestParamHandler): this

    /**
     * @deprecated Not provided in 4.x (Express 4 throws when it is read):
     * `app.use()` and the verb methods reach the app's router. Declared as
     * `never` only for assignability to `@types/express`.
     */
    router: never
  }

  /** What `webfw()` returns: an application with its own request and response prototypes. */
  interface Express extends Application {
    request: Request
    response: Response
  }
}

export = webfw
