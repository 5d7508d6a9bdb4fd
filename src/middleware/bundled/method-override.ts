/**
 * `webfw.methodOverride([key])` (3.x): lets a request name the method it
 * stands for, as Connect 2 did on top of the method-override package:
 * - the body field `key` (default `_method`; needs a body parser above it),
 *   removed from `req.body` once read;
 * - then the `X-HTTP-Method-Override` header (which wins when both are
 *   there), with `Vary: X-HTTP-Method-Override`;
 * whatever the request's own method (Connect did not limit it to POST, as
 * method-override does by default). Only methods Node knows are taken;
 * `req.originalMethod` keeps the request's own.
 */
import type { IncomingMessage } from 'node:http'
import createOverride from 'method-override'
import { deprecateBundled } from './deprecation'
import type { BundledRequest, Middleware } from './types'

/** method-override's signature as it is (its typings forbid `methods: null` and getters returning nothing). */
type Override = (getter: string | ((req: IncomingMessage) => string | undefined), options: { methods: string[] | null }) => Middleware
const override = createOverride as unknown as Override

/**
 * @example
 * app.use(webfw.bodyParser())
 * app.use(webfw.methodOverride())
 * app.delete('/users/:id', removeUser) // a form posting _method=DELETE reaches it
 */
export function methodOverride(key?: string): Middleware {
  deprecateBundled('webfw.methodOverride([key])', 'the method-override package')
  const field = key || '_method'
  // `methods: null`: every request method may be overridden, as in Connect 2
  const options = { methods: null }
  const fromBody = override((request: IncomingMessage) => {
    const body = (request as BundledRequest).body as Record<string, unknown> | undefined
    if (body === null || typeof body !== 'object' || !Object.prototype.hasOwnProperty.call(body, field)) return undefined
    const method = body[field]
    delete body[field]
    return method as string
  }, options)
  const fromHeader = override('X-HTTP-Method-Override', options)

  return function methodOverride(req, res, next) {
    fromBody(req, res, (err) => {
      if (err) return next(err)
      fromHeader(req, res, next)
    })
  }
}
