/**
 * webfw/v4: the factory with the Express 4.x behaviour profile.
 *
 * @example
 * const webfw = require('webfw/v4')
 * const app = webfw()
 * app.get('/ab?cd', (req, res) => res.send('4.x patterns'))
 */
import { createFactory } from './factory'
import { profile4 } from './profile'

const webfw = createFactory(profile4)

export = webfw
