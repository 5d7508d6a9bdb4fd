/**
 * The application prototype of a version profile: settings, registration
 * (delegated to the app's router), sub-app mounting, request handling and
 * `listen`.
 */
import { EventEmitter } from 'node:events'
import http from 'node:http'
import { resolve } from 'node:path'
import { inspect } from 'node:util'
import { finalHandler } from '../middleware/final-handler'
import type { Profile } from '../profile'
import { methods } from '../router/methods'
import { splitUseArguments, type RouterFactory } from '../router/router'
import type { RouterObject } from '../router/router-state'
import { appRender } from './render'
import { adoptServer, serverClasses } from './server'
import { compileETag, compileQueryParser, compileTrust } from './settings'
import { kClassPrototypes, kGetRouter, kProfile, kRouter, type AppInternal } from './types'
import { View } from './view'

/** Marks a settings object whose `trust proxy` is still the default. */
const trustProxyDefault = Symbol('webfw.trustProxyDefault')

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

/**
 * What the default error log prints for `err`: console.error's own rendering,
 * with line breaks and other control characters of the message escaped.
 * Messages can quote the request (JSON.parse quotes the body it failed on),
 * and a raw line break there would start a forged line in the server's log.
 */
function loggable(err: unknown): unknown {
  if (typeof err === 'string') return escapeControl(err)
  if (!(err instanceof Error) || typeof err.message !== 'string') return err
  const message = err.message
  const safe = escapeControl(message)
  if (safe === message) return err
  return inspect(err).replace(message, () => safe)
}

function logError(this: AppInternal, err: unknown): void {
  if (this.get('env') !== 'test') console.error(loggable(err))
}

export function createApplicationPrototype(profile: Profile, Router: RouterFactory): Record<string | symbol, unknown> {
  // Apps are functions: keep Function.prototype (call/apply/bind) in the chain.
  const app = Object.create(Function.prototype) as Record<string | symbol, unknown>
  for (const key of Reflect.ownKeys(EventEmitter.prototype)) {
    if (key === 'constructor') continue
    Object.defineProperty(app, key, Object.getOwnPropertyDescriptor(EventEmitter.prototype, key) as PropertyDescriptor)
  }
  Object.defineProperty(app, kProfile, { value: profile })

  app.init = function init(this: AppInternal) {
    this.cache = Object.create(null)
    this.engines = Object.create(null)
    this.settings = Object.create(null)
    this[kRouter] = null
    ;(this as unknown as { defaultConfiguration(): void }).defaultConfiguration()
  }

  app[kGetRouter] = function getRouter(this: AppInternal): RouterObject {
    let router = this[kRouter]
    if (router === null || router === undefined) {
      router = new Router({
        caseSensitive: this.enabled('case sensitive routing'),
        strict: this.enabled('strict routing'),
      })
      this[kRouter] = router
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
  }

  app.defaultConfiguration = function defaultConfiguration(this: AppInternal) {
    const env = process.env.NODE_ENV || 'development'
    this.set('x-powered-by', true)
    this.set('etag', 'weak')
    this.set('env', env)
    this.set('query parser', profile.queryParser)
    this.set('subdomain offset', 2)
    this.set('trust proxy', false)
    Object.defineProperty(this.settings, trustProxyDefault, { configurable: true, value: true })

    this.on('mount', function onmount(this: AppInternal, parent: AppInternal) {
      // `trust proxy` is inherited although it has a default, unless set here.
      if (this.settings[trustProxyDefault as unknown as string] === true && typeof parent.settings['trust proxy fn'] === 'function') {
        delete this.settings['trust proxy']
        delete this.settings['trust proxy fn']
      }
      Object.setPrototypeOf(this.request, parent.request)
      Object.setPrototypeOf(this.response, parent.response)
      Object.setPrototypeOf(this.engines, parent.engines)
      Object.setPrototypeOf(this.settings, parent.settings)
    })

    this.locals = Object.create(null)
    this.mountpath = '/'
    this.locals.settings = this.settings
    this.set('view', View)
    this.set('views', resolve('views'))
    this.set('jsonp callback name', 'callback')
    if (env === 'production') this.set('view cache', true)
  }

  app.handle = function handle(this: AppInternal, req: http.IncomingMessage, res: http.ServerResponse, callback?: (err?: unknown) => void) {
    const router = this[kRouter] ?? this[kGetRouter]()
    if (this.settings['x-powered-by']) res.setHeader('X-Powered-By', 'webfw')
    const r = req as http.IncomingMessage & { res: http.ServerResponse }
    r.res = res
    ;(res as http.ServerResponse & { req: http.IncomingMessage }).req = req
    // Requests from app.listen's server already have the app's prototypes;
    // others (http.createServer(app), sub-apps) are re-parented as in Express.
    const own = this[kClassPrototypes]
    const reqProto = Object.getPrototypeOf(req)
    if (reqProto !== this.request && (own === undefined || reqProto !== own[0])) {
      if (callback === undefined) adoptServer(this, req)
      Object.setPrototypeOf(req, this.request)
    }
    const resProto = Object.getPrototypeOf(res)
    if (resProto !== this.response && (own === undefined || resProto !== own[1])) Object.setPrototypeOf(res, this.response)
    const app = this
    const done =
      callback ||
      function finish(err?: unknown) {
        finalHandler(req, res, err, { env: app.get('env') as string, onerror: logError.bind(app) as never })
      }
    router.handle(req, res, done)
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
      sub.mountpath = path as string
      sub.parent = this
      router.use(path, function mounted_app(req: http.IncomingMessage & { app: AppInternal }, res: http.ServerResponse, next: (err?: unknown) => void) {
        const orig = req.app
        sub.handle(req, res, (err?: unknown) => {
          Object.setPrototypeOf(req, orig.request)
          Object.setPrototypeOf(res, orig.response)
          next(err)
        })
      })
      sub.emit('mount', this)
    }
    return this
  }

  app.route = function route(this: AppInternal, path: unknown) {
    return (this[kGetRouter]() as RouterObject & { route: AnyFn }).route(path)
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
    if (arguments.length === 1) return this.settings[setting]
    this.settings[setting] = val
    switch (setting) {
      case 'etag':
        this.set('etag fn', compileETag(val))
        break
      case 'query parser':
        this.set('query parser fn', compileQueryParser(val))
        break
      case 'trust proxy':
        this.set('trust proxy fn', compileTrust(val))
        Object.defineProperty(this.settings, trustProxyDefault, { configurable: true, value: false })
        break
    }
    return this
  }

  app.path = function path(this: AppInternal): string {
    return this.parent ? (this.parent as unknown as { path(): string }).path() + this.mountpath : ''
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

  app.all = function all(this: AppInternal, path: unknown, ...handlers: unknown[]) {
    const route = (this as unknown as { route(p: unknown): Record<string, AnyFn> }).route(path)
    for (const method of methods) route[method].apply(route, handlers)
    return this
  }

  app.listen = function listen(this: AppInternal, ...args: unknown[]) {
    const server = http.createServer(serverClasses(this), this)
    const last = args.length - 1
    if (typeof args[last] === 'function') {
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
