/**
 * The application prototype of a version profile: settings, registration
 * (delegated to the app's router), sub-app mounting, request handling and
 * `listen`.
 */
import { EventEmitter } from 'node:events'
import http, { IncomingMessage } from 'node:http'
import { resolve } from 'node:path'
import { inspect } from 'node:util'
import { requestStart } from '../diagnostics/channels'
import { traceRequest } from '../diagnostics/trace-request'
import { finalHandler } from '../middleware/final-handler'
import type { Profile } from '../profile'
import { methods } from '../router/methods'
import { handle as dispatch } from '../router/dispatch'
import { nullPrototype } from '../util/null-prototype'
import { routerPrototypeOf, splitUseArguments, type RouterFactory } from '../router/router'
import type { RouterObject } from '../router/router-state'
import { deprecate } from '../util/deprecate'
import { createLocals } from '../util/locals'
import { poweredByHeader } from '../response/header-table'
import { appRender } from './render'
import { adoptServer, serverClasses } from './server'
import { adoptHttp2 } from '../http2/classes'
import { createHttp2Server, isHttp2Listen } from '../http2/listen'
import { markOwnAccessor } from './setting-read'
import { compileETag, compileQueryParser, compileTrust } from './settings'
import { kClassPrototypes, kGetRouter, kInitLayers, kProfile, kRouter, type AppInternal, type AppStyle } from './types'

/**
 * Whether an app's `trust proxy` is still its default (then a mounted app
 * inherits its parent's). Kept beside the settings object rather than as a
 * hidden property on it: defining a non-writable property there made V8
 * turn `app.settings` into a dictionary once more settings were added.
 */
const trustProxyIsDefault = new WeakMap<object, boolean>()

/**
 * A setting's value: the settings object's own or, in a mounted app, one its
 * parent's settings hold, but nothing Object.prototype has (a 4.x settings
 * object is an ordinary one).
 */
function settingOf(settings: Record<string, unknown>, name: string): unknown {
  for (let s: object | null = settings; s !== null && s !== Object.prototype; s = Object.getPrototypeOf(s) as object | null) {
    if (Object.hasOwn(s, name)) return (s as Record<string, unknown>)[name]
  }
  return undefined
}

/**
 * 5.x's settings and the 4.x/5.x app.locals have no prototype. They are made
 * with `nullPrototype()` (an ordinary object switched to a null prototype,
 * which keeps fast properties), not `Object.create(null)`, a dictionary from
 * the start: each setting the response reads per request (`etag fn`,
 * `json replacer`, `json spaces`, `json escape`, `x-powered-by`) was a
 * dictionary lookup, and res.render's copy of app.locals walked a hash table
 * (docs/perf.md, "Fast settings and locals").
 *
 * app.locals only from V8 12 (Node 22) on: on V8 11 (Node 20) res.render's
 * spread of such an object took a slow path, and the `views` scenario cost
 * 71,000 more instructions per request instead of 2,700 fewer.
 */
const FAST_LOCALS = Number(process.versions.v8.split('.')[0]) >= 12

type AnyFn = (...args: unknown[]) => unknown

function isApp(fn: unknown): fn is AppInternal {
  const f = fn as { handle?: unknown; set?: unknown } | null
  return Boolean(f && f.handle && f.set)
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]|\r|\n/g

function escapeControl(text: string): string {
  return text.replace(CONTROL, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))
}

/** Where a V8 stack's first frame line starts. */
const STACK_FRAME = /\n {4}at /

/**
 * What the default error log prints for `err`, as the app's generation
 * prints it (`errorLog`): 5.x console.error's own rendering of the value,
 * 4.x and 3.x the text `err.stack || err.toString()`. Either way the
 * line breaks and other control characters of the message are escaped:
 * messages can quote the request (JSON.parse quotes the body it failed on),
 * and a raw line break there would start a forged line in the server's log.
 */
function loggable(err: unknown, errorLog: AppStyle['errorLog']): unknown {
  if (errorLog === 'value') {
    if (typeof err === 'string') return escapeControl(err)
    if (!(err instanceof Error)) return err
    const rendered = escapedMessage(err, inspect(err))
    return rendered === undefined ? err : rendered
  }
  let text: string
  try {
    const e = err as { stack?: unknown; toString(): string }
    text = String(e.stack || e.toString())
  } catch {
    // No toString (a null-prototype object): Express's log would throw.
    return escapeControl(inspect(err))
  }
  if (!(err instanceof Error)) return escapeControl(text)
  return escapedMessage(err, text) ?? text
}

