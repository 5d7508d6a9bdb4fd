/**
 * Version profiles: every difference between the 5.x, 4.x and 3.x behaviour
 * of the framework, as data read by the one shared implementation.
 */
import accepts5 from 'accepts'
import { create as contentDisposition5 } from 'content-disposition'
import { basename } from 'node:path'
import qs from 'qs'
import typeis5 from 'type-is'
import { parseExtendedQueryString, parseExtendedQueryString4, type QueryStyle } from './app/settings'
import type { RouteMapMembers } from './app/route-map-app'
import type { AppStyle } from './app/types'
import { bodyStyle, bodyStyle4, loadTypeIs1, type BodyStyle } from './middleware/body/options'
import { View, View4 } from './app/view'
import type { RequestStyle } from './request/internal'
import type { ResponseStyle } from './response/internal'
import { path5 } from './router/path5'
import type { PathSyntax } from './router/path-syntax'
import type { RouteStyle } from './router/route'
import type { RouterStyle } from './router/router-state'
import { md5ETags, sha1ETags } from './util/etag'
import { mediaTypes3, mediaTypes4, mediaTypes5, type MediaTypes } from './util/media-types'
import { validators3, validators4, validators5, type HttpValidators } from './util/validators'
import { loadOnFirstCall } from './util/first-use'

export interface Profile {
  /** Major version this profile reproduces. */
  readonly major: 5 | 4 | 3
  /** Default of the `query parser` setting. */
  readonly queryParser: 'simple' | 'extended'
  /** Query-string parsers and what `req.query` is without one. */
  readonly query: QueryStyle
  /** `req.body` when no parser ran or nothing was parsed. */
  readonly emptyBody: 'undefined' | 'object'
  /**
   * Body parsers mark a read body with `req._body` and skip requests marked
   * so; a request stream already consumed otherwise is a 500
   * `stream.not.readable` (4.x). 5.x skips any request whose body was read.
   */
  readonly bodyReadFlag: boolean
  /** Default of `urlencoded({ extended })`. */
  readonly urlencodedExtended: boolean
  /** Body-parser defaults (`limit`, json's `type`) and the `verify` form. */
  readonly body: BodyStyle
  /** Default of `static({ dotfiles })`. */
  readonly staticDotfiles: 'ignore' | undefined
  /**
   * `static` reads the older `hidden` option (deprecated): `true` serves
   * dotfiles when `dotfiles` is not given (4.x and Connect 2's 3.x).
   */
  readonly staticHidden: boolean
  /** Status of `static`'s redirect of a directory named without its trailing slash. */
  readonly staticRedirectStatus: 301 | 303
  /** A rejected promise from a handler becomes `next(err)`. */
  readonly catchRejections: boolean
  /**
   * `app.router` is the lazily created built-in router (5.x); otherwise
   * reading it throws an error pointing to the 4.x migration (as Express 4),
   * unless the app has a route map (3.x, `AppStyle.routeMap`), whose
   * `app.router` is the map's middleware.
   */
  readonly appRouterGetter: boolean
  /** Application behaviour that differs by version. */
  readonly app: AppStyle
  /** Request behaviour that differs by version. */
  readonly request: RequestStyle
  /** Response behaviour that differs by version. */
  readonly response: ResponseStyle
  /** Media-type lookups (res.type, res.set, res.format, sent files). */
  readonly media: MediaTypes
  /** Freshness (304) and Range rules: req.fresh, req.range, res.send, sent files. */
  readonly validators: HttpValidators
  /** Path-pattern syntax of routes and `use` paths. */
  readonly syntax: PathSyntax
  /** Router behaviour that differs by version. */
  readonly router: RouterStyle
  /** Route behaviour that differs by version. */
  readonly route: RouteStyle
}

const toTag = (value: unknown): string => Object.prototype.toString.call(value)

