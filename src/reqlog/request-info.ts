/**
 * What the built-in tokens read from a request and a response, written for
 * any Express-like pair: Node's own objects, an Express or webfw request
 * (`req.ip`, `req.originalUrl`), or plain objects. Nothing here throws on a
 * missing member.
 */
import type { LogRequest, LogResponse } from './types'

/** Whether the response head has been written. */
export function headersSent(res: LogResponse): boolean {
  return typeof res.headersSent === 'boolean' ? res.headersSent : Boolean(res._header)
}

/** `req.ip` (Express-like apps), else the address captured on arrival, else the socket's. */
export function remoteAddress(req: LogRequest): string | undefined {
  return readIp(req) || req._remoteAddress || socketAddress(req)
}

/** The address on arrival, kept on the request because the socket may be gone when the line is logged. */
export function arrivalAddress(req: LogRequest): string | undefined {
  return readIp(req) || socketAddress(req)
}

function readIp(req: LogRequest): string | undefined {
  // an Express `req.ip` getter needs the socket, which a proxy or a test may have removed
  try {
    return req.ip
  } catch {
    return undefined
  }
}

function socketAddress(req: LogRequest): string | undefined {
  const socket = req.socket || req.connection
  return socket ? socket.remoteAddress : undefined
}

/** A header value as one string; repeated headers joined with ", ". */
export function headerText(value: string | number | string[] | undefined): string | number | undefined {
  return Array.isArray(value) ? value.join(', ') : value
}