/**
 * `text` (an error's stack or rendering) with the control characters of
 * `err`'s message escaped, or undefined when there were none. Where the
 * message is not in the text (changed after the stack was taken), what
 * precedes the first stack frame is escaped.
 */
function escapedMessage(err: Error, text: string): string | undefined {
  const message = err.message
  if (typeof message === 'string' && message !== '' && text.includes(message)) {
    const safe = escapeControl(message)
    return safe === message ? undefined : text.replace(message, () => safe)
  }
  const frames = text.search(STACK_FRAME)
  const head = frames === -1 ? text : text.slice(0, frames)
  const safe = escapeControl(head)
  return safe === head ? undefined : safe + text.slice(head.length)
}

function logError(this: AppInternal, err: unknown): void {
  if (this.get('env') !== 'test') console.error(loggable(err, this[kProfile].app.errorLog))
}

/** Object.prototype.isPrototypeOf, called on the server classes' prototypes (see prepareRequest). */
const isPrototypeOf = Object.prototype.isPrototypeOf

/**
 * What entering an app does to a request: the X-Powered-By header, `req.res`
 * and `res.req`, and the app's prototypes. Requests from app.listen's server
 * already have them; others (http.createServer(app), sub-apps) are
 * re-parented as in Express, and for a server's own request (`adopt`) the
 * server is switched to the app's classes (see server.ts).
 */
function prepareRequest(app: AppInternal, req: http.IncomingMessage, res: http.ServerResponse, adopt: boolean): void {
  const own = app[kClassPrototypes]
  // Built by this app's server classes (src/app/server.ts), the common case:
  // nothing to re-parent. Asked with isPrototypeOf, a builtin that walks the
  // prototype chain itself, rather than Object.getPrototypeOf, which V8's
  // optimiser leaves as a call into the runtime where it cannot tell the
  // object's shape (docs/perf.md, "Asking for the server's classes").
  // Nothing inherits from those prototypes but the requests and responses
  // themselves, so "in the chain" is "the prototype".
  // (Past that test the prototype is not the server class's, so only the
  // app's own is left to compare with.)
  if ((own === undefined || !isPrototypeOf.call(own[0], req)) && Object.getPrototypeOf(req) !== app.request) {
    // Not on this app's node:http prototypes: an HTTP/2 request (src/http2),
    // or one to re-parent.
    if (req.httpVersionMajor === 2) {
      // Adopted first: with the app's HTTP/2 response prototype, whose
      // setHeader is webfw's whatever the app's, X-Powered-By goes straight
      // into the response's table (src/response/header-table.ts).
      adoptHttp2(app, req, res)
      linkPair(app, req, res)
      return
    }
    linkPair(app, req, res)
    if (adopt) adoptServer(app, req)
    Object.setPrototypeOf(req, app.request)
  } else {
    linkPair(app, req, res)
  }
  if ((own === undefined || !isPrototypeOf.call(own[1], res)) && Object.getPrototypeOf(res) !== app.response) {
    Object.setPrototypeOf(res, app.response)
  }
}

/** X-Powered-By, `req.res` and `res.req`: set, as in Express, before a node:http request is re-parented. */
function linkPair(app: AppInternal, req: http.IncomingMessage, res: http.ServerResponse): void {
  if (app.settings['x-powered-by']) poweredByHeader.put(res, 'webfw')
  ;(req as http.IncomingMessage & { res: http.ServerResponse }).res = res
  ;(res as http.ServerResponse & { req: http.IncomingMessage }).req = req
}

/**
 * The two layers Express 4 puts first in every app router (4.x profile):
 * `query` (req.query is a lazy getter here, parsed on first read, so the
 * layer only marks the place) and `expressInit` (prepareRequest). They keep
 * `app._router.stack` as Express 4 apps and route-listing tools expect it,
 * and they run when the router is entered directly (`app._router.handle`).
 * `app.handle` does their work itself and starts the router after them:
 * dispatching two layers costs ~200 ns a request (measured on Node 20,
 * against ~3 µs for a whole in-process request), which the 5.x app does not
 * pay.
 */
