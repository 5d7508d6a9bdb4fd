/**
 * The per-request loop of a router (`router.handle`): walks the plan of the
 * request in stack order, confirms matches, runs param triggers, strips and
 * restores the mount path around `use` layers, routes errors to four-argument
 * handlers, and honours `next('route')` / `next('router')`.
 *
 * This is the hot path. Entering a router allocates one `Dispatch` object and
 * the `next` closure handed to callbacks, plus a params object per matched
 * layer; nothing per skipped layer. A webfw router reached by its mount is
 * entered directly instead (`enterMounted`, src/router/entered-router.ts):
 * no `Dispatch` until one is needed. The plan is looked up again only when
 * `req.url`, `req.method` or the router's stack changes while the request is
 * inside the router (URL rewriting, method-override, routes added at run time).
 * While a tracer listens on the `webfw.layer` diagnostics channel (or, for
 * 5.x routers, on `express.router.request`), `handle` walks with a
 * TracedDispatch instead, which publishes each layer it runs.
 */
import parseUrl from 'parseurl'
import { layerStart, routerRequestListened } from '../diagnostics/channels'
import { callParamTraced, callTraced, layerMessage, matchedRoute, paramMessage, recordError, setMatchedRoute } from '../diagnostics/router-request'
import { callHandler, dispatchRouteTraced, ownMethod, ownsRouteDispatch } from '../diagnostics/traced-calls'
import { layerType, RouterTrace } from '../diagnostics/trace-layer'
// entered-router.ts uses this module's merges and path helpers, and this
// module its records: a cycle, safe because neither reads the other's
// exports while loading. The merges stay here, declared in this module: the
// step reaches them as its own functions (imported, `hello` counted about
// 110 instructions more a request: docs/perf.md, "Routers entered directly").
import { descend, EnteredRouter, entersAsMount, type RouterWalk } from './entered-router'
import type { Layer, Next } from './layer'
import { emptyNullPrototype, nullPrototype } from '../util/null-prototype'
import { hasParamCallbacks, processParams, type ParamCall, type ParamCalls } from './params'
import { EMPTY_PLAN, Mode, type PlanEntry } from './plan'
import type { Route } from './route'
import { indexStillValid, type IndexCache, type RouterObject, type RouterStyle } from './router-state'
import { rememberMountedPathnameEnd, scanPathname, scannedCapitals, scannedEnd } from './shape'
import { Buffer } from '../util/node-buffer'

export interface DispatchRequest {
  url: string
  method: string
  baseUrl?: string
  originalUrl?: string
  params?: Record<string, unknown>
  next?: Next
  route?: unknown
}

export interface DispatchResponse {
  setHeader(name: string, value: string | number): unknown
  end(body?: string): unknown
}

const EMPTY_KEYS: readonly string[] = []

function getPathname(req: DispatchRequest): string | undefined {
  try {
    return parseUrl(req as Parameters<typeof parseUrl>[0])?.pathname ?? undefined
  } catch {
    return undefined
  }
}

function getProtohost(url: unknown): string {
  if (typeof url !== 'string' || url.length === 0 || url.charCodeAt(0) === 0x2f) return ''
  const searchIndex = url.indexOf('?')
  const pathLength = searchIndex !== -1 ? searchIndex : url.length
  const fqdnIndex = url.substring(0, pathLength).indexOf('://')
  return fqdnIndex !== -1 ? url.substring(0, url.indexOf('/', 3 + fqdnIndex)) : ''
}

/**
 * The parameters of a layer that makes none of its own (a merge that only
 * copies), frozen; also what `0 in EMPTY_PARAMS` asks of Object.prototype.
 * Exported under another name: TypeScript's CommonJS output would read an
 * exported constant through `exports` at every use in this module.
 */
const EMPTY_PARAMS: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>
export const NO_PARAMS: Record<string, unknown> = EMPTY_PARAMS

/**
 * Copies the own enumerable properties of `source` onto `target` as
 * `Object.assign` does (same order, same [[Set]]; parameters have no symbol
 * keys). A loop over `Object.keys`: the parameters path-to-regexp returns are
 * dictionary-mode objects, for which `Object.assign` leaves its fast path;
 * a mounted router's match and merge took about half the time with the loop
 * (docs/perf.md, "Null-prototype parameters").
 */
function assignOwn(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(source)
  for (let i = 0; i < keys.length; i++) target[keys[i]] = source[keys[i]]
  return target
}

/**
 * `0 in params`. On a null-prototype object (5.x parameters) optimised code
 * deopts ("out of bounds") each time `in` finds no element, and the router's
 * loop that inlines this was thrown away again and again (Node 20, `--trace-deopt`
 * on nested-routers). There the own check is the same test; other objects
 * keep `in`, which also sees an inherited "0".
 */
