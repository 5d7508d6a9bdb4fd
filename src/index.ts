/**
 * webfw: the 5.x factory, shaped like `require('express')`.
 *
 * @example
 * const webfw = require('webfw')
 * const app = webfw()
 * app.get('/', (req, res) => res.json({ hello: 'world' }))
 * app.listen(3000)
 */
import { createFactory } from './factory'
import { profile5 } from './profile'

const webfw = createFactory(profile5)

export = webfw
