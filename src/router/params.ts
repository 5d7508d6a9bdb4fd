/**
 * Route-parameter triggers (`router.param(name, fn)`): before a layer runs,
 * each of its parameters that has callbacks gets them called in order, once
 * per request and value; an error is remembered for later layers with the
 * same value, as Express does.
 */
import { passRejection, type Layer, type Next } from './layer'

export type ParamCallback = (req: unknown, res: unknown, next: Next, value: unknown, name: string) => unknown
/** A param callback's call made another way than its own (a traced router publishes it). */
export type ParamCall = (fn: ParamCallback, layer: Layer, next: Next, value: unknown, name: string) => void

interface ParamCalled {
  error: unknown
  match: unknown
  value: unknown
}

/** Outcomes by parameter name, in a null-prototype object (names may be `__proto__`). */
export type ParamCalls = Record<string, ParamCalled>

interface ParamRequest {
  params: Record<string, unknown>
}

function callParam(
  fn: ParamCallback, req: unknown, res: unknown, next: Next, value: unknown, name: string, catchRejections: boolean,
  forwardsRejections: boolean,
): void {
  try {
    passRejection(fn(req, res, next, value, name), next, catchRejections, forwardsRejections, 'parameters')
  } catch (err) {
    next(err)
  }
}

const hasOwn = Object.prototype.hasOwnProperty

/**
 * The callbacks registered under `name`. Only own entries count, so that
 * parameters named `constructor`, `toString` or `__proto__` are names like
 * any other rather than the members of Object.prototype.
 */
export function callbacksOf(params: Record<string, ParamCallback[]>, name: string): ParamCallback[] | undefined {
  return hasOwn.call(params, name) ? params[name] : undefined
}

/**
 * Registers `fn` under `name` (an own property whatever the name: assigning
 * `params['__proto__']` would replace the object's prototype instead).
 */
export function addParamCallback(params: Record<string, ParamCallback[]>, name: string, fn: ParamCallback): void {
  let list = callbacksOf(params, name)
  if (list === undefined) {
    list = []
    Object.defineProperty(params, name, { value: list, writable: true, enumerable: true, configurable: true })
  }
  list.push(fn)
}

/** Whether any of `keys` has callbacks registered in `params`. */
export function hasParamCallbacks(params: Record<string, ParamCallback[]>, keys: readonly string[]): boolean {
  for (let i = 0; i < keys.length; i++) {
    if (callbacksOf(params, keys[i])) return true
  }
  return false
}

export function processParams(
  params: Record<string, ParamCallback[]>,
  layer: Layer,
  keys: readonly string[],
  called: ParamCalls,
  req: ParamRequest,
  res: unknown,
  catchRejections: boolean,
  done: Next,
  call?: ParamCall,
): void {
  if (!keys || keys.length === 0) {
    done()
    return
  }
  let i = 0
  let paramIndex = 0
  let key: string
  let paramVal: unknown
  let paramCallbacks: ParamCallback[] | undefined
  let paramCalled: ParamCalled

  const param = (err?: unknown): void => {
    if (err) {
      done(err)
      return
    }
    if (i >= keys.length) {
      done()
      return
    }
    paramIndex = 0
    key = keys[i++]
    // Own values only: in a plain params object `__proto__` reads Object.prototype.
    paramVal = hasOwn.call(req.params, key) ? req.params[key] : undefined
    paramCallbacks = callbacksOf(params, key)
    const previous = called[key]
    if (paramVal === undefined || !paramCallbacks) {
      param()
      return
    }
    // Same value already processed in this request: reuse its outcome.
    if (previous && (previous.match === paramVal || (previous.error && previous.error !== 'route'))) {
      req.params[key] = previous.value
      param(previous.error)
      return
    }
    called[key] = paramCalled = { error: null, match: paramVal, value: paramVal }
    paramCallback()
  }

  const paramCallback = (err?: unknown): void => {
    const fn = (paramCallbacks as ParamCallback[])[paramIndex++]
    paramCalled.value = req.params[key]
    if (err) {
      paramCalled.error = err
      param(err)
      return
    }
    if (!fn) {
      param()
      return
    }
    if (call !== undefined) call(fn, layer, paramCallback, paramVal, key)
    else callParam(fn, req, res, paramCallback, paramVal, key, catchRejections, layer.forwardsRejections)
  }

  param()
}
