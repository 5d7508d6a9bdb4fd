/**
 * The middleware Express 3 bundled from Connect, attached to the 3.x factory
 * under Express 3's names (`webfw.session`, `webfw.logger` ...). Each name is
 * a getter that loads its module on first access, so an app pays (in start-up
 * time and memory) only for the middleware it uses, and the 5.x and 4.x
 * factories never load any of it.
 *
 * `json`, `urlencoded`, `static`, `cookieParser` and `query`, which Express 3
 * bundled too, are the factory's own (src/middleware); `bodyParser` and
 * `staticCache` reuse them from the factory they are attached to.
 */
import type { Factory } from '../../factory'
import type { Profile } from '../../profile'
import { loadOptional } from '../../util/optional-packages'

/** Loads the middleware factory (or value) exposed under one name. */
type Loader = (factory: Factory, profile: Profile) => unknown

// Each loader requires its module only when called: a static import here
// would load every package below with `require('webfw/v3')`.
/* eslint-disable @typescript-eslint/no-require-imports */
const loaders: Record<string, Loader> = {
  basicAuth: () => require('./basic-auth').basicAuth,
  bodyParser: (factory) => require('./body-parser').createBodyParser(factory),
  compress: () => require('./compress').compress,
  cookieSession: () => require('./cookie-session').cookieSession,
  csrf: () => require('./csrf').csrf,
  directory: () => require('./directory').directory,
  errorHandler: () => require('./error-handler').errorHandler,
  favicon: () => require('./favicon').favicon,
  limit: () => require('./limit').limit,
  logger: () => require('./logger').logger,
  methodOverride: () => require('./method-override').methodOverride,
  multipart: () => require('./multipart').multipart,
  responseTime: () => require('./response-time').responseTime,
  session: () => require('./session').session,
  staticCache: (factory) => require('./static-cache').createStaticCache(factory),
  timeout: () => require('./timeout').timeout,
  vhost: () => require('./vhost').vhost,
}
/* eslint-enable @typescript-eslint/no-require-imports */

/** The names `attachBundledMiddleware` defines (Express 3's, less the factory's own). */
export const bundledNames: readonly string[] = Object.freeze(Object.keys(loaders))

export function attachBundledMiddleware(factory: Factory, profile: Profile): void {
  for (const name of Object.keys(loaders)) {
    let value: unknown
    let loaded = false
    Object.defineProperty(factory, name, {
      configurable: true,
      enumerable: true,
      get() {
        if (!loaded) {
          // A missing optional package (package.json) fails with the install command.
          value = loadOptional(`webfw.${name}`, () => loaders[name](factory, profile))
          loaded = true
        }
        return value
      },
      set(replacement: unknown) {
        value = replacement
        loaded = true
      },
    })
  }
}