function hasFirstCapture(params: Record<string, unknown>): boolean {
  return Object.getPrototypeOf(params) === null ? Object.hasOwn(params, 0) : 0 in params
}

/**
 * The parent's parameters copied to start a merge, as the version's Express
 * copies them: 5.x with `Object.assign` (own enumerable properties, symbols
 * too), 4.x with a for-in loop (own and inherited enumerable string keys).
 * Either is one builtin or one enumeration instead of a keyed load and store
 * per key through `Object.keys`, which, with routers at several levels
 * seeing many names, went megamorphic (docs/perf.md, "Nested routers").
 */
export function copyParent(parent: Record<string, unknown>, inherited: boolean): Record<string, unknown> {
  if (!inherited) return Object.assign({}, parent) as Record<string, unknown>
  const copy: Record<string, unknown> = {}
  for (const key in parent) copy[key] = parent[key]
  return copy
}

/**
 * `mergeParams` for a child whose parameters are named (Layer.namedParams)
 * and stand for an object without a prototype: it holds no capture "0", so
 * nothing is renumbered and the merge is the parent's values, then its own.
 */
function mergeNamed(params: Record<string, unknown>, parent: Record<string, unknown>, inherited: boolean): Record<string, unknown> {
  return assignOwn(copyParent(parent, inherited), params)
}

/**
 * `mergeNamed` of parameters the tree matched (`values`, by position, under
 * `names`), without making the child's own object first: the parent's copy
 * takes them directly, in the order the child's object would have given them.
 */
export function mergeTreeValues(
  parent: Record<string, unknown>, names: readonly string[], values: readonly string[] | null, inherited: boolean,
): Record<string, unknown> {
  const merged = copyParent(parent, inherited)
  for (let k = 0; k < names.length; k++) merged[names[k]] = (values as readonly string[])[k]
  return merged
}

/** `mergeParams`: parent values under the child's, numbered captures shifted. */
export function mergeParams(params: Record<string, unknown>, parent: unknown, inherited: boolean): Record<string, unknown> {
  if (typeof parent !== 'object' || !parent) return params
  const parentParams = parent as Record<string, unknown>
  const obj = copyParent(parentParams, inherited)
  if (!hasFirstCapture(params) || !hasFirstCapture(parentParams)) return assignOwn(obj, params)
  let i = 0
  let o = 0
  while (i in params) i++
  while (o in parentParams) o++
  for (i--; i >= 0; i--) {
    params[i + o] = params[i]
    if (i < o) delete params[i]
  }
  return assignOwn(obj, params)
}

/**
 * Whether a plan entry's layer still mounts the webfw router the plan found
 * there, which still runs webfw's own `handle` (PlanEntry.mountedRouter).
 */
export function mountsOwnRouter(item: PlanEntry, layer: Layer): boolean {
  const mounted = item.mountedRouter
  return mounted !== null && (layer.handle as unknown) === mounted && mounted.handle === item.mountedHandle
}

/**
 * The base URL inside a mount that strips `path` (not empty) from the URL
 * of a router whose base URL is `parentBase`: Express leaves out the path's
 * trailing slash.
 */
export function baseUrlInside(parentBase: string, path: string): string {
  const base = path.charCodeAt(path.length - 1) === 0x2f ? path.substring(0, path.length - 1) : path
  return parentBase.length === 0 ? base : parentBase + base
}

/**
 * Where a `use` prefix that matched the first `length` characters of the
 * path ends: in 4.x it also takes the slash after them when another slash
 * or the end of the path (`pathEnd`) follows (its pattern's optional slash).
 */
export function prefixEndOf(style: RouterStyle, url: string, length: number, pathEnd: number): number {
  if (style.prefixTakesSlash && url.charCodeAt(length) === 0x2f) {
    const after = length + 1
    if (after === pathEnd || url.charCodeAt(after) === 0x2f) return after
  }
  return length
}

/**
 * The length of the path a SamePrefix layer's own shape matched: its
 * pattern is `text` characters and whole-segment parameters, whose values
 * the tree matched (`values`), so it ends after them, before the next slash
 * of the path or at its end. That is where its pattern's match ends (a
 * trailing slash at the path's end, which 5.x's pattern also takes, leaves
 * the same URL inside). Counted from the values rather than by looking for
 * the slashes: a parameter's value is one length, where the scan read every
 * character (about 30 instructions each on Node 24).
 */
export function prefixTextEnd(text: number, values: readonly string[]): number {
  let end = text
  for (let k = 0; k < values.length; k++) end += values[k].length
  return end
}

