/**
 * Types of `webfw`, the 5.x API: the factory `webfw()` with its attached
 * middleware and prototypes, and every public type under the names
 * `@types/express` uses (`Request`, `Response`, `NextFunction`,
 * `RequestHandler`, `Router`, `Application`, `Express`, ...).
 *
 * @example
 * import webfw, { type Request, type Response } from 'webfw'
 * const app = webfw()
 * app.get('/users/:id', (req: Request<{ id: string }>, res: Response) => res.json({ id: req.params.id }))
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
   * Parses URL-encoded form bodies into `req.body` (`extended` defaults to false).
   *
   * @example
   * app.use(webfw.urlencoded({ extended: true }))
   */
  var urlencoded: (options?: OptionsUrlencoded) => core.Middleware
  /**
   * Serves the files under `root` (`dotfiles` defaults to "ignore").
   *
   * @example
   * app.use('/assets', webfw.static('public', { maxAge: '1d' }))
   */
  var static: (root: string, options?: ServeStaticOptions<Response>) => core.Middleware
  /**
   * Parses the `Cookie` header into `req.cookies`, and, given a secret (or
   * several, tried in order), verified signed cookies into `req.signedCookies`.
   *
   * @example
   * app.use(webfw.cookieParser(process.env.COOKIE_SECRET))
   */
  var cookieParser: CookieParser

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
  type ParamsDictionary = params.ParamsDictionary
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
   * `req.params` of a 5.x path: `:name` is a string, `*name` the array of
   * segments it matched, and parameters inside `{ }` are optional.
   *
   * @example
   * type P = RouteParameters<'/users/:id{/:tab}'> // { id: string; tab?: string }
   */
  type RouteParameters<Route extends string | RegExp> = params.RouteParameters5<Route>

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
  > extends core.RequestBase<5, P, ResBody, ReqBody, ReqQuery, LocalsObj> {
    /** Host from `Host` (or `X-Forwarded-Host` when trusted), with the port. */
    readonly host: string
  }

  /** The response: Node's `ServerResponse` with webfw's members, extending the global `Express.Response`. */
  interface Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>, StatusCode extends number = number>
    extends core.ResponseBase<5, ResBody, LocalsObj, StatusCode> {}

  interface RequestHandler<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > extends core.RequestHandler<5, P, ResBody, ReqBody, ReqQuery, LocalsObj> {}
  interface ErrorRequestHandler<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > extends core.ErrorRequestHandler<5, P, ResBody, ReqBody, ReqQuery, LocalsObj> {}
  type RequestHandlerParams<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = core.RequestHandlerParams<5, P, ResBody, ReqBody, ReqQuery, LocalsObj>
  interface Handler extends RequestHandler {}
  type RequestParamHandler = core.RequestParamHandler<5>

  interface IRouterMatcher<T, Method extends 'all' | 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head' | 'query' = any>
    extends core.IRouterMatcher<5, T, Method> {}
  interface IRouterHandler<T, Route extends string | RegExp = string> extends core.IRouterHandler<5, T, Route> {}
  interface IRouter extends core.IRouter<5> {}
  interface IRoute<Route extends string | RegExp = string> extends core.IRoute<5, Route> {}
  interface ILayer extends core.ILayer<5> {}

  /** A router (`webfw.Router()`); also the type of `app.router`. */
  interface Router extends IRouter {
    /**
     * The paths registered on this router, in order (as Express 5.3's router):
     * a route's methods, or the router mounted there; middleware is not listed.
     *
     * @example
     * router.listRoutes() // [{ path: '/users/:id', methods: ['GET', 'HEAD'], router: undefined }]
     */
    listRoutes(): RouteInfo[]
  }

  /** One entry of `router.listRoutes()`. */
  type RouteInfo = {
    /** The path as registered (one entry per path of an array). */
    path: string | RegExp
  } & (
    | {
        /** Upper-case methods in first-registration order, `'*'` for `.all()`, the automatic HEAD of GET; empty for a route without handlers. */
        methods: string[]
        router: undefined
      }
    | {
        methods: undefined
        /** The router mounted with `use` at this path (not listed recursively). */
        router: Router
      }
  )

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
  interface Application<LocalsObj extends Record<string, any> = Record<string, any>> extends core.ApplicationBase<5, LocalsObj> {
    /** The app's router, created on first access. */
    router: Router
  }

  /** What `webfw()` returns: an application with its own request and response prototypes. */
  interface Express extends Application {
    request: Request
    response: Response
  }
}

export = webfw
