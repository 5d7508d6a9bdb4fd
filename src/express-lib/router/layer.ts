/**
 * `express/lib/router/layer` of Express 4: the Layer class of `webfw/v4`
 * routers and routes (see src/router/layer.ts for the patches it honours:
 * a `handle` accessor, a replaced `handle_request` or `handle_error`).
 */
import webfw4 = require('../../v4')
import { kLayerClass, type Route } from '../../router/route'

export = (webfw4.Route as typeof Route).prototype[kLayerClass]