// 3.x-only modules are required when the 3.x factory first needs them, so
// that `require('webfw')` and `require('webfw/v4')` never load them
// (test/v3/lazy-deps.test.ts).
/* eslint-disable @typescript-eslint/no-require-imports */
const loadRouteMap = (): RouteMapMembers => (require('./app/route-map-app') as typeof import('./app/route-map-app')).routeMapMembers
const loadPath3 = (): typeof import('./router/path3') => require('./router/path3')
const loadPath4 = (): typeof import('./router/path4') => require('./router/path4')
// 4.x's (and 3.x's) versions of packages 5.x also uses, loaded on their first
// call so that `require('webfw')` loads none of them (test/v3/lazy-deps.test.ts).
const accepts4 = loadOnFirstCall(() => require('accepts-v1') as typeof accepts5)
const typeis4 = loadOnFirstCall(loadTypeIs1) as unknown as typeof typeis5
const contentDisposition4 = loadOnFirstCall(() => require('content-disposition-v0') as (filename?: string) => string)
const loadNegotiation3 = (): typeof import('./request/negotiation3') => require('./request/negotiation3')
/* eslint-enable @typescript-eslint/no-require-imports */

/** A path syntax whose implementation is loaded on its first pattern. */
function lazySyntax(load: () => PathSyntax): PathSyntax {
  let syntax: PathSyntax | undefined
  return { compile: (path, options) => (syntax ?? (syntax = load())).compile(path, options) }
}

/** Express 4's `gettype`: typeof, or the tag of objects ("Object", "Array"...). */
function typeName(value: unknown): string {
  const type = typeof value
  return type !== 'object' ? type : toTag(value).replace(/^\[object (\S+)\]$/, '$1')
}

/** The application style of 5.x and 4.x apps, whose routes are layers of the app's router (3.x: see profile3). */
const routesInRouter = {
  routeMap: null,
  configure: false,
  localsFunction: false,
  mountPathKey: 'mountpath',
  jsonSpacesByEnv: null,
  plainSettings: false,
  // 5.x's settings have no prototype: reading one is already reading settings only.
  ownSettingsOnly: false,
} as const

export const profile5: Profile = Object.freeze({
  major: 5,
  queryParser: 'simple',
  query: Object.freeze({
    extended: parseExtendedQueryString,
    disabled: undefined,
    whenNoParser: () => Object.create(null),
    persistent: false,
  }),
  emptyBody: 'undefined',
  bodyReadFlag: false,
  urlencodedExtended: false,
  body: bodyStyle,
  staticDotfiles: 'ignore',
  staticHidden: false,
  staticRedirectStatus: 301,
  catchRejections: true,
  appRouterGetter: true,
  app: Object.freeze({
    privateRouter: false,
    del: false,
    removedMiddleware: Object.freeze([]),
    bundledMiddleware: false,
    queryMiddleware: false,
    mimeOnFactory: false,
    View,
    listenErrorToCallback: true,
    errorLog: 'value',
    plainEngines: false,
    ...routesInRouter,
  }),
  request: Object.freeze({
    host: 'with-port',
    hostDeprecation: undefined,
    param: false,
    singularAccepts: false,
    negotiation: Object.freeze({ accepts: accepts5, typeis: typeis5 }),
    acceptedLists: null,
    files: false,
  } as const),
  response: Object.freeze({
    legacyArguments: false,
    keepContentLength: false,
    lenientStatus: false,
    back: false,
    redirectUrlFirst: false,
    redirectArgumentWarnings: true,
    redirectHtml: 'document',
    location: 'encoded',
    connectHeaders: false,
    stringBodies: false,
    binaryViews: true,
    nullBodyCharset: false,
    linkArrays: true,
    etags: sha1ETags,
    clearCookieExpiry: false,
    varyRequiresField: true,
    sendfile: false,
    fileETagFromApp: true,
    contentDisposition: (filename?: string) => contentDisposition5(filename),
    downloadDisposition: (nameOrPath: string | undefined) => contentDisposition5(basename(nameOrPath as string)),
  } as const),
  media: mediaTypes5,
  validators: validators5,
  syntax: path5,
  router: Object.freeze({
    catchRejections: true,
    nullPrototypeParams: true,
    mergeCopiesInherited: false,
    prefixMayPrecedeDot: false,
    prefixTakesSlash: false,
    alwaysRemoveAddedSlash: false,
    optionsResponse: 'sorted',
    useError: (_value: unknown, none: boolean) =>
      new TypeError(none ? 'argument handler is required' : 'argument handler must be a function'),
    legacyParamForms: false,
    requireCallback: true,
    routeLayerName: 'handle',
    factoryIsPrototype: false,
    listRoutes: true,
    publishesRouterRequests: true,
    recordsMatchedPath: false,
  } as const),
  route: Object.freeze({
    catchRejections: true,
    requireHandler: true,
    nullPrototypeMethods: true,
    notAFunction: () => new TypeError('argument handler must be a function'),
    legacyNames: false,
  }),
})

