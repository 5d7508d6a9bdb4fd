/**
 * The transport layer of an HTTP/2 request or response: the members of Node's
 * Http2ServerRequest / Http2ServerResponse, as property descriptors to lay
 * over an app's `app.request` / `app.response`.
 *
 * webfw's request and response APIs (and every app's `app.request` and
 * `app.response`, which users extend) inherit from node:http's
 * IncomingMessage and ServerResponse. An HTTP/2 request is built by
 * node:http2's compatibility classes, whose internals are different: put
 * under `app.request` as it is, the IncomingMessage members would run on it
 * and fail (`IncomingMessage.prototype._read` on an Http2ServerRequest is the
 * crash Express users see). So an HTTP/2 request's prototype is one more
 * object above `app.request`, holding:
 *
 * - every member Http2ServerRequest.prototype defines itself, and
 * - for every member node:http's classes define that node:http2's do not,
 *   what Http2ServerRequest would find in its place (a stream member such as
 *   `Readable.prototype._destroy`), or `undefined`.
 *
 * Looked up on such a request, any name Node defines resolves exactly as on a
 * plain Http2ServerRequest, and every other name as on `app.request`: the
 * app's own members and what users add to `app.request` later. The two
 * chains meet at `Readable.prototype` (requests) and the legacy
 * `Stream.prototype` (responses), which both classes extend. The lists of
 * members are read from the running Node, so members a Node version adds or
 * drops are shadowed the same way.
 */
import http from 'node:http'
import http2 from 'node:http2'

/**
 * Descriptors that make an object placed above `below` (whose chain holds the
 * `shadowed` prototypes) resolve Node's names as on `transport`.
 */
function layerOver(transport: object, shadowed: object[]): PropertyDescriptorMap {
  const layer: PropertyDescriptorMap = {}
  for (const key of Reflect.ownKeys(transport)) {
    if (key === 'constructor') continue
    layer[key as string] = Object.getOwnPropertyDescriptor(transport, key) as PropertyDescriptor
  }
  const base = Object.getPrototypeOf(transport) as object
  for (const proto of shadowed) {
    for (const key of Reflect.ownKeys(proto)) {
      if (key === 'constructor' || Object.prototype.hasOwnProperty.call(layer, key)) continue
      layer[key as string] = inherited(base, key) ?? { configurable: true, writable: true, value: undefined }
    }
  }
  return layer
}

/** The descriptor `key` resolves to along `proto`'s chain, if any. */
function inherited(proto: object | null, key: string | symbol): PropertyDescriptor | undefined {
  for (let p = proto; p !== null; p = Object.getPrototypeOf(p) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(p, key)
    if (descriptor !== undefined) return descriptor
  }
  return undefined
}

/**
 * The prototypes on `http1`'s chain below the base it shares with `http2`
 * (IncomingMessage.prototype for requests; ServerResponse.prototype and
 * OutgoingMessage.prototype for responses).
 */
function below(http1: object, http2: object): object[] {
  const base = Object.getPrototypeOf(http2) as object
  const list: object[] = []
  for (let p: object | null = http1; p !== null && p !== base; p = Object.getPrototypeOf(p) as object | null) list.push(p)
  return list
}

/**
 * Node's HTTP/2 request members, to define on the object above an
 * `app.request`.
 * @example Object.defineProperties(Object.create(app.request), requestTransport())
 */
export const requestTransport: () => PropertyDescriptorMap = once(() =>
  layerOver(http2.Http2ServerRequest.prototype, below(http.IncomingMessage.prototype, http2.Http2ServerRequest.prototype)),
)

/**
 * Node's HTTP/2 response members, to define on the object above an
 * `app.response`.
 * @example Object.defineProperties(Object.create(app.response), responseTransport())
 */
export const responseTransport: () => PropertyDescriptorMap = once(() =>
  layerOver(http2.Http2ServerResponse.prototype, below(http.ServerResponse.prototype, http2.Http2ServerResponse.prototype)),
)

function once<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value === undefined ? (value = make()) : value)
}
