/**
 * `express/lib/response` of Express 4: the 4.x response prototype
 * (`webfw/v4`'s `response`), which every 4.x app's `app.response` extends.
 */
import webfw4 = require('../v4')

export = webfw4.response
