/**
 * webfw/v4: the factory with the Express 4.x behaviour profile.
 * Until the 4.x profile lands it is the 5.x factory.
 */
import { createFactory } from './factory'
import { profile5 } from './profile'

const webfw = createFactory(profile5)

export = webfw