function sendOptionsResponse(res: DispatchResponse, methods: string[], style: RouterStyle): void {
  if (style.optionsResponse === 'send') {
    const body = [...new Set(methods)].join(',')
    const r = res as unknown as { set(name: string, value: string): unknown; send(body: string): unknown }
    r.set('Allow', body)
    r.send(body)
    return
  }
  const options: Record<string, boolean> = Object.create(null)
  for (const method of methods) options[method] = true
  const allow = Object.keys(options).sort().join(', ')
  res.setHeader('Allow', allow)
  res.setHeader('Content-Length', Buffer.byteLength(allow))
  res.setHeader('Content-Type', 'text/plain')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.end(allow)
}

/**
 * Whether a router enters the webfw routers mounted in it directly
 * (Dispatch.enterMounted). Off only in tests, which run the same tables
 * both ways.
 */
let directMountEntry = true

/** Turns direct entry into mounted routers on or off (tests). */
export function setDirectMountEntry(on: boolean): void {
  directMountEntry = on
}

let directEntries = 0

/** How many routers requests have entered directly in this process (the tests count them). */
export function directMountEntries(): number {
  return directEntries
}

function finishLater(state: Dispatch, err: unknown): void {
  state.done(err)
}

/**
 * The `next` handed to callbacks. Made here rather than as an arrow function
 * in Dispatch's constructor: with the closure created there, V8 kept the
 * Dispatch objects (and through them each request and response) alive
 * through scavenges until a mark-compact, as if they had been allocated in
 * old space, so every request's objects were copied and then swept
 * (docs/perf.md, "Pretenuring"). A closure made by a separate function
 * captures only its parameter and does not.
 */
function nextOf(state: Dispatch): Next {
  return (err) => state.step(err)
}

/** The state of one request inside one router. */
class Dispatch {
  readonly next: Next
  private readonly stack: Layer[]
  private readonly protohost: string
  readonly parentUrl: string
  private readonly savedBaseUrl: string | undefined
  private readonly savedNext: Next | undefined
  private readonly savedParams: Record<string, unknown> | undefined
  private readonly methods: string[] | null
  private removed = ''
  private slashAdded = false
  private sync = 0
  private paramcalled: ParamCalls | null = null
  // The current plan and what it was computed for.
  private cache: IndexCache | null = null
  private plan: readonly PlanEntry[] = EMPTY_PLAN
  /** The tree's parameter values for the current plan (LayerIndex.lookup puts them here). */
  values: readonly string[] | null = null
  private planUrl: string | undefined = undefined
  private planMethod: string | undefined = undefined
  private path: string | undefined = undefined
  private pathEnd = -1
  /** Whether the planned path holds ASCII capitals (see `scanPathname`). */
  private capitals = false
  private cursor = 0
  /** Stack position of the last layer examined (Express's `idx - 1`). */
  private lastIndex = -1

  constructor(
    private readonly router: RouterObject,
    protected readonly req: DispatchRequest,
    protected readonly res: DispatchResponse,
    private readonly callback: Next,
    skip: number,
    // A router entered directly (EnteredRouter): what the request held when
    // it was entered, in place of the request's current fields; and the
    // `next` its route's handler was already given, if any.
    entered: EnteredRouter | null = null,
    next: Next | null = null,
  ) {
    this.lastIndex = skip - 1
    this.stack = router.stack
    if (entered === null) {
      this.protohost = getProtohost(req.url)
      this.parentUrl = req.baseUrl || ''
      this.savedBaseUrl = req.baseUrl
      this.savedNext = req.next
      this.savedParams = req.params
      this.methods = req.method === 'OPTIONS' ? [] : null
    } else {
      this.protohost = ''
      this.parentUrl = entered.baseUrl || ''
      this.savedBaseUrl = entered.baseUrl
      this.savedNext = entered.up === null ? (entered.savedNext as Next | undefined) : callback
      this.savedParams = entered.paramsAtEntry()
      this.methods = null
    }
    this.next = next ?? nextOf(this)
  }

  /** The synchronous call that counted a step has returned (EnteredRouter.settle). */
  unwind(): void {
    this.sync = 0
  }

  /** Leaves the router: restores what entering it changed, then calls out. */
  done(err: unknown): void {
    const req = this.req
    req.baseUrl = this.savedBaseUrl
    req.next = this.savedNext
    req.params = this.savedParams
    const methods = this.methods
    if (methods !== null && !err && methods.length !== 0) {
      try {
        sendOptionsResponse(this.res, methods, this.router.style)
      } catch (e) {
        this.callback(e)
      }
      return
    }
    this.callback(err)
  }

