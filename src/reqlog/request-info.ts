/**
 * What the built-in tokens read from a request and a response, written for
 * any Express-like pair: Node's own objects, an Express or webfw request
 * (`req.ip`, `req.originalUrl`), or plain objects. Nothing here throws on a
 * missing member.
 */
import { contentLengthHeader } from '../response/header-table'
import type { LogRequest, LogResponse } from './types'

/**
 * The header fields given to `res.writeHead(status, [reason], fields)`, kept
 * by reqlog's writeHead hook. Node stores such fields where `getHeader` sees
 * them only when the response already had headers set; otherwise it writes
 * them straight out, and `:res[name]` must look here (morgan's on-headers
 * instead rewrites them into `setHeader` calls, altering the call).
 */
export const kHeadFields = Symbol('reqlog.writeHeadFields')

type HeadFields = Record<string, unknown> | unknown[]

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

/**
 * Response header `name` as the client receives it: `getHeader`, else the
 * fields passed to `writeHead` (object, flat `[name, value, ...]` array, or
 * array of pairs), matched case-insensitively; repeated names are joined.
 */
export function responseHeader(res: LogResponse, name: string): string | number | undefined {
  const value = typeof res.getHeader === 'function' ? res.getHeader(name) : undefined
  return value !== undefined ? headerText(value) : headFieldText(res, name.toLowerCase())
}

/**
 * `responseHeader(res, 'content-length')`, the header every predefined
 * format but one logs. Where the response's `getHeader` is node:http's own,
 * its table is read directly (src/response/header-table.ts): the same
 * value, without lower-casing the constant name on every line.
 */
export function responseContentLength(res: LogResponse): string | number | undefined {
  const value = typeof res.getHeader === 'function' ? contentLengthHeader.read(res as never, 'content-length') : undefined
  return value !== undefined ? headerText(value as string | number | string[]) : headFieldText(res, 'content-length')
}

/** Header `lower` from the fields the response's `writeHead` was given, if it was given any. */
function headFieldText(res: LogResponse, lower: string): string | number | undefined {
  const fields = (res as { [kHeadFields]?: HeadFields })[kHeadFields]
  return fields === undefined ? undefined : headerText(fieldFrom(fields, lower))
}

function fieldFrom(fields: HeadFields, lower: string): string | number | string[] | undefined {
  if (!Array.isArray(fields)) {
    // like setHeader per key: the last key of that name (in any case) wins
    let found: unknown
    for (const key of Object.keys(fields)) if (key.toLowerCase() === lower) found = fields[key]
    return found as string | number | string[] | undefined
  }
  const values: unknown[] = []
  const pairs = fields.length > 0 && Array.isArray(fields[0])
  const step = pairs ? 1 : 2
  for (let i = 0; i < fields.length; i += step) {
    const entry = fields[i]
    const [key, value] = pairs ? (Array.isArray(entry) ? entry : []) : [entry, fields[i + 1]]
    if (typeof key === 'string' && key.toLowerCase() === lower) values.push(...(Array.isArray(value) ? value : [value]))
  }
  return values.length === 0 ? undefined : values.length === 1 ? (values[0] as string) : values.map(String)
}

/** A header value as one string; repeated headers joined with ", ". */
export function headerText(value: string | number | string[] | undefined): string | number | undefined {
  return Array.isArray(value) ? value.join(', ') : value
}
