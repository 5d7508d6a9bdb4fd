/**
 * Layer: one entry of a router's or a route's stack (a path pattern and a
 * handler), with the calling convention every handler gets: arity decides
 * between normal and error handlers, a throw becomes `next(err)`, and (when the
 * profile says so) a rejected promise does too.
 *
 * Each version profile has its own Layer class (`createLayerClass`), which
 * keeps Express 4's patch points: the 4.x one is what `express/lib/router/layer`
 * resolves to (see src/express-lib), and packages written for Express 4 patch
 * its prototype: a `handle` accessor (express-async-errors) or a replaced
 * `handle_request` / `handle_error`. Those patches reach only that profile.
 */
import { deprecate } from '../util/deprecate'
import type { PathMatcher, PathSyntax } from './path-syntax'
import type { Shape } from './shape'

export type Next = (err?: unknown) => void
// Handlers are user code of any shape; the router only calls them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler = (...args: any[]) => any

export interface LayerMatch {
  params: Record<string, unknown>
  path: string
  keys: string[]
}

export interface LayerOptions {
  end: boolean
  strict: boolean
  sensitive: boolean
  /** Whether a rejected promise returned by the handler becomes `next(err)`. */
  catchRejections: boolean
}

const EMPTY_KEYS: string[] = []

/**
 * Layers `router.use(fn)` added without a path (they match every path, as
 * "/" does). Diagnostics report no path for them, which is what tracers of
 * Express see: its `router.use` was not given one either.
 */
export const addedWithoutPath = new WeakSet<Layer>()

/** `next` for a rejection: a rejection without a reason as an Error (5.x's rule). */
export function onRejected(next: Next): (error: unknown) => void {
  return (error) => next(error || new Error('Rejected promise'))
}

export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as PromiseLike<unknown>).then === 'function'
  )
}

/**
 * Passes a rejection of `ret`, what a handler or param callback returned,
 * to `next` when rejections are taken: by 5.x's rule (`catchRejections`:
 * a rejection without a reason becomes an Error), or as it is
 * (`forwardsRejections`, as express-async-errors does). Under 5.x's rule a
 * thenable that is not a native Promise is deprecated, as Express 5.3's
 * router says (`what`: "handlers" or "parameters").
 */
export function passRejection(ret: unknown, next: Next, catchRejections: boolean, forwardsRejections: boolean, what = 'handlers'): void {
  if ((catchRejections || forwardsRejections) && isPromiseLike(ret)) {
    if (catchRejections) warnPromiseLike(ret, what)
    ret.then(undefined, catchRejections ? onRejected(next) : next)
  }
}

/** The deprecation of a thenable that is not a native Promise, returned by a handler or a param callback (5.x). */
export function warnPromiseLike(ret: unknown, what: string): void {
  if (!(ret instanceof Promise)) deprecate(`${what} that are Promise-like are deprecated, use a native Promise instead`)
}

export class Layer {
  // Not a class field: a field would be defined on each instance before the
  // constructor runs, hiding a `handle` accessor installed on the prototype.
  declare handle: Handler
  /**
   * Whether a rejected promise from the handler goes to `next` as it is,
   * where the layer does not catch rejections itself: set on a profile's
   * Layer prototype when express-async-errors is loaded but patched another
   * Express (./patch-check.ts). A prototype property, not a field: one
   * assignment turns it on for every layer of the class.
   */
  declare forwardsRejections: boolean
  name: string
  rawPath: unknown
  /** true for `use('/')`: matches every path without looking at it. */
  slash: boolean
  route: import('./route').Route | undefined = undefined
  method: string | undefined = undefined
  /**
   * 4.x: the part of the path the layer last matched (Express 4's layers
   * keep it; the router sets it, see RouterStyle.recordsMatchedPath).
   * Declared only: 5.x layers have no such field, as Express 5.3's.
   */
  declare path?: string
  readonly options: LayerOptions
  /** The exact (Express) matcher of the layer's path. */
  private readonly matcher: PathMatcher | null
  /** Radix shapes when the path is tree-expressible, else null. */
  readonly shapes: Shape[] | null
  readonly paramNames: string[]
  readonly prefixLength: number
  /**
   * Whether the layer's parameters are exactly `paramNames` (a radix shape),
   * none of them "0": merging them into the parent's (mergeParams) never
   * renumbers captures, so it is a copy of the parent's then theirs.
   */
  readonly namedParams: boolean
  /**
   * The handler whose `length` is in `arity`. Reading `fn.length` calls
   * V8's accessor each time (callgrind, middlewares on Node 24: ~75
   * instructions a layer); a layer's handler rarely changes, and when it is
   * replaced (`layer.handle = fn`, an accessor installed by a patch) the
   * arity is read again from the new one.
   */
  private arityOf: Handler | undefined = undefined
  private arity = 0