  private trimPrefix(layer: Layer, layerError: unknown, layerPath: string, checked: boolean): void {
    const req = this.req
    if (layerPath.length !== 0) {
      if (!checked) {
        const path = this.path as string
        if (layerPath !== path.substring(0, layerPath.length)) {
          this.step(layerError)
          return
        }
        const c = path[layerPath.length]
        if (c && c !== '/' && (c !== '.' || !this.router.style.prefixMayPrecedeDot)) {
          this.step(layerError)
          return
        }
      }
      const protohost = this.protohost
      const removed = layerPath
      this.removed = removed
      const parentUrl = req.url
      // (Without a protohost, as nearly always, no concatenation with it; the
      // first character by its code: no one-character string.)
      let url = protohost.length === 0 ? parentUrl.slice(removed.length) : protohost + parentUrl.slice(protohost.length + removed.length)
      if (protohost.length === 0 && url.charCodeAt(0) !== 0x2f) {
        url = '/' + url
        this.slashAdded = true
      }
      req.url = url
      // The mounted URL's path end follows from the one this router's plan
      // was made for: no second scan in the router or app mounted there.
      if (this.pathEnd >= 0 && parentUrl === this.planUrl) rememberMountedPathnameEnd(url, this.pathEnd, removed.length, this.slashAdded, this.capitals)
      req.baseUrl = baseUrlInside(this.parentUrl, removed)
    }
    this.invoke(layer, layerError, this.next)
  }

  /** Runs a matched middleware, router or error handler (TracedDispatch publishes around it). */
  protected invoke(layer: Layer, layerError: unknown, next: Next): void {
    if (layerError) layer.handleError(layerError, this.req, this.res, next)
    else layer.handleRequest(this.req, this.res, next)
  }

  /** Where a `use` prefix that matched the first `length` characters of the path ends (prefixEndOf). */
  private prefixEnd(url: string, length: number): number {
    return prefixEndOf(this.router.style, url, length, this.pathEnd)
  }

  /** Whether the router's stack is still the one the current plan was made from. */
  private planStands(): boolean {
    const cache = this.cache
    return cache !== null && indexStillValid(cache)
  }

  /** Re-plans for the current URL and method; false when the URL has no path. */
  private replan(url: string, method: string): boolean {
    const router = this.router
    const cache = router.getIndexCache()
    this.cache = cache
    const index = cache.index
    this.planUrl = url
    this.planMethod = method
    const scan = typeof url === 'string' ? scanPathname(url) : -1
    let pathEnd = scannedEnd(scan)
    if (pathEnd >= 0) {
      this.path = pathEnd === url.length ? url : undefined
    } else {
      const path = getPathname(this.req)
      if (path == null) {
        this.planUrl = undefined
        return false
      }
      this.path = path
      pathEnd = -1
    }
    this.pathEnd = pathEnd
    const capitals = scannedCapitals(scan)
    this.capitals = capitals
    const plan = index.lookup(method, url, pathEnd, capitals, this)
    this.plan = plan
    let cursor = 0
    const lastIndex = this.lastIndex
    while (cursor < plan.length && plan[cursor].index <= lastIndex) cursor++
    this.cursor = cursor
    return true
  }

  /**
   * `next()` without an error onto a pathless `use` layer: what the general
   * loop below does for it, without the loop. Taken only when nothing is
   * left to restore (no mount prefix stripped), the plan is still the one
   * for this URL, method and stack, and the synchronous depth allows it;
   * otherwise step's general path runs (docs/perf.md, "Dispatch steps and parameter objects").
   */
  private passThrough(): boolean {
    if (this.removed.length !== 0 || this.sync >= 100) return false
    const plan = this.plan
    const cursor = this.cursor
    if (cursor >= plan.length) return false
    const item = plan[cursor]
    // `=== true`: one comparison, where V8 tested the field for every falsy value.
    if (item.passThrough !== true) return false
    const req = this.req
    if (req.url !== this.planUrl || req.method !== this.planMethod || !this.planStands()) return false
    this.sync++
    this.cursor = cursor + 1
    this.lastIndex = item.index
    const params: Record<string, unknown> = {}
    // `mergeParams` is nearly always unset: tested for undefined first, one
    // comparison, where its truth value was a test against each falsy kind.
    const merge = this.router.mergeParams
    req.params = merge !== undefined && merge ? mergeParams(params, this.savedParams, this.router.style.mergeCopiesInherited) : params
    this.invoke(item.layer, undefined, this.next)
    this.sync = 0
    return true
  }

  /**
   * `next(err)`: onto the next layer. Kept small so that it, `passThrough`
   * and the call of the layer inline into the `next` closure: a request
   * through a row of pathless middleware then runs one optimised function
   * per layer rather than the whole general loop's (docs/perf.md, "Steps
   * that check less").
   */
  step(err: unknown): void {
    if (err === undefined && this.passThrough()) return
    this.stepGeneral(err)
  }

