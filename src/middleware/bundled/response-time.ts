/**
 * `webfw.responseTime([options])` (3.x): as Connect 2's `responseTime`, which
 * was the response-time package: the time from this middleware to the
 * response headers, in the `X-Response-Time` header as milliseconds with
 * three decimals ("12.345ms"). Options `digits` (3), `header`
 * ('X-Response-Time'), `suffix` (true); a function `(req, res, time)` instead
 * of options is called with the time and sets nothing; a number is the
 * older form of `{ digits }`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import createResponseTime from 'response-time'
import { deprecateBundled } from './deprecation'
import type { Middleware } from './types'

type Options = { digits?: number; header?: string; suffix?: boolean } | ((req: IncomingMessage, res: ServerResponse, time: number) => void)
/** The package's single entry point (its typings split it into overloads). */
const create = createResponseTime as unknown as (options?: Options) => Middleware

/**
 * @example
 * app.use(webfw.responseTime())
 * app.use(webfw.responseTime({ digits: 0, suffix: false }))
 */
export function responseTime(options?: Options | number) {
  if (typeof options === 'number') {
    deprecateBundled('webfw.responseTime(digits)', 'the response-time package (responseTime({ digits }))')
    return create({ digits: options })
  }
  deprecateBundled('webfw.responseTime([options])', 'the response-time package')
  return create(options)
}
