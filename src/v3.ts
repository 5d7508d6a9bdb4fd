/**
 * webfw/v3: the factory with the Express 3.x behaviour profile.
 *
 * @example
 * const webfw = require('webfw/v3')
 * const app = webfw()
 * app.get('/users/:id?', (req, res) => res.send(req.params.id || 'all'))
 */
import { createFactory } from './factory'
import { profile3 } from './profile'

const webfw = createFactory(profile3)

export = webfw
