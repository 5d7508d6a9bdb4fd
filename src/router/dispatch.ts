/**
 * The per-request loop of a router (`router.handle`): walks the plan of the
 * request in stack order, confirms matches, runs param triggers, strips and
 * restores the mount path around `use` layers, routes errors to four-argument
 * handlers, and honours `next('route')` / `next('router')`.
 *
 * This is the hot path. It allocates two closures per router entered (`next`
 * and `done`) and a params object per matched layer, nothing per skipped
 * layer. The plan is looked up again only when `req.url`, `req.method` or the
 * router's stack changes while the request is inside it (URL rewriting,
 * method-override, routes added at run time).
 */
import parseUrl from 'parseurl'
import type { Layer, Next } from './layer'
import { hasParamCallbacks, processParams, type ParamCalls } from './params'
import { Mode, type LayerIndex, type PlanEntry } from './plan'
import { fastPathnameEnd } from './shape'
import { currentIndex, type RouterObject } from './router-state'

export interface DispatchRequest {
  url: string
  method: string
  baseUrl?: string
  originalUrl?: string
  params?: Record<string, unknown>
  next?: Next
  route?: unknown
}

interface DispatchResponse {
  setHeader(name: string, value: string | number): unknown
  end(body?: string): unknown
}

const EMPTY_PLAN: readonly PlanEntry[] = []
const EMPTY_KEYS: readonly string[] = []
const POSITIONAL_KEYS: string[] = Array.from({ length: 32 }, (_, i) => 'p' + i)

function getPathname(req: DispatchRequest): string | undefined {
  try {
    return parseUrl(req as Parameters<typeof parseUrl>[0])?.pathname ?? undefined
  } catch {
    return undefined
  }
}

function getProtohost(url: unknown): string | undefined {
  if (typeof url !== 'string' || url.length === 0 || url[0] === '/') return undefined
  const searchIndex = url.indexOf('?')
  const pathLength = searchIndex !== -1 ? searchIndex : url.length
  const fqdnIndex = url.substring(0, pathLength).indexOf('://')
  return fqdnIndex !== -1 ? url.substring(0, url.indexOf('/', 3 + fqdnIndex)) : undefined
}

/** `mergeParams`: parent values under the child's, numbered captures shifted. */
function mergeParams(params: Record<string, unknown>, parent: unknown): Record<string, unknown> {
  if (typeof parent !== 'object' || !parent) return params
  const parentParams = parent as Record<string, unknown>
  const obj = Object.assign({}, parentParams)
  if (!(0 in params) || !(0 in parentParams)) return Object.assign(obj, params)
  let i = 0
  let o = 0
  while (i in params) i++
  while (o in parentParams) o++
  for (i--; i >= 0; i--) {
    params[i + o] = params[i]
    if (i < o) delete params[i]
  }
  return Object.assign(obj, params)
}

function sendOptionsResponse(res: DispatchResponse, methods: string[]): void {
  const options: Record<string, boolean> = Object.create(null)
  for (const method of methods) options[method] = true
  const allow = Object.keys(options).sort().join(', ')
  res.setHeader('Allow', allow)
  res.setHeader('Content-Length', Buffer.byteLength(allow))
  res.setHeader('Content-Type', 'text/plain')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.end(allow)
}

