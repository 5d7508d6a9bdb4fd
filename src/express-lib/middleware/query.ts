/**
 * `express/lib/middleware/query` of Express 4: its query-string middleware
 * factory (`webfw/v4`'s `query`). Apps load it by this path too: an
 * editor's automatic import of a variable named `query` often lands here.
 */
import webfw4 = require('../../v4')

export = webfw4.query