export const profile4: Profile = Object.freeze({
  major: 4,
  queryParser: 'extended',
  query: Object.freeze({
    extended: parseExtendedQueryString4,
    disabled: () => ({}),
    // Express 4's query middleware with no parser given: qs with its defaults.
    whenNoParser: (str: string) => qs.parse(str, { allowPrototypes: true }) as Record<string, unknown>,
    persistent: true,
  }),
  emptyBody: 'object',
  bodyReadFlag: true,
  urlencodedExtended: true,
  body: bodyStyle4,
  staticDotfiles: undefined,
  staticHidden: true,
  staticRedirectStatus: 301,
  catchRejections: false,
  appRouterGetter: false,
  app: Object.freeze({
    privateRouter: true,
    del: true,
    // Bundled with 3.x. cookieParser is not listed: webfw provides one.
    removedMiddleware: Object.freeze([
      'bodyParser', 'compress', 'cookieSession', 'session', 'logger', 'favicon', 'responseTime', 'errorHandler',
      'timeout', 'methodOverride', 'vhost', 'csrf', 'directory', 'limit', 'multipart', 'staticCache',
    ]),
    bundledMiddleware: false,
    queryMiddleware: true,
    mimeOnFactory: false,
    View: View4,
    listenErrorToCallback: false,
    errorLog: 'text',
    plainEngines: true,
    ...routesInRouter,
    // Express 4's app.settings is an ordinary object (5.x's has no prototype),
    // and its app.get answers settings only, never Object.prototype's members.
    plainSettings: true,
    ownSettingsOnly: true,
  }),
  request: Object.freeze({
    host: 'without-port',
    hostDeprecation: 'req.host: use req.hostname',
    param: true,
    singularAccepts: true,
    negotiation: Object.freeze({ accepts: accepts4, typeis: typeis4 }),
    acceptedLists: null,
    files: false,
  } as const),
  response: Object.freeze({
    legacyArguments: true,
    keepContentLength: false,
    lenientStatus: true,
    back: true,
    redirectUrlFirst: true,
    redirectArgumentWarnings: false,
    redirectHtml: 'paragraph',
    location: 'encoded',
    connectHeaders: false,
    stringBodies: false,
    binaryViews: false,
    nullBodyCharset: true,
    linkArrays: false,
    etags: sha1ETags,
    clearCookieExpiry: true,
    varyRequiresField: false,
    sendfile: true,
    fileETagFromApp: false,
    // content-disposition 0.5 (Express 4's) always quotes the file name.
    contentDisposition: (filename?: string) => contentDisposition4(filename),
    downloadDisposition: (nameOrPath: string | undefined) => contentDisposition4(nameOrPath),
  } as const),
  media: mediaTypes4,
  validators: validators4,
  syntax: lazySyntax(() => loadPath4().path4),
  router: Object.freeze({
    catchRejections: false,
    nullPrototypeParams: false,
    mergeCopiesInherited: true,
    prefixMayPrecedeDot: true,
    prefixTakesSlash: true,
    alwaysRemoveAddedSlash: true,
    optionsResponse: 'send',
    useError: (value: unknown, none: boolean) =>
      new TypeError(
        none ? 'Router.use() requires a middleware function' : 'Router.use() requires a middleware function but got a ' + typeName(value),
      ),
    legacyParamForms: true,
    requireCallback: false,
    routeLayerName: 'bound dispatch',
    factoryIsPrototype: true,
    listRoutes: false,
    publishesRouterRequests: false,
    recordsMatchedPath: true,
  } as const),
  route: Object.freeze({
    catchRejections: false,
    requireHandler: false,
    nullPrototypeMethods: false,
    notAFunction: (method: string, value: unknown) => {
      const msg = `Route.${method}() requires a callback function but got a ${toTag(value)}`
      return method === 'all' ? new TypeError(msg) : new Error(msg)
    },
    legacyNames: true,
  }),
})

