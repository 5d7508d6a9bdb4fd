/**
 * Types of `webfw/v3`, the 3.x API. For now the 4.x shapes (see v4.d.ts);
 * the 3.x-only members are declared as they are implemented.
 *
 * @example
 * import webfw = require('webfw/v3')
 * const app = webfw()
 * app.get('/users/:id?', (req, res) => res.send(req.params.id ?? 'all'))
 * app.listen(3000)
 */
/// <reference types="node" />
import webfw = require('./v4')

export = webfw