function initLayers(app: AppInternal): [AnyFn, AnyFn] {
  function query(_req: unknown, _res: unknown, next: () => void): void {
    next()
  }
  function expressInit(req: http.IncomingMessage, res: http.ServerResponse, next: () => void): void {
    // A request straight from a server (not from a parent app) may switch it to the app's classes.
    prepareRequest(app, req, res, Object.getPrototypeOf(req) === IncomingMessage.prototype)
    next()
  }
  return [query as AnyFn, expressInit as AnyFn]
}

export function createApplicationPrototype(profile: Profile, Router: RouterFactory): Record<string | symbol, unknown> {
  // Apps are functions: keep Function.prototype (call/apply/bind) in the chain.
  const app = Object.create(Function.prototype) as Record<string | symbol, unknown>
  for (const key of Reflect.ownKeys(EventEmitter.prototype)) {
    if (key === 'constructor') continue
    Object.defineProperty(app, key, Object.getOwnPropertyDescriptor(EventEmitter.prototype, key) as PropertyDescriptor)
  }
  Object.defineProperty(app, kProfile, { value: profile })
  const style = profile.app
  const routerHandle = routerPrototypeOf(Router).handle
  const routeMap = style.routeMap === null ? null : style.routeMap()

  app.init = function init(this: AppInternal) {
    this.cache = Object.create(null)
    this.engines = style.plainEngines ? {} : Object.create(null)
    this.settings = style.plainSettings ? {} : nullPrototype()
    this[kRouter] = null
    ;(this as unknown as { defaultConfiguration(): void }).defaultConfiguration()
  }

  app[kGetRouter] = function getRouter(this: AppInternal): RouterObject {
    let router = this[kRouter]
    if (router === null || router === undefined) {
      // With a route map, this router holds only `use` prefixes, which
      // ignore case and trailing slashes (Connect's); routes take the settings.
      router = new Router({
        caseSensitive: routeMap === null && this.enabled('case sensitive routing'),
        strict: routeMap === null && this.enabled('strict routing'),
      })
      this[kRouter] = router
      if (style.privateRouter) {
        const init = initLayers(this)
        this[kInitLayers] = init
        // Two calls, as Express 4 makes them: instrumentation that wraps
        // `router.use` patches the layer each call adds.
        ;(router as RouterObject & { use: AnyFn }).use(init[0])
        ;(router as RouterObject & { use: AnyFn }).use(init[1])
      }
    }
    return router
  }

  if (profile.appRouterGetter) {
    Object.defineProperty(app, 'router', {
      configurable: true,
      enumerable: true,
      get(this: AppInternal) {
        return this[kGetRouter]()
      },
    })
  } else {
    // 4.x: gone since 3.x, where it was the router middleware to mount.
    // Express 4's own words, which code may match on.
    Object.defineProperty(app, 'router', {
      configurable: true,
      get() {
        throw new Error(
          "'app.router' is deprecated!\nPlease see the 3.x to 4.x migration guide for details on how to update your app.",
        )
      },
    })
  }

  if (style.privateRouter) {
    /** 4.x: the app's router once created (undefined before), as Express 4's `app._router`. */
    Object.defineProperty(app, '_router', {
      configurable: true,
      enumerable: true,
      get(this: AppInternal) {
        return this[kRouter] ?? undefined
      },
      set(this: AppInternal, value: RouterObject | undefined) {
        this[kRouter] = value ?? null
      },
    })
    /** 4.x: creates `app._router` if it does not exist yet. */
    app.lazyrouter = function lazyrouter(this: AppInternal) {
      this[kGetRouter]()
    }
  }

  app.defaultConfiguration = function defaultConfiguration(this: AppInternal) {
    const env = process.env.NODE_ENV || 'development'
    this.set('x-powered-by', true)
    this.set('etag', 'weak')
    this.set('env', env)
    this.set('query parser', profile.queryParser)
    this.set('subdomain offset', 2)
    this.set('trust proxy', false)
    trustProxyIsDefault.set(this.settings, true)

    this.on('mount', function onmount(this: AppInternal, parent: AppInternal) {
      // `trust proxy` is inherited although it has a default, unless set here.
      if (trustProxyIsDefault.get(this.settings) === true && typeof parent.settings['trust proxy fn'] === 'function') {
        delete this.settings['trust proxy']
        delete this.settings['trust proxy fn']
      }
      Object.setPrototypeOf(this.request, parent.request)
      Object.setPrototypeOf(this.response, parent.response)
      Object.setPrototypeOf(this.engines, parent.engines)
      Object.setPrototypeOf(this.settings, parent.settings)
    })

    this.locals = style.localsFunction ? createLocals('app.locals') : FAST_LOCALS ? nullPrototype() : Object.create(null)
    ;(this as unknown as Record<string, unknown>)[style.mountPathKey] = '/'
    this.locals.settings = this.settings
    if (routeMap !== null) routeMap.init(this)
    const spaces = style.jsonSpacesByEnv?.get(env)
    if (spaces !== undefined) this.set('json spaces', spaces)
    this.set('view', style.View)
    this.set('views', resolve('views'))
    this.set('jsonp callback name', 'callback')
    if (env === 'production') this.set('view cache', true)
  }

  /**
   * Routes a request through the app's router; `done` runs when no layer
   * ended the response. `shortcut`: in 4.x, do the built-in layers' work
   * here instead of dispatching them (not while a tracer listens, who
   * expects them as layers, as in Express 4).
   */
  function routeRequest(app: AppInternal, req: http.IncomingMessage, res: http.ServerResponse, done: (err?: unknown) => void, adopt: boolean, shortcut: boolean): void {
    if (style.privateRouter) {
      // 4.x: an app with nothing registered has no router and answers at
      // once. Otherwise the built-in layers' work is done here and the
      // router starts after them — while they are still the first two.
      const router = app[kRouter]
      if (router === null || router === undefined) {
        done()
        return
      }
      // (Not when router.handle was wrapped, e.g. by instrumentation: it is
      // what Express 4 calls, so it must see the request.)
      const stack = router.stack
      const init = app[kInitLayers]
      if (
        shortcut &&
        init !== undefined &&
        router.handle === routerHandle &&
        stack.length >= 2 &&
        stack[0].handle === init[0] &&
        stack[1].handle === init[1]
      ) {
        prepareRequest(app, req, res, adopt)
        dispatch(router, req as never, res as never, done, 2)
      } else {
        router.handle(req, res, done)
      }
      return
    }
    const router = app[kRouter] ?? app[kGetRouter]()
    prepareRequest(app, req, res, adopt)
    router.handle(req, res, done)
  }

  app.handle = function handle(this: AppInternal, req: http.IncomingMessage, res: http.ServerResponse, callback?: (err?: unknown) => void) {
    const app = this
    const done =
      callback ||
      function finish(err?: unknown) {
        finalHandler(req, res, err, { env: app.get('env') as string, onerror: logError.bind(app) as never })
      }
    // One check per request (src/diagnostics/channels.ts): false while nobody listens.
    if (requestStart.hasSubscribers) {
      traceRequest(app, req, res, done, (next) => routeRequest(app, req, res, next, callback === undefined, false))
      return
    }
    routeRequest(app, req, res, done, callback === undefined, true)
  }

  app.use = function use(this: AppInternal, ...args: unknown[]) {
    const { path, callbacks: fns } = splitUseArguments(args)
    if (fns.length === 0) throw new TypeError('app.use() requires a middleware function')
    const router = this[kGetRouter]() as RouterObject & { use: AnyFn }
    for (const handler of fns) {
      if (!isApp(handler)) {
        router.use(path, handler)
        continue
      }
      const sub = handler
      ;(sub as unknown as Record<string, unknown>)[style.mountPathKey] = path
      sub.parent = this
      router.use(path, function mounted_app(req: http.IncomingMessage, res: http.ServerResponse, next: (err?: unknown) => void) {
        // Back to the parent's prototypes when the sub-app passes the request
        // on: the ones it had (node:http's or node:http2's, src/http2).
        const reqProto = Object.getPrototypeOf(req) as object
        const resProto = Object.getPrototypeOf(res) as object
        sub.handle(req, res, (err?: unknown) => {
          Object.setPrototypeOf(req, reqProto)
          Object.setPrototypeOf(res, resProto)
          next(err)
        })
      })
      sub.emit('mount', this)
    }
    return this
  }

  if (routeMap === null) {
    app.route = function route(this: AppInternal, path: unknown) {
      return (this[kGetRouter]() as RouterObject & { route: AnyFn }).route(path)
    }
  }

  app.engine = function engine(this: AppInternal, ext: string, fn: unknown) {
    if (typeof fn !== 'function') throw new Error('callback function required')
    const extension = ext[0] !== '.' ? '.' + ext : ext
    this.engines[extension] = fn
    return this
  }

  app.render = appRender

  app.param = function param(this: AppInternal, name: unknown, fn: unknown): AppInternal {
    if (Array.isArray(name)) {
      for (const n of name) (this as unknown as { param: AnyFn }).param(n, fn)
      return this
    }
    ;(this[kGetRouter]() as RouterObject & { param: AnyFn }).param(name, fn)
    return this
  }

  app.set = function set(this: AppInternal, setting: string, val?: unknown) {
    if (arguments.length === 1) return style.ownSettingsOnly ? settingOf(this.settings, setting) : this.settings[setting]
    this.settings[setting] = val
    switch (setting) {
      case 'etag':
        this.set('etag fn', compileETag(val, profile.response.etags))
        break
      case 'query parser':
        this.set('query parser fn', compileQueryParser(val, profile.query))
        break
      case 'trust proxy':
        this.set('trust proxy fn', compileTrust(val))
        trustProxyIsDefault.set(this.settings, false)
        break
    }
    return this
  }

  markOwnAccessor(app.set as object)

  app.path = function path(this: AppInternal): string {
    return this.parent ? (this.parent as unknown as { path(): string }).path() + (this as unknown as Record<string, string>)[style.mountPathKey] : ''
  }

  app.enabled = function enabled(this: AppInternal, setting: string) {
    return Boolean(this.set(setting))
  }
  app.disabled = function disabled(this: AppInternal, setting: string) {
    return !this.set(setting)
  }
  app.enable = function enable(this: AppInternal, setting: string) {
    return this.set(setting, true)
  }
  app.disable = function disable(this: AppInternal, setting: string) {
    return this.set(setting, false)
  }

  for (const method of methods) {
    app[method] = function (this: AppInternal, path: unknown, ...handlers: unknown[]) {
      if (method === 'get' && arguments.length === 1) return this.set(path as string)
      const route = (this as unknown as { route(p: unknown): Record<string, AnyFn> }).route(path)
      route[method].apply(route, handlers)
      return this
    }
  }
  markOwnAccessor(app.get as object)

  if (style.del) {
    /** 4.x: deprecated alias of `app.delete`. */
    app.del = function del(this: AppInternal, ...args: unknown[]) {
      deprecate('app.del: use app.delete')
      return (this as unknown as { delete: AnyFn }).delete(...args)
    }
  }

  app.all = function all(this: AppInternal, path: unknown, ...handlers: unknown[]) {
    const route = (this as unknown as { route(p: unknown): Record<string, AnyFn> }).route(path)
    for (const method of methods) route[method].apply(route, handlers)
    return this
  }

  if (style.configure) {
    /**
     * 3.x: runs `fn` (with the app as `this`) when the `env` setting is one
     * of the given environments, or always when none is given.
     * @example app.configure('production', function () { this.enable('view cache') })
     */
    app.configure = function configure(this: AppInternal, ...args: unknown[]) {
      deprecate("app.configure: check app.get('env') in an if statement")
      const fn = args.pop() as AnyFn
      if (args.length === 0 || args.includes(this.settings.env)) fn.call(this)
      return this
    }
  }

  if (routeMap !== null) routeMap.define(app)

  app.listen = function listen(this: AppInternal, ...args: unknown[]) {
    let server: http.Server
    if (isHttp2Listen(args[0])) {
      // app.listen({ http2: true, ... }[, callback]): src/http2/listen.ts
      const created = createHttp2Server(this, args[0])
      server = created.server as unknown as http.Server
      args[0] = created.listenOptions
    } else {
      server = http.createServer(serverClasses(this), this)
    }
    const last = args.length - 1
    if (style.listenErrorToCallback && typeof args[last] === 'function') {
      const callback = args[last] as AnyFn
      let called = false
      const done = (...cbArgs: unknown[]) => {
        if (called) return
        called = true
        callback.apply(server, cbArgs)
      }
      args[last] = done
      server.once('error', done)
    }
    return server.listen(...(args as Parameters<http.Server['listen']>))
  }

  return app
}
