/**
 * Reading off the rest of a request body nobody will use (an upload the
 * body parser refused, an error answered before the body was read), within
 * a bound.
 *
 * Reading it keeps a keep-alive connection usable and lets the client read
 * the answer rather than a reset. But a client can announce, or send,
 * gigabytes — and without a bound the answer would wait until all of it
 * arrived (or Node's requestTimeout, five minutes, cut the connection). So
 * at most DRAIN_MAX more bytes are read: a body announced or found to be
 * longer is given up, the response is marked `Connection: close`, and the
 * answer goes out at once; Node closes the connection after it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import onFinished from 'on-finished'

/** Bytes read off at most before the answer goes out on a closing connection. */
export const DRAIN_MAX = 256 * 1024

function declaredLength(req: IncomingMessage): number | undefined {
  const value = req.headers['content-length']
  if (value === undefined) return undefined
  const n = Number(value)
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined
}

/** Marks the response as the connection's last, while its head can still change. */
function closeAfterResponse(res: ServerResponse | undefined, req: IncomingMessage): void {
  // HTTP/2 has no Connection header (and refuses one).
  if (res === undefined || res.headersSent || req.httpVersionMajor >= 2) return
  res.setHeader('Connection', 'close')
}

/**
 * Reads off what is left of `req` (discarding it), then calls `fn` once —
 * at the end of the request, or as soon as the rest is known to exceed
 * DRAIN_MAX. `res` (default `req.res`) is the response the caller is about
 * to write.
 *
 * @example
 * drainRequest(req, res, () => next(createError(413)))
 */
export function drainRequest(req: IncomingMessage, res: ServerResponse | undefined, fn: () => void): void {
  if (onFinished.isFinished(req)) {
    fn()
    return
  }
  const response = res ?? (req as IncomingMessage & { res?: ServerResponse }).res
  // Already answering on a closing connection (an earlier drain gave up): no reason to wait.
  if (response !== undefined && !response.headersSent && isClosing(response)) {
    req.resume()
    fn()
    return
  }
  let called = false
  function finish(): void {
    if (called) return
    called = true
    req.removeListener('data', count)
    fn()
  }
  function giveUp(): void {
    if (called) return
    closeAfterResponse(response, req)
    finish()
  }
  let left = DRAIN_MAX
  function count(chunk: Buffer): void {
    left -= chunk.length
    if (left < 0) giveUp()
  }
  // Nothing read of the body yet: its announced length is what is left.
  const declared = declaredLength(req)
  const unread = !req.readableDidRead && req.readableLength === 0
  // Whatever is still buffered or on the wire keeps being discarded until
  // Node closes the connection; only the wait for it ends.
  req.on('data', count)
  onFinished(req, finish)
  req.resume()
  if (declared !== undefined && unread && declared > DRAIN_MAX) giveUp()
}

function isClosing(res: ServerResponse): boolean {
  const value = res.getHeader('Connection')
  return typeof value === 'string' && value.toLowerCase() === 'close'
}
