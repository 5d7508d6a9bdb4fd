/**
 * Builds the exported factory of one version profile: `webfw()` creating
 * applications, with the router, the built-in middleware and the prototypes
 * attached as Express attaches them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
// Before anything else runs: see the module (a Node 24 cost paid once here rather than on every tick).
import './util/async-context-frame'
import { createApplicationPrototype } from './app/application'
import type { AppInternal } from './app/types'
import { createBodyParsers } from './middleware/body'
import { attachBundledMiddleware } from './middleware/bundled'
import { cookieParser } from './middleware/cookie-parser'
import { query } from './middleware/query'
import { createStatic } from './middleware/static'
import type { Profile } from './profile'
import { createRequestPrototype } from './request'
import { createResponsePrototype } from './response'
import { createLayerClass } from './router/layer'
import { createRouteClass } from './router/route'
import { createRouterFactory } from './router/router'

export interface Factory {
  (): AppInternal
  application: object
  request: object
  response: object
  Router: unknown
  Route: unknown
  [key: string]: unknown
}

export function createFactory(profile: Profile): Factory {
  const Route = createRouteClass(profile.route, createLayerClass())
  const Router = createRouterFactory({ syntax: profile.syntax, Route, style: profile.router })
  const application = createApplicationPrototype(profile, Router)
  const request = createRequestPrototype(profile)
  const response = createResponsePrototype(profile)

  function createApplication(): AppInternal {
    const app = function (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) {
      app.handle(req, res, next)
    } as AppInternal
    Object.setPrototypeOf(app, application)
    const own = { configurable: true, enumerable: true, writable: true, value: app }
    app.request = Object.create(request, { app: own })
    app.response = Object.create(response, { app: own })
    ;(app as unknown as { init(): void }).init()
    return app
  }

  const factory = createApplication as unknown as Factory
  factory.application = application
  factory.request = request
  factory.response = response
  // 3.x: Express 3's Router and Route (the route map's), not the app's internal stack router.
  const routeMap = profile.app.routeMap === null ? null : profile.app.routeMap()
  factory.Route = routeMap === null ? Route : routeMap.Route
  factory.Router = routeMap === null ? Router : routeMap.Router
  Object.assign(factory, createBodyParsers(profile))
  factory.static = createStatic(profile)
  const table = profile.media.table
  if (table !== null) {
    exposeTypeTable(factory.static as object, table)
    if (profile.app.mimeOnFactory) exposeTypeTable(factory, table)
  }
  factory.cookieParser = cookieParser
  if (profile.app.queryMiddleware) factory.query = query
  if (profile.app.bundledMiddleware) attachBundledMiddleware(factory, profile)
  for (const name of profile.app.removedMiddleware) {
    Object.defineProperty(factory, name, {
      configurable: true,
      get() {
        throw new Error(
          `The middleware webfw.${name} is not bundled since 4.x: install the package that provides it ` +
            '(see https://github.com/senchalabs/connect#middleware).',
        )
      },
    })
  }
  return factory
}

/**
 * `owner.mime`: the type table apps change (`express.static.mime.define(...)`
 * in 4.x, `express.mime` in 3.x), loaded when first read. Enumerable and
 * assignable, as the plain property Express's packages export.
 */
function exposeTypeTable(owner: object, table: () => object): void {
  Object.defineProperty(owner, 'mime', {
    configurable: true,
    enumerable: true,
    get: table,
    set(value: unknown) {
      Object.defineProperty(owner, 'mime', { configurable: true, enumerable: true, writable: true, value })
    },
  })
}
