/**
 * `express/lib/router` of Express 4, which exports the prototype of its
 * routers, the same function as `express.Router`: here `webfw/v4`'s Router,
 * the prototype of its routers. Its methods (`param`, `use`, `route`,
 * `handle`, `get`, ...) are the ones routers and apps call, so replacing
 * one takes effect, and what is added to it every router has (express-ws
 * adds `ws`); express-async-errors reaches `param` through
 * `prototype.constructor`, which leads back to this function.
 */
import webfw4 = require('../../v4')
import { routerPrototypeOf, type RouterFactory } from '../../router/router'

export = routerPrototypeOf(webfw4.Router as unknown as RouterFactory)