  /** `step` for everything `passThrough` does not take: the general loop. */
  private stepGeneral(err: unknown): void {
    const req = this.req
    // (`typeof` first: compared with a string, an `err` that is nearly
    // always undefined made the comparison a generic builtin call.)
    let layerError = typeof err === 'string' && err === 'route' ? null : err

    if (this.slashAdded) {
      const url = req.url
      const pathIsRoot = url === '/' || url.startsWith('/?')
      if (pathIsRoot || (this.removed.endsWith('/') && url[0] === '/') || this.router.style.alwaysRemoveAddedSlash) {
        req.url = url.slice(1)
      }
      this.slashAdded = false
    }
    if (this.removed.length !== 0) {
      req.baseUrl = this.parentUrl
      req.url = this.protohost + this.removed + req.url.slice(this.protohost.length)
      this.removed = ''
    }
    if (typeof layerError === 'string' && layerError === 'router') {
      setImmediate(finishLater, this, null)
      return
    }
    if (this.lastIndex + 1 >= this.stack.length) {
      setImmediate(finishLater, this, layerError)
      return
    }
    if (++this.sync > 100) {
      setImmediate(this.next, err)
      return
    }

    const url = req.url
    const method = req.method
    // No plan yet (the router's first step for this request): re-plan
    // without comparing the URL with the undefined `planUrl`, which made
    // that comparison generic (a builtin call) for every request.
    if (this.cache === null || url !== this.planUrl || method !== this.planMethod || !this.planStands()) {
      if (!this.replan(url, method)) {
        this.done(layerError)
        return
      }
    }

    const plan = this.plan
    let item: PlanEntry | undefined
    let match = false
    let params: Record<string, unknown> = EMPTY_PARAMS
    let keys: readonly string[] = EMPTY_KEYS
    let layerPath = ''
    // Under mergeParams with parent parameters, a layer's own parameters
    // are only copied into the merged object, never seen. Then a layer with
    // named parameters ("bare") needs no object of its own when the tree
    // matched it (its values go straight into the merged object), and a
    // plain one otherwise: 5.x gives parameters no prototype, which costs a
    // runtime call or a dictionary (docs/perf.md, "Dispatch steps and
    // parameter objects"). In 4.x the parameters are plain objects, and the
    // merge renumbers captures when `0 in params`: only an Object.prototype
    // given a "0" makes that true for named parameters, and then the
    // general merge runs.
    const nullParams = this.router.style.nullPrototypeParams
    const savedParams = this.savedParams
    let copyOnly = false
    if (this.router.mergeParams && typeof savedParams === 'object' && savedParams !== null && (nullParams || !(0 in EMPTY_PARAMS))) copyOnly = true
    let bare = false
    // Under `bare`, a layer the tree matched (`fromTree`) leaves its values
    // here rather than in `params`.
    let fromTree = false
    let treeValues: readonly string[] | null = null
    // The matched layer's parameters are a plain object standing for a null-prototype one.
    let plainPrefix = false

    while (this.cursor < plan.length) {
      item = plan[this.cursor++]
      this.lastIndex = item.index
      const layer = item.layer
      const mode = item.mode
      bare = copyOnly && layer.namedParams
      if (mode === Mode.Always) {
        // A `use('/')` layer, or a prefix mounting a webfw router (see the
        // prefix with parameters below: no app code sees its object, and
        // no param callback runs here), gets a plain object.
        params = bare ? EMPTY_PARAMS : !nullParams || (layer.slash && layer.route === undefined) || (item.mountedRouter !== null && mountsOwnRouter(item, layer)) ? {} : emptyNullPrototype()
        keys = EMPTY_KEYS
        fromTree = bare
        treeValues = null
        const prefix = item.prefixLength
        layerPath = prefix === 0 ? '' : url.slice(0, this.prefixEnd(url, prefix))
      } else if (mode === Mode.Same || mode === Mode.SamePrefix) {
        const names = layer.paramNames
        const values = this.values as readonly string[]
        fromTree = bare
        if (bare) {
          params = EMPTY_PARAMS
          treeValues = values
        } else {
          // A prefix mounting a webfw router (PlanEntry.mountedRouter) gets a
          // plain object: no app code sees it there, and switching it to a
          // null prototype is a runtime call of about 1,100 instructions
          // (docs/perf.md, "A mounted router's prefix parameters"). Param
          // callbacks do see it: it is switched before they run, below.
          plainPrefix = nullParams && mountsOwnRouter(item, layer)
          params = !nullParams || plainPrefix ? {} : names.length === 0 ? emptyNullPrototype() : nullPrototype()
          for (let k = 0; k < names.length; k++) params[names[k]] = values[k]
        }
        keys = names
        if (mode === Mode.SamePrefix) layerPath = url.slice(0, this.prefixEnd(url, prefixTextEnd(item.prefixLength, values)))
      } else {
        let path = this.path
        if (path === undefined) path = this.path = url.slice(0, this.pathEnd)
        let found: ReturnType<Layer['match']>
        try {
          found = layer.match(path, bare)
        } catch (e) {
          layerError = layerError || e
          found = false
        }
        if (!found) continue
        params = found.params
        layerPath = found.path
        keys = found.keys
        fromTree = false
      }
      const route = layer.route
      if (route === undefined) {
        match = true
        break
      }
      if (layerError) continue
      const handles = item.handles ?? route._handlesMethod(method)
      if (!handles) {
        if (method === 'OPTIONS' && this.methods !== null) this.methods.push(...route._methods())
        if (method !== 'HEAD') continue
      }
      match = true
      break
    }

    if (!match || item === undefined) {
      const last = this.stack.length - 1
      if (this.lastIndex < last) this.lastIndex = last
      this.done(layerError)
      return
    }

    const layer = item.layer
    const route = layer.route
    if (route !== undefined) req.route = route
    const router = this.router
    // 4.x: the layer keeps the part of the path it matched, as Express 4's
    // Layer#match leaves it (a route: the whole path; tracing reads it).
    if (router.style.recordsMatchedPath) layer.path = route !== undefined ? this.plannedPathname() : layerPath
    req.params = router.mergeParams
      ? fromTree
        ? mergeTreeValues(this.savedParams as Record<string, unknown>, keys, treeValues, router.style.mergeCopiesInherited)
        : bare
          ? mergeNamed(params, this.savedParams as Record<string, unknown>, router.style.mergeCopiesInherited)
          : mergeParams(params, this.savedParams, router.style.mergeCopiesInherited)
      : params

    if (keys.length !== 0 && hasParamCallbacks(router.params, keys)) {
      // The prefix's plain object (see above) as Express gives it to them.
      if (plainPrefix) Object.setPrototypeOf(params, null)
      const errorBefore = layerError
      const checked = item.mode !== Mode.Verify
      const entry = item
      processParams(
        router.params, layer, keys, this.paramcalled ?? (this.paramcalled = Object.create(null) as ParamCalls),
        req as { params: Record<string, unknown> }, this.res, router.style.catchRejections,
        (perr) => {
          if (perr) this.step(errorBefore || perr)
          else if (route !== undefined) this.runRoute(entry, layer, this.next)
          else this.trimPrefix(layer, errorBefore, layerPath, checked)
          this.sync = 0
        },
        this.paramCall(),
      )
      return
    }
    if (route !== undefined) this.runRoute(item, layer, this.next)
    else if (item.mountedRouter === null || layerError || !this.enterMounted(item, layer, layerPath)) {
      this.trimPrefix(layer, layerError, layerPath, item.mode !== Mode.Verify)
    }
    this.sync = 0
  }

