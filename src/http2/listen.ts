/**
 * `app.listen({ http2: true, ... })`: an HTTP/2 server for the app.
 *
 * With a certificate (`key` and `cert`, `pfx`, `secureContext` or
 * `SNICallback`) it is `http2.createSecureServer`, which also answers
 * HTTP/1.1 clients over the same TLS port (`allowHTTP1`, on unless set to
 * false: a browser or a tool that does not negotiate h2 still gets the app);
 * without one it is `http2.createServer`, cleartext HTTP/2 with prior
 * knowledge (h2c), which only HTTP/2 clients can talk to. Either way the
 * server builds its requests and responses with the app's own classes, for
 * HTTP/2 (src/http2/classes.ts) and for the HTTP/1.1 fallback
 * (src/app/server.ts), so nothing is re-parented per request.
 *
 * The options object holds both the server's options (node:http2's and
 * node:tls's) and where to listen (Node's `server.listen(options)` fields:
 * `port`, `host`, `path`, `backlog`, ...), told apart by name.
 */
import http2 from 'node:http2'
import type { AppInternal } from '../app/types'
import { serverClasses } from '../app/server'
import { http2Classes } from './classes'

/** The fields of Node's `server.listen(options)`. */
const LISTEN_FIELDS = new Set(['port', 'host', 'path', 'backlog', 'exclusive', 'readableAll', 'writableAll', 'ipv6Only', 'signal', 'reusePort'])
/** Fields that give the server a certificate: TLS. */
const TLS_FIELDS = ['key', 'cert', 'pfx', 'secureContext', 'SNICallback']

export interface Http2ListenOptions {
  http2: true
  allowHTTP1?: boolean
  [option: string]: unknown
}

/**
 * Whether `app.listen`'s first argument asks for HTTP/2.
 * @example isHttp2Listen({ http2: true, port: 8443 }) // true
 */
export function isHttp2Listen(arg: unknown): arg is Http2ListenOptions {
  return typeof arg === 'object' && arg !== null && (arg as { http2?: unknown }).http2 === true
}

/**
 * The HTTP/2 server for `app` described by `options`, and the options to
 * give its `listen`.
 * @example
 * const { server, listenOptions } = createHttp2Server(app, { http2: true, key, cert, port: 8443 })
 * server.listen(listenOptions)
 */
export function createHttp2Server(
  app: AppInternal,
  options: Http2ListenOptions,
): { server: http2.Http2Server | http2.Http2SecureServer; listenOptions: Record<string, unknown> } {
  const serverOptions: Record<string, unknown> = {}
  const listenOptions: Record<string, unknown> = {}
  for (const key of Object.keys(options)) {
    if (key === 'http2') continue
    if (LISTEN_FIELDS.has(key)) listenOptions[key] = options[key]
    else serverOptions[key] = options[key]
  }
  // Omitted, the port is the system's choice, as in `app.listen()`.
  if (listenOptions.port === undefined && listenOptions.path === undefined) listenOptions.port = 0
  const h2 = http2Classes(app)
  serverOptions.Http2ServerRequest = h2.Http2ServerRequest
  serverOptions.Http2ServerResponse = h2.Http2ServerResponse
  const secure = TLS_FIELDS.some((key) => options[key] !== undefined)
  if (!secure) return { server: http2.createServer(serverOptions, app as never), listenOptions }
  if (serverOptions.allowHTTP1 === undefined) serverOptions.allowHTTP1 = true
  const h1 = serverClasses(app)
  serverOptions.Http1IncomingMessage = h1.IncomingMessage
  serverOptions.Http1ServerResponse = h1.ServerResponse
  return { server: http2.createSecureServer(serverOptions, app as never), listenOptions }
}
