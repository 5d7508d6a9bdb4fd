/**
 * An app's HTTP/2 request and response: classes extending node:http2's
 * Http2ServerRequest / Http2ServerResponse whose prototypes are the app's
 * `app.request` / `app.response` with node:http2's transport members laid
 * over them (transport.ts explains the layering). `app.listen({ http2: true })`
 * gives the classes to node:http2, so its requests are built with the app's
 * members; a request from an HTTP/2 server webfw did not create
 * (`http2.createSecureServer(options, app)`, a mounted sub-app) is
 * re-parented onto the same prototypes, as Express does for node:http.
 *
 *   WebfwHttp2Request.prototype (Http2ServerRequest's members) ──▶ app.request ──▶ request API ──▶ …
 *   WebfwHttp2Response.prototype (Http2ServerResponse's members,
 *     node:http's header rules, _implicitHeader) ──▶ app.response ──▶ response API ──▶ …
 */
import http2 from 'node:http2'
import type { IncomingHttpHeaders } from 'node:http2'
import type { AppInternal } from '../app/types'
import { headerRules } from './header-rules'
import { requestTransport, responseTransport } from './transport'

export const kHttp2Classes = Symbol('webfw.app.http2Classes')

export interface Http2Classes {
  Http2ServerRequest: typeof http2.Http2ServerRequest
  Http2ServerResponse: typeof http2.Http2ServerResponse
}

type AppWithHttp2 = AppInternal & { [kHttp2Classes]?: Http2Classes }

type RequestConstructor = new (
  stream: http2.ServerHttp2Stream,
  headers: IncomingHttpHeaders,
  options: object,
  rawHeaders: string[],
) => http2.Http2ServerRequest
type ResponseConstructor = new (stream: http2.ServerHttp2Stream, options?: object) => http2.Http2ServerResponse

/**
 * The two header fields node:http requests carry and HTTP/2 requests may
 * lack, derived from what HTTP/2 says instead, so that code written for
 * node:http reads the same request the same way:
 *
 * - `host`: HTTP/2 clients name the host in the `:authority` pseudo-header
 *   and usually send no Host (RFC 9113 §8.3.1). Express applications and
 *   middleware read `req.headers.host` / `req.get('host')` directly (absolute
 *   URLs, virtual hosts), as do `req.host` and `req.hostname`. A Host the
 *   client did send is kept.
 * - `transfer-encoding: chunked` when the request has a body (its HEADERS
 *   frame did not end the stream) of unannounced length: HTTP/2 has no
 *   chunked coding, a body simply follows in DATA frames, but `type-is` —
 *   under webfw's body parsers, `req.is`, body-parser, multer — decides
 *   whether a request has a body from Content-Length or Transfer-Encoding,
 *   and would skip such a body. This is how an HTTP/2-to-HTTP/1.1 gateway
 *   forwards it too.
 * @example http1Fields(req.headers, req.stream)
 */
export function http1Fields(headers: IncomingHttpHeaders, stream: http2.ServerHttp2Stream): void {
  if (headers.host === undefined) {
    const authority = headers[':authority']
    if (typeof authority === 'string') headers.host = authority
  }
  if (!stream.endAfterHeaders && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
    headers['transfer-encoding'] = 'chunked'
  }
}

const nodeResponseSocket = (Object.getOwnPropertyDescriptor(http2.Http2ServerResponse.prototype, 'socket') as PropertyDescriptor).get as (
  this: http2.Http2ServerResponse,
) => object | undefined

/** The socket view of HEAD responses (see `socket` below), one per Node socket proxy. */
const headSockets = new WeakMap<object, object>()

const headSocketHandler: ProxyHandler<object> = {
  get(target, prop) {
    // Node's proxy answers `destroyed` from the stream.
    if (prop === 'writable') return !Reflect.get(target, 'destroyed')
    return Reflect.get(target, prop)
  },
}

const responseExtras: PropertyDescriptorMap = {
  /**
   * `res.socket` (and so `res.connection`), except that for a HEAD request
   * it stays `writable` until the stream is destroyed. node:http2 ends the
   * writable side of a HEAD stream as soon as it arrives, and its socket
   * view reports that as `writable: false`; on-finished (used by webfw's
   * file sender and by many middleware) takes that for a connection gone
   * and would report the response finished before it began.
   */
  socket: {
    configurable: true,
    get(this: http2.Http2ServerResponse) {
      const socket = nodeResponseSocket.call(this)
      if (socket === undefined || !(this.stream as { headRequest?: boolean }).headRequest) return socket
      let view = headSockets.get(socket)
      if (view === undefined) headSockets.set(socket, (view = new Proxy(socket, headSocketHandler)))
      return view
    },
  },
  /**
   * node:http's name for "write the head with the current status", which
   * middleware written for node:http calls (compression does, before its
   * first write); Http2ServerResponse has no such method.
   */
  _implicitHeader: {
    configurable: true,
    writable: true,
    value: function _implicitHeader(this: http2.Http2ServerResponse) {
      this.writeHead(this.statusCode)
    },
  },
}

/**
 * The app's HTTP/2 request and response classes, created on first use.
 * @example http2.createServer({ ...http2Classes(app) }, app)
 */
export function http2Classes(app: AppInternal): Http2Classes {
  const holder = app as AppWithHttp2
  let classes = holder[kHttp2Classes]
  if (classes !== undefined) return classes

  // Constructors written out with node:http2's arguments, as in
  // src/app/server.ts (an implicit one forwards a rest array).
  class WebfwHttp2Request extends (http2.Http2ServerRequest as unknown as RequestConstructor) {
    constructor(stream: http2.ServerHttp2Stream, headers: IncomingHttpHeaders, options: object, rawHeaders: string[]) {
      http1Fields(headers, stream)
      super(stream, headers, options, rawHeaders)
    }
  }
  Object.setPrototypeOf(WebfwHttp2Request.prototype, app.request)
  Object.defineProperties(WebfwHttp2Request.prototype, requestTransport())

  class WebfwHttp2Response extends (http2.Http2ServerResponse as unknown as ResponseConstructor) {
    constructor(stream: http2.ServerHttp2Stream, options?: object) {
      super(stream, options)
    }
  }
  Object.setPrototypeOf(WebfwHttp2Response.prototype, app.response)
  Object.defineProperties(WebfwHttp2Response.prototype, responseTransport())
  Object.defineProperties(WebfwHttp2Response.prototype, headerRules())
  Object.defineProperties(WebfwHttp2Response.prototype, responseExtras)

  classes = {
    Http2ServerRequest: WebfwHttp2Request as unknown as typeof http2.Http2ServerRequest,
    Http2ServerResponse: WebfwHttp2Response as unknown as typeof http2.Http2ServerResponse,
  }
  holder[kHttp2Classes] = classes
  return classes
}

/**
 * Gives an HTTP/2 request and response that were not built with `app`'s
 * classes the app's prototypes (what `Object.setPrototypeOf(req,
 * app.request)` does for node:http's).
 * @example if (req.httpVersionMajor === 2) adoptHttp2(app, req, res)
 */
export function adoptHttp2(app: AppInternal, req: object, res: object): void {
  const classes = http2Classes(app)
  const requestProto = classes.Http2ServerRequest.prototype
  if (Object.getPrototypeOf(req) !== requestProto) {
    const request = req as http2.Http2ServerRequest
    http1Fields(request.headers, request.stream)
    Object.setPrototypeOf(req, requestProto)
  }
  const responseProto = classes.Http2ServerResponse.prototype
  if (Object.getPrototypeOf(res) !== responseProto) Object.setPrototypeOf(res, responseProto)
}
