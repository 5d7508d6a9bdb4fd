/**
 * `express/lib/application` of Express 4: the prototype of 4.x applications
 * (`webfw/v4`'s `application`). Methods added to it reach every 4.x app.
 */
import webfw4 = require('../v4')

export = webfw4.application
