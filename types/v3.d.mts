/**
 * ESM view of `webfw/v3` (esm/v3.mjs): the factory as the default export,
 * the attached middleware and prototypes as named exports, and the public
 * types of v3.d.ts.
 *
 * @example
 * import webfw, { Router, json } from 'webfw/v3'
 */
import webfw = require('./v3.js')

export default webfw

export declare const json: typeof webfw.json
export declare const raw: typeof webfw.raw
export declare const text: typeof webfw.text
export declare const urlencoded: typeof webfw.urlencoded
declare const serveStatic: typeof webfw.static
export { serveStatic as static }
export declare const cookieParser: typeof webfw.cookieParser
export declare const query: typeof webfw.query
export declare const Router: typeof webfw.Router
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
export import CookieParseOptions = webfw.CookieParseOptions
export import NextFunction = webfw.NextFunction
export import ParamsDictionary = webfw.ParamsDictionary
export import ParsedQs = webfw.ParsedQs
export import PathParams = webfw.PathParams
export import Middleware = webfw.Middleware
export import RouteParameters = webfw.RouteParameters
export import LocalsFunction = webfw.LocalsFunction
export import AcceptedEntry = webfw.AcceptedEntry
export import Request = webfw.Request
export import Response = webfw.Response
export import RequestHandler = webfw.RequestHandler
export import ErrorRequestHandler = webfw.ErrorRequestHandler
export import RequestParamHandler = webfw.RequestParamHandler
export import RouteMap = webfw.RouteMap
export import CookieParser = webfw.CookieParser
export import Application = webfw.Application
export import Express = webfw.Express
