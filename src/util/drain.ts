/**
 * Reading off the rest of a request body nobody will use (an upload the
 * body parser refused, an error answered before the body was read), within
 * a bound.
 *
 * Reading it keeps a keep-alive connection usable and lets the client read
 * the answer rather than a reset. But a client can announce, or send,
 * gigabytes — and without a bound the answer would wait until all of it
 * arrived (or Node's requestTimeout, five minutes, cut the connection). So
 * the answer waits for at most DRAIN_MAX more bytes: a body announced or
 * found to be longer is given up and the answer goes out at once.
 *
 * The connection then lingers: Node keeps reading off the upload while the
 * answer travels, so a client still sending gets to read it (closing right
 * away would make the server's TCP stack answer the client's next bytes with
 * a reset, which can destroy the unread answer on the client's side). Once
 * the answer is sent, the connection is closed after LINGER_MS, or after
 * LINGER_MAX more bytes, unless the upload ends first.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import onFinished from 'on-finished'

/** Bytes read off at most before the answer goes out anyway. */
export const DRAIN_MAX = 256 * 1024
/**
 * After the answer to a given-up upload: how long, and how many more bytes,
 * it gets to end before the connection is closed. Generous, so that a client
 * that simply sent too much finishes sending and reads the answer (Node's
 * own HTTP client, reset mid-upload, can even throw where nobody listens);
 * bounded, so that an endless upload costs a few seconds of reading at most.
 */
export const LINGER_MS = 5000
export const LINGER_MAX = 16 * 1024 * 1024

const kGivenUp = Symbol('webfw.drainGivenUp')

type DrainedRequest = IncomingMessage & { [kGivenUp]?: boolean; res?: ServerResponse }

function declaredLength(req: IncomingMessage): number | undefined {
  const value = req.headers['content-length']
  if (value === undefined) return undefined
  const n = Number(value)
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined
}

/**
 * Once `res` is sent, gives the rest of the upload LINGER_MS and LINGER_MAX
 * bytes to end, then closes the connection.
 */
function closeAfterLinger(req: IncomingMessage, res: ServerResponse): void {
  onFinished(res, () => {
    const socket = req.socket
    if (onFinished.isFinished(req) || !socket || socket.destroyed) return
    let left = LINGER_MAX
    const close = (): void => {
      clearTimeout(timer)
      req.removeListener('data', count)
      if (!onFinished.isFinished(req)) socket.destroy()
    }
    const count = (chunk: Buffer): void => {
      left -= chunk.length
      if (left < 0) close()
    }
    const timer = setTimeout(close, LINGER_MS)
    timer.unref()
    req.on('data', count)
    onFinished(req, () => {
      clearTimeout(timer)
      req.removeListener('data', count)
    })
  })
}

/**
 * Reads off what is left of `req` (discarding it), then calls `fn` once —
 * at the end of the request, or as soon as the rest is known to exceed
 * DRAIN_MAX. `res` (default `req.res`) is the response the caller is about
 * to write; without one the connection is not closed after a give-up (Node
 * reads the upload off until it ends or its own timeouts apply).
 *
 * @example
 * drainRequest(req, res, () => next(createError(413)))
 */
export function drainRequest(req: IncomingMessage, res: ServerResponse | undefined, fn: () => void): void {
  const request = req as DrainedRequest
  if (onFinished.isFinished(req)) {
    fn()
    return
  }
  // An earlier drain (the body parser's) already gave this upload up.
  if (request[kGivenUp]) {
    req.resume()
    fn()
    return
  }
  const response = res ?? request.res
  let called = false
  function finish(): void {
    if (called) return
    called = true
    req.removeListener('data', count)
    fn()
  }
  function giveUp(): void {
    if (called) return
    request[kGivenUp] = true
    if (response !== undefined) closeAfterLinger(req, response)
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
  // The stream keeps flowing after a give-up: Node goes on discarding the rest.
  req.on('data', count)
  onFinished(req, finish)
  req.resume()
  if (declared !== undefined && unread && declared > DRAIN_MAX) giveUp()
}
