/**
 * ESM view of `webfw` (esm/index.mjs): the factory as the default export,
 * the attached middleware and prototypes as named exports, and every public
 * type of index.d.ts.
 *
 * @example
 * import webfw, { Router, json, type Request } from 'webfw'
 */
import webfw = require('./index.js')

export default webfw

export declare const json: typeof webfw.json
export declare const raw: typeof webfw.raw
export declare const text: typeof webfw.text
export declare const urlencoded: typeof webfw.urlencoded
declare const serveStatic: typeof webfw.static
export { serveStatic as static }
export declare const cookieParser: typeof webfw.cookieParser
export import Router = webfw.Router
export declare const Route: typeof webfw.Route
export declare const application: typeof webfw.application
export declare const request: typeof webfw.request
export declare const response: typeof webfw.response

export import RouterOptions = webfw.RouterOptions
export import CookieOptions = webfw.CookieOptions
export import BodyParserOptions = webfw.BodyParserOptions
export import OptionsJson = webfw.OptionsJson
export import OptionsText = webfw.OptionsText
export import OptionsUrlencoded = webfw.OptionsUrlencoded
export import ServeStaticOptions = webfw.ServeStaticOptions
export import SendFileOptions = webfw.SendFileOptions
export import DownloadOptions = webfw.DownloadOptions
export import CookieParseOptions = webfw.CookieParseOptions
export import NextFunction = webfw.NextFunction
export import Locals = webfw.Locals
export import MediaType = webfw.MediaType
export import Ranges = webfw.Ranges
export import Range = webfw.Range
export import RangeOptions = webfw.RangeOptions
export import ParamsDictionary = webfw.ParamsDictionary
export import ParamsFlatDictionary = webfw.ParamsFlatDictionary
export import Params = webfw.Params
export import ParsedQs = webfw.ParsedQs
export import Query = webfw.Query
export import PathParams = webfw.PathParams
export import Errback = webfw.Errback
export import Engine = webfw.Engine
export import Http2ListenOptions = webfw.Http2ListenOptions
export import Send = webfw.Send
export import Middleware = webfw.Middleware
export import RouteParameters = webfw.RouteParameters
export import Request = webfw.Request
export import Response = webfw.Response
export import RequestHandler = webfw.RequestHandler
export import ErrorRequestHandler = webfw.ErrorRequestHandler
export import RequestHandlerParams = webfw.RequestHandlerParams
export import Handler = webfw.Handler
export import RequestParamHandler = webfw.RequestParamHandler
export import IRouterMatcher = webfw.IRouterMatcher
export import IRouterHandler = webfw.IRouterHandler
export import IRouter = webfw.IRouter
export import IRoute = webfw.IRoute
export import ILayer = webfw.ILayer
export import RouteConstructor = webfw.RouteConstructor
export import CookieParser = webfw.CookieParser
export import Application = webfw.Application
export import Express = webfw.Express
