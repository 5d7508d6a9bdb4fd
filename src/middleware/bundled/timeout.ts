/**
 * `webfw.timeout([ms], [options])` (3.x): as Connect 2's `timeout`, which was
 * the connect-timeout package. After `ms` (default 5000; a number or an ms
 * string such as '10s') without response headers, `req.timedout` becomes true,
 * `req` emits 'timeout', and (unless `respond: false`) `next` receives a 503
 * error (`code` 'ETIMEDOUT', `timeout` the delay). `req.clearTimeout()` stops
 * the timer. Later middleware should check `req.timedout` before going on.
 *
 * Beyond Connect: once the request has timed out, the app's own answer,
 * which usually still comes (from a callback or a timer), is ignored instead
 * of throwing where nothing catches it (see `ignoreLateAnswer`).
 */
import type { ServerResponse } from 'node:http'
import timeoutPackage from 'connect-timeout'
import { deprecateBundled } from './deprecation'
import type { Middleware } from './types'

type Method = (this: ServerResponse, ...args: unknown[]) => unknown

/** Members that throw ERR_HTTP_HEADERS_SENT once the head is out. */
const HEAD_MEMBERS = ['setHeader', 'appendHeader', 'removeHeader', 'writeHead'] as const

/**
 * Makes this response ignore what would fail after its answer: header
 * changes once the head is written, body writes once it has ended. Node
 * throws ERR_HTTP_HEADERS_SENT for the first (from a timer or a callback,
 * nothing catches it and the process exits) and emits an 'error' nobody
 * listens to for the second (which exits too). Calls that can still succeed,
 * such as the error handler writing the 503, are passed through. Only
 * responses that timed out get these own members: the others keep the
 * prototype's.
 */
function ignoreLateAnswer(res: ServerResponse): void {
  const own = res as unknown as Record<string, Method | undefined>
  for (const name of HEAD_MEMBERS) {
    const original = own[name]
    if (typeof original !== 'function') continue
    own[name] = function afterTimeout(this: ServerResponse, ...args: unknown[]) {
      return this.headersSent ? this : original.apply(this, args)
    }
  }
  const write = own.write as Method
  own.write = function writeAfterTimeout(this: ServerResponse, ...args: unknown[]) {
    return this.writableEnded ? true : write.apply(this, args)
  }
  const end = own.end as Method
  own.end = function endAfterTimeout(this: ServerResponse, ...args: unknown[]) {
    if (!this.writableEnded) return end.apply(this, args)
    // Node's end() without a body is harmless after the end (and calls back).
    const callback = args.find((arg) => typeof arg === 'function')
    return end.call(this, callback)
  }
}

/**
 * @example
 * app.use(webfw.timeout('2s'))
 * app.use((req, res, next) => { if (!req.timedout) next() })
 */
export function timeout(time?: number | string, options?: timeoutPackage.TimeoutOptions): Middleware {
  deprecateBundled('webfw.timeout([ms], [options])', 'the connect-timeout package')
  const startTimer = timeoutPackage(time as string, options) as unknown as Middleware
  return function timeout(req, res, next) {
    req.once('timeout', () => ignoreLateAnswer(res))
    startTimer(req, res, next)
  }
}
