/**
 * `express/lib/router` of Express 4, which exports the prototype of its
 * routers: here the prototype of `webfw/v4` routers. Its methods (`param`,
 * `use`, `route`, `handle`, `get`, ...) are the ones routers and apps call,
 * so replacing one takes effect; express-async-errors reaches `param`
 * through `prototype.constructor`, which leads back to this object.
 * Routers are made with `webfw.Router()`.
 */
import webfw4 = require('../../v4')

export = (webfw4.Router as { prototype: object }).prototype
