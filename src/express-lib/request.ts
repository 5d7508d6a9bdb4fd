/**
 * `express/lib/request` of Express 4: the 4.x request prototype
 * (`webfw/v4`'s `request`), which every 4.x app's `app.request` extends.
 */
import webfw4 = require('../v4')

export = webfw4.request
