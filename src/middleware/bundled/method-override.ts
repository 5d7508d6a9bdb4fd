/**
 * `webfw.methodOverride([key], [options])` (3.x): lets a request name the
 * method it stands for, as Connect 2 did on top of the method-override
 * package:
 * - the body field `key` (default `_method`; needs a body parser above it),
 *   removed from `req.body` once read;
 * - then the `X-HTTP-Method-Override` header (which wins when both are
 *   there), with `Vary: X-HTTP-Method-Override`;
 * whatever the request's own method (Connect did not limit it to POST, as
 * method-override does by default), so a GET can become a DELETE; webfw's
 * `options.methods` (e.g. `['POST']`) lists the request methods that may be
 * overridden. Only methods Node knows are taken; `req.originalMethod` keeps
 * the request's own.
 */
import type { IncomingMessage } from 'node:http'
import createOverride from 'method-override'
import { deprecateBundled } from './deprecation'
import type { BundledRequest, Middleware } from './types'

/** method-override's signature as it is (its typings forbid `methods: null` and getters returning nothing). */
type Override = (getter: string | ((req: IncomingMessage) => string | undefined), options: { methods: string[] | null }) => Middleware
const override = createOverride as unknown as Override

export interface MethodOverrideOptions {
  /** Request methods whose requests may be overridden (default: any, as in Connect 2). */
  methods?: readonly string[] | null
}

/** The request methods that may be overridden, upper-cased, or null for any. */
function overridable(methods: MethodOverrideOptions['methods']): string[] | null {
  if (methods === undefined || methods === null) return null
  if (!Array.isArray(methods) || methods.some((method) => typeof method !== 'string')) {
    throw new TypeError('methodOverride() option methods must be an array of method names or null')
  }
  return methods.map((method: string) => method.toUpperCase())
}

/**
 * @example
 * app.use(webfw.bodyParser())
 * app.use(webfw.methodOverride('_method', { methods: ['POST'] }))
 * app.delete('/users/:id', removeUser) // a form posting _method=DELETE reaches it; a GET cannot
 */
export function methodOverride(key?: string | MethodOverrideOptions, options?: MethodOverrideOptions): Middleware {
  deprecateBundled('webfw.methodOverride([key])', 'the method-override package')
  const settings = typeof key === 'object' && key !== null ? key : options
  const field = (typeof key === 'string' && key) || '_method'
  const overrideOptions = { methods: overridable(settings?.methods) }
  const fromBody = override((request: IncomingMessage) => {
    const body = (request as BundledRequest).body as Record<string, unknown> | undefined
    if (body === null || typeof body !== 'object' || !Object.prototype.hasOwnProperty.call(body, field)) return undefined
    const method = body[field]
    delete body[field]
    return method as string
  }, overrideOptions)
  const fromHeader = override('X-HTTP-Method-Override', overrideOptions)

  return function methodOverride(req, res, next) {
    fromBody(req, res, (err) => {
      if (err) return next(err)
      fromHeader(req, res, next)
    })
  }
}
