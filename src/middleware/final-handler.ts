/**
 * The responder of last resort, run when a request leaves the app's router
 * unhandled: 404 "Cannot METHOD /path" when no error, else the error's
 * status (4xx/5xx from `status`/`statusCode`, else the response's own error
 * status, else 500). Outside production the body shows the stack; in
 * production only the status text. Error headers (`err.headers`) are kept.
 * When headers were already sent, the socket is destroyed instead. Nothing
 * here throws: a header of the error that Node refuses is left out.
 */
import encodeUrl from 'encodeurl'
import escapeHtml from 'escape-html'
import onFinished from 'on-finished'
import parseUrl from 'parseurl'
import statuses from 'statuses'
import { drainRequest } from '../util/drain'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { storeHead } from '../response/head'
import { Buffer } from '../util/node-buffer'

interface HttpError {
  status?: unknown
  statusCode?: unknown
  headers?: unknown
  stack?: string
  toString?: () => string
}

function htmlDocument(message: string): string {
  const body = escapeHtml(message).replaceAll('\n', '<br>').replaceAll('  ', ' &nbsp;')
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>' +
    body +
    '</pre>\n</body>\n</html>\n'
  )
}

function errorStatus(err: HttpError): number | undefined {
  if (typeof err.status === 'number' && err.status >= 400 && err.status < 600) return err.status
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600) return err.statusCode
  return undefined
}

function responseStatus(res: ServerResponse): number {
  const status = res.statusCode
  return typeof status !== 'number' || status < 400 || status > 599 ? 500 : status
}

function resourceName(req: IncomingMessage): string {
  try {
    return parseUrl.original(req)?.pathname ?? 'resource'
  } catch {
    return 'resource'
  }
}

function errorMessage(err: HttpError, status: number, env: string): string {
  let msg: string | undefined
  if (env !== 'production') {
    msg = err.stack
    if (!msg && typeof err.toString === 'function') msg = err.toString()
  }
  return msg || (statuses.message as Record<number, string>)[status]
}

function write(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, unknown> | undefined, message: string): void {
  // The body was being read off: something else may have answered meanwhile.
  if (res.headersSent) {
    if (req.socket) req.socket.destroy()
    return
  }
  const body = htmlDocument(message)
  res.statusCode = status
  if (req.httpVersionMajor < 2) res.statusMessage = (statuses.message as Record<number, string>)[status]
  res.removeHeader('Content-Encoding')
  res.removeHeader('Content-Language')
  res.removeHeader('Content-Range')
  if (headers) {
    for (const key of Object.keys(headers)) {
      try {
        res.setHeader(key, headers[key] as string)
      } catch {
        // An error's header Node refuses (bad name, CR/LF in the value) is
        // dropped: throwing here, in a stream callback, would end the process.
      }
    }
  }
  res.setHeader('Content-Security-Policy', "default-src 'none'")
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(body, 'utf8'))
  // The head as node:http would write it, without its per-header work.
  storeHead(res)
  if (req.method === 'HEAD') res.end()
  else res.end(body, 'utf8')
}

export interface FinalOptions {
  env: string
  onerror?: (err: unknown, req: IncomingMessage, res: ServerResponse) => void
}

export function finalHandler(req: IncomingMessage, res: ServerResponse, err: unknown, options: FinalOptions): void {
  let status: number
  let headers: Record<string, unknown> | undefined
  let message: string
  if (!err && res.headersSent) return
  if (err) {
    const e = (typeof err === 'object' || typeof err === 'function' ? err : {}) as HttpError
    const fromError = errorStatus(e)
    if (fromError === undefined) {
      status = responseStatus(res)
    } else {
      status = fromError
      if (e.headers && typeof e.headers === 'object') headers = { ...(e.headers as Record<string, unknown>) }
    }
    message = typeof err === 'object' || typeof err === 'function' ? errorMessage(e, status, options.env) : String(err)
    if (options.env === 'production' && (typeof err !== 'object' || err === null)) message = (statuses.message as Record<number, string>)[status]
    if (options.onerror) setImmediate(options.onerror, err, req, res)
  } else {
    status = 404
    message = 'Cannot ' + req.method + ' ' + encodeUrl(resourceName(req))
  }
  if (res.headersSent) {
    if (req.socket) req.socket.destroy()
    return
  }
  if (onFinished.isFinished(req)) {
    write(req, res, status, headers, message)
    return
  }
  // Read off the request body before answering, as Express does (within the
  // bound of src/util/drain.ts: a huge or endless upload gets its answer at
  // once, and its connection is closed if it goes on much longer).
  req.unpipe()
  drainRequest(req, res, () => write(req, res, status, headers, message))
}