  constructor(path: unknown, options: LayerOptions, fn: Handler, syntax: PathSyntax | null) {
    this.handle = fn
    this.name = fn.name || '<anonymous>'
    this.options = options
    this.rawPath = Array.isArray(path) ? path.flat(Infinity) : path
    this.slash = path === '/' && options.end === false
    const matcher = syntax === null ? null : syntax.compile(this.rawPath, options)
    this.matcher = matcher
    this.shapes = matcher !== null && !this.slash ? matcher.shapes : null
    this.paramNames = matcher !== null ? matcher.paramNames : EMPTY_KEYS
    this.prefixLength = matcher !== null ? matcher.prefixLength : 0
    this.namedParams = this.shapes !== null && !this.paramNames.includes('0')
    // Fields Express's own Layer exposes for this version (e.g. `regexp` and
    // `keys` in 4.x, `matchers` in 5.x), which route-listing tools read.
    if (matcher !== null && matcher.exposed !== undefined) Object.assign(this, matcher.exposed)
  }

  /**
   * Exact (Express) matching of a pathname; throws on undecodable params.
   * `bare`: see PathMatcher.match (honoured only by layers with `namedParams`).
   */
  match(path: string, bare?: boolean): LayerMatch | false {
    if (this.slash) return { params: {}, path: '', keys: EMPTY_KEYS }
    const matcher = this.matcher
    if (matcher === null) return false
    const found = matcher.match(path, bare)
    if (!found) return false
    // A matcher that names its keys already returns a LayerMatch: no copy per request.
    if (found.keys !== undefined) return found as LayerMatch
    return { params: found.params, path: found.path, keys: Object.keys(found.params) }
  }

  /** The current handler's `length` (read once per handler, see `arityOf`). */
  handleArity(): number {
    return this.arityFor(this.handle)
  }

  /**
   * Whether the handler runs for this call: one of four arguments for an
   * error, of at most three otherwise; any other passes the call on unrun.
   * (`handleError` and `handleRequest` test the same with the handler they
   * have already read.)
   */
  takesCall(error: unknown): boolean {
    const arity = this.handleArity()
    return error ? arity === 4 : arity <= 3
  }

  /** `fn.length`, read once per handler (see `arityOf`). */
  private arityFor(fn: Handler): number {
    if (fn !== this.arityOf) {
      this.arity = fn.length
      this.arityOf = fn
    }
    return this.arity
  }

  handleError(error: unknown, req: unknown, res: unknown, next: Next): void {
    const fn = this.handle
    if (this.arityFor(fn) !== 4) {
      next(error)
      return
    }
    try {
      passRejection(fn(error, req, res, next), next, this.options.catchRejections, this.forwardsRejections)
    } catch (err) {
      next(err)
    }
  }

  handleRequest(req: unknown, res: unknown, next: Next): void {
    const fn = this.handle
    if (this.arityFor(fn) > 3) {
      next()
      return
    }
    try {
      const ret = fn(req, res, next)
      // Most handlers return undefined: test that first, before the promise probe.
      if (ret !== undefined) passRejection(ret, next, this.options.catchRejections, this.forwardsRejections)
    } catch (err) {
      next(err)
    }
  }

  /**
   * `handleRequest` / `handleError` as a traced router calls them
   * (TracedDispatch in ./dispatch.ts), for a layer whose type says it runs:
   * the handler gets `handlerNext`, a synchronous throw is left to the
   * caller (which publishes it, then passes it on), and a rejection goes to
   * `rejected`. Express's router does the same around a handler an
   * instrumentation wrapped: its own catch passes the error on, not the
   * callback the wrapper gave the handler.
   */
  callForTrace(error: unknown, req: unknown, res: unknown, handlerNext: Next, rejected: Next): void {
    const fn = this.handle
    const ret = error ? fn(error, req, res, handlerNext) : fn(req, res, handlerNext)
    if (ret !== undefined) passRejection(ret, rejected, this.options.catchRejections, this.forwardsRejections)
  }
}
Layer.prototype.forwardsRejections = false

// Express 4's names for the same two methods (some instrumentation calls
// them). They are aliases, not copies: assigning one, on the prototype or on
// a layer, replaces the method the dispatcher calls there.
for (const [alias, method] of [['handle_request', 'handleRequest'], ['handle_error', 'handleError']] as const) {
  Object.defineProperty(Layer.prototype, alias, {
    configurable: true,
    get(this: Layer) {
      return this[method]
    },
    set(this: Layer, fn: Layer[typeof method]) {
      Object.defineProperty(this, method, { configurable: true, writable: true, value: fn })
    },
  })
}

/**
 * The Layer class of one version profile, so that patching its prototype
 * leaves the other profiles' routers alone.
 * @example
 * const Layer = createLayerClass()
 * const layer = new Layer('/', options, handler, syntax)
 */
export function createLayerClass(): typeof Layer {
  class ProfileLayer extends Layer {}
  Object.defineProperty(ProfileLayer, 'name', { value: 'Layer' })
  return ProfileLayer
}
