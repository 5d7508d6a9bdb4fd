/**
 * `express/lib/express` of Express 4: its main module, the 4.x factory
 * (`webfw/v4`). Apps load it by this path too (an editor's automatic import
 * of `createApplication` is a common way in).
 */
import webfw4 = require('../v4')

export = webfw4
