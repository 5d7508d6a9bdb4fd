/**
 * The rules node:http applies to response headers where they are set, and
 * node:http2's compatibility response does not, enforced on webfw's HTTP/2
 * responses so an app behaves the same on both (src/http2/classes.ts puts
 * these methods on the HTTP/2 response prototype).
 *
 * - Names and values are checked as node:http checks them
 *   (`http.validateHeaderName`, `http.validateHeaderValue`): an invalid name
 *   or a value with CR, LF or another control character throws the same
 *   TypeError at the call. node:http2 accepts such a value and the stream is
 *   then reset when the head is written (no response at all), and it
 *   destroys the stream for an invalid name rather than throw; webfw's own
 *   guards against header injection (`res.set`, `res.links`, `res.location`
 *   throwing on CR/LF) rely on the throw.
 * - Connection-specific fields are dropped. HTTP/2 has no Connection,
 *   Keep-Alive, Proxy-Connection, Transfer-Encoding, Upgrade or
 *   HTTP2-Settings header, and TE only as "trailers" (RFC 9113 §8.2.2).
 *   Express code sets some of them (`res.set('Connection', 'close')`, a proxy
 *   copying upstream headers, a streaming helper setting
 *   `Transfer-Encoding: chunked`). node:http2 accepts them in setHeader and
 *   then throws ERR_HTTP2_INVALID_CONNECTION_HEADERS when the head is written
 *   (Node 18, 20 and 24; only Connection is dropped, with a warning): inside
 *   `res.end`, where the application cannot catch it, and the stream is never
 *   answered. Here they are dropped where they are set, so they are never
 *   sent, `getHeader` does not report them, and nothing throws.
 *
 * Both apply to setHeader, appendHeader and the fields given to writeHead.
 * Wrappers that middleware installs on the instance (compression,
 * on-headers) end in these methods, so their headers are covered too.
 *
 * A field setHeader admits passes node:http2's own setHeader checks as
 * well (they are a subset of node:http's for a string name), so it is
 * stored into node:http2's header table under its lower-cased name, as
 * node:http2's setHeader would store it, without checking it twice.
 */
import { EventEmitter } from 'node:events'
import { validateHeaderName, validateHeaderValue } from 'node:http'
import http2 from 'node:http2'
import { useHttp2Table } from '../response/header-table'

const FORBIDDEN = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings'])

/**
 * Whether the field `name: value` may not be sent on an HTTP/2 stream.
 * @example isConnectionSpecific('Transfer-Encoding', 'chunked') // true
 */
export function isConnectionSpecific(name: string, value: unknown): boolean {
  return isConnectionSpecificKey(name.toLowerCase(), value)
}

/** `isConnectionSpecific` for a name already lower-cased. */
function isConnectionSpecificKey(key: string, value: unknown): boolean {
  // node:http2 accepts TE only with exactly this value.
  if (key === 'te') return value !== 'trailers'
  return FORBIDDEN.has(key)
}

type Fields = Record<string, unknown> | unknown[]

/** Checks one field as node:http would; whether it may be sent on HTTP/2. */
function admit(name: unknown, value: unknown): boolean {
  // Not a string: node:http2 reports it (as node:http does).
  if (typeof name !== 'string') return true
  validateHeaderName(name)
  validateHeaderValue(name, value as string)
  return !isConnectionSpecific(name, value)
}

/**
 * `fields` (an object, a flat [name, value, ...] list or a list of pairs)
 * checked, without connection-specific ones.
 */
function admitted(fields: Fields): Fields {
  if (!Array.isArray(fields)) {
    let copy: Record<string, unknown> | undefined
    for (const key of Object.keys(fields)) {
      if (admit(key, fields[key])) continue
      if (copy === undefined) copy = { ...fields }
      delete copy[key]
    }
    return copy ?? fields
  }
  if (fields.length !== 0 && Array.isArray(fields[0])) {
    return fields.filter((pair) => !Array.isArray(pair) || admit(pair[0], pair[1]))
  }
  const flat: unknown[] = []
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (admit(fields[i], fields[i + 1])) flat.push(fields[i], fields[i + 1])
  }
  // An odd-length list keeps its last name, for Node to refuse as it would.
  return fields.length % 2 === 0 ? flat : flat.concat(fields.slice(-1))
}

interface Http2Response {
  headersSent: boolean
}

type Method = (this: Http2Response, ...args: unknown[]) => unknown