  /**
   * Enters the webfw router a matched `use` layer mounts, and the routers
   * mounted first in that one, down to the route that answers, without the
   * layers, router functions, `handle` and general steps between: the
   * request reaches the route's handler as that way would have left it (URL,
   * base URL, parameters, route), and no Dispatch is made for the routers
   * passed through unless the handler calls `next` (EnteredRouter). Where a
   * router's first planned layer is anything else, that router starts its
   * general step there, with its plan made. False, having changed nothing,
   * when the layer, its router or the request asks for the general way: a
   * layer the plan must verify, a replaced `handleRequest` or `handle`, a
   * rest of the URL that would need a slash added, OPTIONS, or a tracer
   * (docs/perf.md, "Routers entered directly").
   */
  private enterMounted(item: PlanEntry, layer: Layer, layerPath: string): boolean {
    if (!this.entersDirectly() || this.methods !== null || item.mode === Mode.Verify || layerStart.hasSubscribers) return false
    if (!entersAsMount(item, layer)) return false
    const req = this.req
    const url = req.url
    const pathEnd = this.pathEnd
    const length = layerPath.length
    if (pathEnd < 0 || url !== this.planUrl || this.protohost.length !== 0) return false
    if (length !== 0 && url.charCodeAt(length) !== 0x2f) return false
    const method = req.method
    const capitals = this.capitals
    // What trimPrefix leaves: the rest of the URL and the base URL.
    let baseUrl = req.baseUrl
    let rest = url
    if (length !== 0) {
      baseUrl = baseUrlInside(this.parentUrl, layerPath)
      rest = url.slice(length)
    }
    const top = new EnteredRouter(item.mountedRouter as RouterObject, null, rest, pathEnd - length, baseUrl, req.params, req.next, this.next)
    let entered: EnteredRouter
    try {
      entered = descend(top, method, capitals)
    } catch {
      // A router whose plan cannot be made (its index throws) is left to
      // the general way, which meets the same error where layers catch it.
      return false
    }
    directEntries++
    // The request as the routers passed through leave it.
    if (length !== 0) this.removed = layerPath
    req.url = entered.url
    rememberMountedPathnameEnd(entered.url, pathEnd, pathEnd - entered.pathEnd, false, capitals)
    req.originalUrl = req.originalUrl || top.url
    const first = entered.route
    if (first === null) {
      // The last router steps in general: the ones above it become Dispatches.
      const state = entered.dispatch(req, this.res, true, 1) as Dispatch
      req.next = state.next
      req.baseUrl = state.parentUrl
      try {
        state.startPlanned(entered, capitals)
      } catch (err) {
        // Where the mount layer's handleRequest would have caught it.
        const up = entered.up
        ;(up === null ? this.next : up.dispatch(req, this.res, false, 1).next)(err)
      }
      entered.settle()
      return true
    }
    const route = first.layer.route as Route
    req.baseUrl = entered.baseUrl || ''
    const next = entered.deferredNext(req, this.res)
    req.next = next
    req.route = route
    req.params = entered.paramsOfRoute(first)
    entered.take(first, '')
    entered.calling = true
    const direct = first.direct as Layer
    if (first.layer.handle === first.routeHandle && route.stack.length === first.routeStackLength) direct.handleRequest(req, this.res, next)
    else first.layer.handleRequest(req, this.res, next)
    entered.calling = false
    entered.settle()
    return true
  }

