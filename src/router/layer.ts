/**
 * Layer: one entry of a router's or a route's stack (a path pattern and a
 * handler), with the calling convention every handler gets: arity decides
 * between normal and error handlers, a throw becomes `next(err)`, and (when the
 * profile says so) a rejected promise does too.
 */
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

function onRejected(next: Next): (error: unknown) => void {
  return (error) => next(error || new Error('Rejected promise'))
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as PromiseLike<unknown>).then === 'function'
  )
}

export class Layer {
  handle: Handler
  name: string
  rawPath: unknown
  /** true for `use('/')`: matches every path without looking at it. */
  slash: boolean
  route: import('./route').Route | undefined = undefined
  method: string | undefined = undefined
  /** One exact matcher per pattern (several for an array of patterns). */
  matchers: PathMatcher[]
  readonly options: LayerOptions
  /** Radix shapes when the layer has exactly one tree-expressible pattern. */
  readonly shapes: Shape[] | null
  readonly paramNames: string[]
  readonly prefixLength: number

  constructor(path: unknown, options: LayerOptions, fn: Handler, syntax: PathSyntax | null) {
    this.handle = fn
    this.name = fn.name || '<anonymous>'
    this.options = options
    this.rawPath = Array.isArray(path) ? path.flat(Infinity) : path
    this.slash = path === '/' && options.end === false
    if (syntax === null) {
      this.matchers = []
    } else {
      const paths = (Array.isArray(this.rawPath) ? this.rawPath : [this.rawPath]) as (string | RegExp)[]
      this.matchers = paths.map((p) => syntax.compile(p, options))
    }
    const single = this.matchers.length === 1 && !Array.isArray(this.rawPath) ? this.matchers[0] : null
    this.shapes = single !== null && !this.slash ? single.shapes : null
    this.paramNames = single !== null ? single.paramNames : EMPTY_KEYS
    this.prefixLength = single !== null ? single.prefixLength : 0
  }

  /** Exact (Express) matching of a pathname; throws on undecodable params. */
  match(path: string): LayerMatch | false {
    if (this.slash) return { params: {}, path: '', keys: EMPTY_KEYS }
    const matchers = this.matchers
    for (let i = 0; i < matchers.length; i++) {
      const found = matchers[i].match(path)
      if (found) return { params: found.params, path: found.path, keys: Object.keys(found.params) }
    }
    return false
  }

  handleError(error: unknown, req: unknown, res: unknown, next: Next): void {
    const fn = this.handle
    if (fn.length !== 4) {
      next(error)
      return
    }
    try {
      const ret = fn(error, req, res, next)
      if (this.options.catchRejections && isPromiseLike(ret)) ret.then(undefined, onRejected(next))
    } catch (err) {
      next(err)
    }
  }

  handleRequest(req: unknown, res: unknown, next: Next): void {
    const fn = this.handle
    if (fn.length > 3) {
      next()
      return
    }
    try {
      const ret = fn(req, res, next)
      // Most handlers return undefined: test that first, before the promise probe.
      if (ret !== undefined && this.options.catchRejections && isPromiseLike(ret)) ret.then(undefined, onRejected(next))
    } catch (err) {
      next(err)
    }
  }
}
