/**
 * `express/lib/router/route` of Express 4: the 4.x Route class
 * (`webfw/v4`'s `Route`).
 */
import webfw4 = require('../../v4')

export = webfw4.Route