export function handle(router: RouterObject, req: DispatchRequest, res: DispatchResponse, callback: Next): void {
  if (!callback) throw new TypeError('argument callback is required')

  const stack = router.stack
  const protohost = getProtohost(req.url) || ''
  const parentParams = req.params
  const parentUrl = req.baseUrl || ''
  const savedBaseUrl = req.baseUrl
  const savedNext = req.next
  const savedParams = req.params
  const methods: string[] | null = req.method === 'OPTIONS' ? [] : null
  let removed = ''
  let slashAdded = false
  let sync = 0
  let paramcalled: ParamCalls | null = null

  // The current plan and what it was computed for.
  let index: LayerIndex | null = null
  let plan: readonly PlanEntry[] = EMPTY_PLAN
  let values: Record<string, string> | null = null
  let planUrl: string | undefined
  let planMethod: string | undefined
  let path: string | undefined
  let pathEnd = -1
  let cursor = 0
  /** Stack position of the last layer examined (Express's idx - 1). */
  let lastIndex = -1

  const done = (err?: unknown): void => {
    req.baseUrl = savedBaseUrl
    req.next = savedNext
    req.params = savedParams
    if (methods !== null && !err && methods.length !== 0) {
      try {
        sendOptionsResponse(res, methods)
      } catch (e) {
        callback(e)
      }
      return
    }
    callback(err)
  }

  const trimPrefix = (layer: Layer, layerError: unknown, layerPath: string, checked: boolean): void => {
    if (layerPath.length !== 0) {
      if (!checked) {
        const p = path as string
        if (layerPath !== p.substring(0, layerPath.length)) {
          next(layerError)
          return
        }
        const c = p[layerPath.length]
        if (c && c !== '/') {
          next(layerError)
          return
        }
      }
      removed = layerPath
      req.url = protohost + req.url.slice(protohost.length + removed.length)
      if (!protohost && req.url[0] !== '/') {
        req.url = '/' + req.url
        slashAdded = true
      }
      req.baseUrl =
        parentUrl + (removed[removed.length - 1] === '/' ? removed.substring(0, removed.length - 1) : removed)
    }
    if (layerError) layer.handleError(layerError, req, res, next)
    else layer.handleRequest(req, res, next)
  }

  const next: Next = (err) => {
    let layerError = err === 'route' ? null : err

    if (slashAdded) {
      const pathIsRoot = req.url === '/' || req.url.startsWith('/?')
      if (pathIsRoot || (removed.endsWith('/') && req.url[0] === '/')) req.url = req.url.slice(1)
      slashAdded = false
    }
    if (removed.length !== 0) {
      req.baseUrl = parentUrl
      req.url = protohost + removed + req.url.slice(protohost.length)
      removed = ''
    }
    if (layerError === 'router') {
      setImmediate(done, null)
      return
    }
    if (lastIndex + 1 >= stack.length) {
      setImmediate(done, layerError)
      return
    }
    if (++sync > 100) {
      setImmediate(next, err)
      return
    }

    const url = req.url
    const method = req.method
    if (url !== planUrl || method !== planMethod || index !== currentIndex(router)) {
      index = router.getIndex()
      planUrl = url
      planMethod = method
      pathEnd = typeof url === 'string' ? fastPathnameEnd(url) : -1
      if (pathEnd >= 0) {
        path = pathEnd === url.length ? url : undefined
      } else {
        path = getPathname(req)
        if (path == null) {
          planUrl = undefined
          done(layerError)
          return
        }
      }
      plan = index.lookup(method, url, pathEnd)
      values = index.values
      cursor = 0
      while (cursor < plan.length && plan[cursor].index <= lastIndex) cursor++
    }

    let layer: Layer | undefined
    let match = false
    let mode: Mode = Mode.Verify
    let params: Record<string, unknown> = {}
    let keys: readonly string[] = EMPTY_KEYS
    let layerPath = ''
    let route: Layer['route']

    while (!match && cursor < plan.length) {
      const item = plan[cursor++]
      layer = item.layer
      lastIndex = item.index
      route = layer.route
      mode = item.mode
      if (mode === Mode.Always) {
        match = true
        params = route !== undefined ? Object.create(null) : {}
        keys = EMPTY_KEYS
        layerPath = item.prefixLength === 0 ? '' : url.slice(0, item.prefixLength)
      } else if (mode === Mode.Same) {
        match = true
        const names = layer.paramNames
        params = Object.create(null)
        const tree = values as Record<string, string>
        for (let k = 0; k < names.length; k++) params[names[k]] = tree[POSITIONAL_KEYS[k] ?? 'p' + k]
        keys = names
      } else {
        if (path === undefined) path = url.slice(0, pathEnd)
        let found: ReturnType<Layer['match']>
        try {
          found = layer.match(path)
        } catch (e) {
          layerError = layerError || e
          found = false
        }
        if (found) {
          match = true
          params = found.params
          layerPath = found.path
          keys = found.keys
        }
      }
      if (!match) continue
      if (route === undefined) break
      if (layerError) {
        match = false
        continue
      }
      const hasMethod = route._handlesMethod(method)
      if (!hasMethod && method === 'OPTIONS' && methods !== null) methods.push(...route._methods())
      if (!hasMethod && method !== 'HEAD') match = false
    }

    if (!match || layer === undefined) {
      if (lastIndex < stack.length - 1) lastIndex = stack.length - 1
      done(layerError)
      return
    }

    if (route !== undefined) req.route = route
    req.params = router.mergeParams ? mergeParams(params, parentParams) : params

    const matched = layer
    const matchedRoute = route
    const checked = mode !== Mode.Verify
    if (keys.length === 0 || !hasParamCallbacks(router.params, keys)) {
      if (matchedRoute !== undefined) matched.handleRequest(req, res, next)
      else trimPrefix(matched, layerError, layerPath, checked)
      sync = 0
      return
    }
    const errorBefore = layerError
    processParams(
      router.params, matched, keys, paramcalled ?? (paramcalled = {}),
      req as { params: Record<string, unknown> }, res, router.catchRejections,
      (perr) => {
        if (perr) next(errorBefore || perr)
        else if (matchedRoute !== undefined) matched.handleRequest(req, res, next)
        else trimPrefix(matched, errorBefore, layerPath, checked)
        sync = 0
      },
    )
  }

  req.next = next
  req.baseUrl = parentUrl
  req.originalUrl = req.originalUrl || req.url
  next()
}
