/**
 * ESM view of `webfw/v3` (esm/v3.mjs): the factory as the default export and
 * the attached middleware and prototypes as named exports.
 *
 * @example
 * import webfw, { Router, json } from 'webfw/v3'
 */
import webfw = require('./v3.js')

export default webfw

export declare const json: typeof webfw.json
export declare const urlencoded: typeof webfw.urlencoded
declare const serveStatic: typeof webfw.static
export { serveStatic as static }
export declare const cookieParser: typeof webfw.cookieParser
export import Router = webfw.Router
export declare const Route: typeof webfw.Route
export declare const application: typeof webfw.application
export declare const request: typeof webfw.request
export declare const response: typeof webfw.response
export import Request = webfw.Request
export import Response = webfw.Response
export import NextFunction = webfw.NextFunction
export import RequestHandler = webfw.RequestHandler
export import Express = webfw.Express