  /** How param callbacks are called: their own way here (a traced walk publishes them). */
  protected paramCall(): ParamCall | undefined {
    return undefined
  }

  /** The pathname the current plan was made for (this router's, before a mount prefix is stripped). */
  protected plannedPathname(): string {
    const path = this.path
    return path !== undefined ? path : (this.planUrl as string).slice(0, this.pathEnd)
  }

  /** Whether this walk may enter mounted routers directly (not while traced). */
  protected entersDirectly(): boolean {
    return directMountEntry
  }

  /**
   * The Dispatch of a router entered directly, in the state its general
   * step would have left it in after taking the layers `entered` records
   * (its plan is made again on its next step, as after any change).
   */
  static resumed(entered: EnteredRouter, req: DispatchRequest, res: DispatchResponse, callback: Next, next: Next | null, sync: number): Dispatch {
    const state = new Dispatch(entered.router, req, res, callback, 0, entered, next)
    state.removed = entered.removed
    state.lastIndex = entered.lastIndex
    state.sync = sync
    return state
  }

  /** A router entered directly whose first layer needs the general step: that step, with its plan made. */
  startPlanned(entered: EnteredRouter, capitals: boolean): void {
    this.cache = entered.cache
    this.planUrl = entered.url
    this.planMethod = this.req.method
    this.path = entered.pathEnd === entered.url.length ? entered.url : undefined
    this.pathEnd = entered.pathEnd
    this.capitals = capitals
    this.plan = entered.planMade
    this.values = entered.values
    this.step(undefined)
  }

  protected runRoute(item: PlanEntry, layer: Layer, next: Next): void {
    // The plan knows the one route handler for this method: call it with this
    // router's next, which is what route.dispatch would end up doing (see
    // Route.dispatch). Only while the route and its layer are as compiled.
    const direct = item.direct
    if (direct !== null && layer.handle === item.routeHandle && (layer.route as { stack: unknown[] }).stack.length === item.routeStackLength) {
      direct.handleRequest(this.req, this.res, next)
    } else {
      layer.handleRequest(this.req, this.res, next)
    }
  }
}

/**
 * The same walk while a tracer listens: on `webfw.layer`, each layer that
 * runs is published around its call (src/diagnostics/trace-layer.ts); on
 * `express.router.request` (5.x), each handler, error handler and param
 * callback call as Express 5.3's router publishes it
 * (src/diagnostics/router-request.ts), with the pattern matched for the
 * layer as its `route` and, for a route, each of its handlers in turn.
 * `handle` picks this class per router entry, so the untraced loop above
 * carries no tracing code.
 */
class TracedDispatch extends Dispatch {
  private readonly trace: RouterTrace | null
  private readonly requests: boolean
  /** The pattern the router the request came from had matched, put back when it leaves this one. */
  private readonly matchedBefore: unknown
  private tracedParamCall: ParamCall | undefined = undefined

  constructor(router: RouterObject, req: DispatchRequest, res: DispatchResponse, callback: Next, skip: number, layers: boolean, requests: boolean) {
    super(router, req, res, callback, skip)
    this.trace = layers ? new RouterTrace(req) : null
    this.requests = requests
    this.matchedBefore = requests ? matchedRoute(req) : undefined
  }

  override step(err: unknown): void {
    // An error reaching the router is remembered as handed on (only its origin publishes it).
    if (err && this.requests) recordError(this.req, err)
    super.step(err)
  }

  override done(err: unknown): void {
    if (this.requests) setMatchedRoute(this.req, this.matchedBefore)
    super.done(err)
  }