/**
 * 3.x: Express 3's API (as of 3.21.2). It starts from the 4.x profile (the
 * two share most of their request and response behaviour) and lists what
 * 3.x does differently: routes in a route map placed by `app.router`
 * (route-map-app.ts), Express 3's path syntax and Connect's `use` prefixes
 * (path3.ts), `app.configure`, locals as functions, `app.route` as the
 * mount path, `json spaces` by env; `req.host` without the port, Express 3's
 * negotiation and `req.accepted*`, `req.auth`, `req.files`; `res.charset`
 * with Connect's setHeader, Express 3's `res.location` and redirect bodies,
 * MD5 ETags, mime 1 types as given, a Content-Length the app set kept by `res.send`; Connect 2's body-parser defaults; and
 * the bundled Connect middleware (middleware/bundled). The modules only
 * 3.x uses are loaded when its factory is made (the loaders above).
 */
export const profile3: Profile = Object.freeze({
  ...profile4,
  major: 3,
  // Connect 2's static answered "see other" for a directory without its slash.
  staticRedirectStatus: 303,
  app: Object.freeze({
    ...profile4.app,
    privateRouter: false,
    removedMiddleware: Object.freeze([]),
    bundledMiddleware: true,
    mimeOnFactory: true,
    routeMap: loadRouteMap,
    configure: true,
    localsFunction: true,
    mountPathKey: 'route',
    jsonSpacesByEnv: new Map([['development', 2], ['production', 0]]),
    plainSettings: true,
    ownSettingsOnly: false,
  } as const),
  request: Object.freeze({
    ...profile4.request,
    host: 'without-port',
    hostDeprecation: 'req.host: use req.hostname (from 5.x on req.host includes the port)',
    singularAccepts: false,
    // Read when the 3.x request prototype is made.
    get negotiation() {
      return loadNegotiation3().negotiation3 as unknown as RequestStyle['negotiation']
    },
    acceptedLists: () => loadNegotiation3().defineAcceptedMembers,
    files: true,
  } as const),
  response: Object.freeze({
    ...profile4.response,
    keepContentLength: true,
    redirectHtml: 'link',
    location: 'resolved',
    connectHeaders: true,
    stringBodies: true,
    // Express 3 gives res.send(null) no charset step.
    nullBodyCharset: false,
    etags: md5ETags,
  } as const),
  media: mediaTypes3,
  validators: validators3,
  // Connect's stack: a `use` prefix leaves the slashes after it in req.url.
  // Connect 2's stack entries keep no matched path.
  router: Object.freeze({ ...profile4.router, prefixTakesSlash: false, recordsMatchedPath: false }),
  query: Object.freeze({ ...profile4.query, extended: parseExtendedQueryString }),
  body: Object.freeze({ ...bodyStyle4, limit: '1mb', jsonType: Object.freeze(['application/json', 'application/*+json']), verifyString: true }),
  syntax: lazySyntax(() => loadPath3().path3),
})
