/**
 * The application object as seen from inside webfw.
 */
import type { EventEmitter } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Profile } from '../profile'
import type { RouterObject } from '../router/router-state'
import type { RouteMapMembers } from './route-map-app'
import type { View } from './view'

export const kRouter = Symbol('webfw.app.router')
export const kServerClasses = Symbol('webfw.app.serverClasses')
export const kProfile = Symbol('webfw.app.profile')
/** [request, response] prototypes of the app's server classes, once created. */
export const kClassPrototypes = Symbol('webfw.app.classPrototypes')
export const kGetRouter = Symbol('webfw.app.getRouter')
/** 4.x: the handles of the app router's two built-in layers. */
export const kInitLayers = Symbol('webfw.app.initLayers')

/** What differs between the 5.x and 4.x application (data of the version profile). */
export interface AppStyle {
  /**
   * 4.x: the router lives in `app._router`, created by `app.lazyrouter()` on
   * first registration, with Express 4's two built-in layers (`query`,
   * `expressInit`) first in its stack; `expressInit` prepares the request
   * (5.x does that in `app.handle`), and an app with no router answers 404
   * without entering one.
   */
  readonly privateRouter: boolean
  /** `app.del`, the deprecated alias of `app.delete` (4.x). */
  readonly del: boolean
  /** Middleware once bundled (3.x): reading `webfw.<name>` throws, telling to install it (4.x). */
  readonly removedMiddleware: readonly string[]
  /**
   * The Connect-era middleware Express 3 bundled (`webfw.session`,
   * `webfw.logger`, `webfw.bodyParser` ...), each module loaded on first
   * access (3.x; src/middleware/bundled/).
   */
  readonly bundledMiddleware: boolean
  /** `webfw.query(options)`: middleware setting `req.query` where no app did (4.x). */
  readonly queryMiddleware: boolean
  /** `webfw.mime`, the type table (`media.table`) on the factory itself, as Express 3 exported Connect's (3.x). */
  readonly mimeOnFactory: boolean
  /** The default `view` setting (4.x: engine callbacks not deferred; see view.ts). */
  readonly View: typeof View
  /**
   * `app.listen(..., callback)` also calls the callback with a listen error
   * (5.x); in 4.x the error is the server's 'error' event, as in Express 4.
   */
  readonly listenErrorToCallback: boolean
  /**
   * What the default error log hands console.error: the error itself
   * (5.x, `console.error(err)`: its properties and cause printed too) or
   * its text, `err.stack || err.toString()` (4.x and 3.x).
   */
  readonly errorLog: 'value' | 'text'
  /**
   * Where routes live. null: in the app's router, in definition order among
   * the middleware (5.x, 4.x). Otherwise (3.x) the loader of the route-map
   * members: routes are kept per method in the app's route map
   * (`app._router`, listed by `app.routes`), which runs as one middleware
   * where `app.use(app.router)` places it, or where the first route
   * definition does. The app's own router then holds only `use` layers.
   */
  readonly routeMap: (() => RouteMapMembers) | null
  /** `app.configure([env, ...], fn)`: runs `fn` now when the `env` setting is one of them, or always (3.x). */
  readonly configure: boolean
  /** `app.locals` and `res.locals` are functions that merge an object into themselves (3.x). */
  readonly localsFunction: boolean
  /** The app property holding the path it is mounted on: `mountpath` (5.x, 4.x) or `route` (3.x). */
  readonly mountPathKey: 'mountpath' | 'route'
  /** The `json spaces` setting's default by `env` (3.x: 2 in development, 0 in production); else unset. */
  readonly jsonSpacesByEnv: ReadonlyMap<string, number> | null
  /** `app.settings` (and so `app.locals.settings`) has no prototype (5.x) or is a plain object (4.x, 3.x). */
  readonly plainSettings: boolean
  /**
   * `app.get(name)` looks for own settings up the chain of mounted apps and
   * never answers what an ordinary settings object inherits from
   * Object.prototype (4.x: `app.get('hasOwnProperty')` is undefined); 5.x's
   * settings have no prototype, and 3.x reads the property as it is.
   */
  readonly ownSettingsOnly: boolean
  /** `app.engines` has no prototype (5.x) or is a plain object (4.x, 3.x), as in Express of each version. */
  readonly plainEngines: boolean
}

export interface AppInternal extends EventEmitter {
  (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void
  settings: Record<string, unknown>
  locals: Record<string, unknown>
  mountpath: string | string[]
  parent: AppInternal | undefined
  cache: Record<string, unknown>
  engines: Record<string, unknown>
  request: object
  response: object
  readonly [kProfile]: Profile
  get(name: string): unknown
  set(name: string, value?: unknown): unknown
  enabled(name: string): boolean
  handle(req: IncomingMessage, res: ServerResponse, callback?: (err?: unknown) => void): void
  [kGetRouter](): RouterObject
  [kRouter]: RouterObject | null
  [kServerClasses]: ServerClasses | undefined
  [kClassPrototypes]: [object, object] | undefined
  [kInitLayers]: [unknown, unknown] | undefined
}

export interface ServerClasses {
  IncomingMessage: typeof IncomingMessage
  ServerResponse: typeof ServerResponse
}