  /** Records the pattern matched for `layer` (for an array of paths, the one the path matched, as Express's router reports it). */
  private noteMatch(layer: Layer): void {
    const raw = layer.rawPath
    let pattern = raw
    if (Array.isArray(raw)) {
      const matchers = (layer as unknown as { matchers?: ((path: string) => unknown)[] }).matchers
      if (matchers !== undefined) {
        const path = this.plannedPathname()
        for (let i = 0; i < matchers.length; i++) {
          let found: unknown = false
          try {
            found = matchers[i](path)
          } catch {
            // The layer matched, so a matcher before the one that did cannot have thrown.
          }
          if (found) {
            pattern = raw[i]
            break
          }
        }
      }
    }
    setMatchedRoute(this.req, pattern)
  }

  protected override invoke(layer: Layer, layerError: unknown, next: Next): void {
    const type = layerType(layer, layerError)
    const trace = this.trace
    if (type === null) {
      super.invoke(layer, layerError, next)
    } else if (!ownMethod(layer, layerError)) {
      // A replaced handleRequest/handleError does its own catching: it gets the traced next.
      if (trace !== null) trace.run(this.req, this.res, layer, type, next, (traced) => super.invoke(layer, layerError, traced))
      else super.invoke(layer, layerError, next)
    } else if (trace === null) {
      this.callPublished(layer, layerError, next, next)
    } else {
      // What the layer's own method does, with its catch outside the trace (Layer.callForTrace).
      const { req, res } = this
      const call = this.requests
        ? (traced: Next, rejected: Next) => this.callPublished(layer, layerError, traced, rejected)
        : (traced: Next, rejected: Next) => layer.callForTrace(layerError, req, res, traced, rejected)
      try {
        trace.run(req, res, layer, type, next, call)
      } catch (err) {
        next(err)
      }
    }
  }

  /** The layer's handler called with its `express.router.request` events; a throw or rejection goes to `errorNext`. */
  private callPublished(layer: Layer, layerError: unknown, next: Next, errorNext: Next): void {
    const { req, res } = this
    this.noteMatch(layer)
    callTraced(layerMessage(req, res, layer, layerError), (n) => callHandler(layer, layerError, req, res, n), next, errorNext)
  }

  protected override paramCall(): ParamCall | undefined {
    if (!this.requests) return undefined
    return (this.tracedParamCall ??= (fn, layer, next, value, name) => {
      this.noteMatch(layer)
      callParamTraced(paramMessage(this.req, this.res, layer, fn, name), fn, next, value, name)
    })
  }

  protected override entersDirectly(): boolean {
    return false
  }

  protected override runRoute(item: PlanEntry, layer: Layer, next: Next): void {
    const run = (n: Next): void => {
      const route = layer.route as Route
      // Each handler of the route published, while the route is webfw's own.
      if (this.requests && ownsRouteDispatch(layer, route)) {
        this.noteMatch(layer)
        dispatchRouteTraced(route, this.req, this.res, n)
      } else {
        super.runRoute(item, layer, n)
      }
    }
    if (this.trace !== null) this.trace.run(this.req, this.res, layer, 'request_handler', next, run)
    else run(next)
  }
}

/**
 * The Dispatch a record of a router entered directly becomes
 * (EnteredRouter.dispatch): `atEntry`, to start its general step, else
 * resumed after the layers the record took, with `next` as its `next` when
 * given and `sync` synchronous steps counted.
 */
export function walkOf(
  entered: EnteredRouter, req: DispatchRequest, res: DispatchResponse, callback: Next, atEntry: boolean, next: Next | null, sync: number,
): RouterWalk {
  return atEntry ? new Dispatch(entered.router, req, res, callback, 0, entered, null) : Dispatch.resumed(entered, req, res, callback, next, sync)
}

/** 4.x lets router.handle run without a callback; leaving the router then does nothing. */
function noCallback(): void {}

/**
 * Runs a request through a router. `skip`: the number of leading stack
 * layers whose work the caller has already done (the 4.x app does its
 * built-in layers' work itself; see src/app/application.ts).
 */
export function handle(router: RouterObject, req: DispatchRequest, res: DispatchResponse, callback: Next, skip = 0): void {
  if (!callback) {
    if (router.style.requireCallback) throw new TypeError('argument callback is required')
    callback = noCallback
  }
  // Checks per router entry (src/diagnostics/channels.ts): false while nobody listens.
  const layers = layerStart.hasSubscribers
  const requests = router.style.publishesRouterRequests && routerRequestListened()
  const state = layers || requests ? new TracedDispatch(router, req, res, callback, skip, layers, requests) : new Dispatch(router, req, res, callback, skip)
  req.next = state.next
  req.baseUrl = state.parentUrl
  req.originalUrl = req.originalUrl || req.url
  state.step(undefined)
}