const node = http2.Http2ServerResponse.prototype as unknown as Record<string, Method | undefined>

type ResponseConstructor = new (stream: http2.ServerHttp2Stream) => http2.Http2ServerResponse

/**
 * The key under which node:http2's compatibility response keeps its header
 * table (lower-cased name to value, no prototype), read from a response made
 * on a stand-in stream; `undefined` if this Node keeps it otherwise.
 */
function findHeaderTableKey(): symbol | undefined {
  try {
    const probe = new (http2.Http2ServerResponse as unknown as ResponseConstructor)(new EventEmitter() as unknown as http2.ServerHttp2Stream)
    const held = probe as unknown as Record<symbol, unknown>
    return Object.getOwnPropertySymbols(probe).find((key) => {
      const table = held[key]
      return key.description === 'headers' && typeof table === 'object' && table !== null && Object.getPrototypeOf(table) === null
    })
  } catch {
    // another shape: every header goes through node:http2's setHeader
    return undefined
  }
}

/**
 * setHeader, appendHeader (where Node has it) and writeHead with node:http's
 * checks, dropping connection-specific fields, as descriptors for the HTTP/2
 * response prototype. After the head is sent the calls go to Node as they
 * are, which throws ERR_HTTP2_HEADERS_SENT as for any header.
 * @example Object.defineProperties(proto, headerRules())
 */
export function headerRules(): PropertyDescriptorMap {
  // One set of functions for every app, so that src/response/header-table.ts
  // can tell webfw's HTTP/2 setHeader by identity.
  if (rules === undefined) rules = makeHeaderRules(findHeaderTableKey())
  return rules
}

let rules: PropertyDescriptorMap | undefined

/** The rules' methods; `key` names node:http2's header table, where they store a field themselves. */
function makeHeaderRules(key: symbol | undefined): PropertyDescriptorMap {
  const setHeader = node.setHeader as Method
  const writeHead = node.writeHead as Method
  const methods: Record<string, Method> = {
    // Returns the response, as node:http's setHeader does (node:http2's returns undefined).
    setHeader(name: unknown, value: unknown) {
      if (this.headersSent) {
        setHeader.call(this, name, value) // throws ERR_HTTP2_HEADERS_SENT
        return this
      }
      const table = key === undefined ? undefined : (this as unknown as Record<symbol, Record<string, unknown> | undefined>)[key]
      // A non-string name and a null value go to node:http2's setHeader, to
      // be refused with its errors.
      if (table === undefined || typeof name !== 'string' || value === null) {
        if (admit(name, value)) setHeader.call(this, name, value)
        return this
      }
      validateHeaderName(name)
      validateHeaderValue(name, value as string)
      // A field checked so passes node:http2's own checks too: a token (not
      // empty, no space, no ":" of a pseudo-header, nothing to trim), a value
      // that is not undefined. Unless connection-specific (dropped, and so
      // never a Connection field), what is left of node:http2's setHeader is
      // the store under the lower-cased name, made once for both.
      const lower = name.toLowerCase()
      if (!isConnectionSpecificKey(lower, value)) table[lower] = value
      return this
    },
    writeHead(status: unknown, reason?: unknown, fields?: unknown) {
      if (this.headersSent) return writeHead.apply(this, arguments as unknown as unknown[])
      if (fields === undefined && reason !== null && typeof reason === 'object') {
        return writeHead.call(this, status, admitted(reason as Fields))
      }
      if (fields !== null && typeof fields === 'object') {
        return writeHead.call(this, status, reason, admitted(fields as Fields))
      }
      return writeHead.apply(this, arguments as unknown as unknown[])
    },
  }
  const appendHeader = node.appendHeader
  if (appendHeader !== undefined) {
    methods.appendHeader = function appendHeader(this: Http2Response, name: unknown, value: unknown) {
      if (this.headersSent || admit(name, value)) appendHeader.call(this, name, value)
      return this
    }
  }
  const descriptors: PropertyDescriptorMap = {}
  for (const name of Object.keys(methods)) {
    descriptors[name] = { configurable: true, writable: true, value: methods[name] }
  }
  // src/response/header-table.ts writes webfw's own headers into the same
  // table, on responses whose setHeader is this one.
  if (key !== undefined) useHttp2Table({ setHeader: methods.setHeader, getHeader: node.getHeader, key })
  return descriptors
}
