/**
 * Test helpers for HTTP/2: serve an app over node:http2 on 127.0.0.1 (TLS
 * with the test certificate, or cleartext h2c), either on the app's own
 * `app.listen({ http2: true })` server or on one the test creates
 * (`http2.createSecureServer(options, app)`, as a user would), and make
 * requests with node:http2's client.
 */
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { cert, key } from './tls'
import type { Any } from './webfw'

/** How the app is served: TLS or h2c, on `app.listen` or on a server made by hand. */
export type H2Mode = 'tls-listen' | 'tls-server' | 'h2c-listen' | 'h2c-server'
/** How long a request may go without any frame before the test fails instead of hanging. */
const HANG_MS = 10000

export const H2_MODES: readonly H2Mode[] = ['tls-listen', 'tls-server', 'h2c-listen', 'h2c-server']

export interface H2Running {
  /** `https://localhost:<port>` or `http://127.0.0.1:<port>` */
  url: string
  port: number
  tls: boolean
  server: http2.Http2Server | http2.Http2SecureServer
  close(): Promise<void>
}

export interface H2Reply {
  status: number
  /** Response header fields without the `:status` pseudo-header. */
  headers: http2.IncomingHttpHeaders
  bytes: Buffer
  text: string
  json(): Any
}

export interface H2Request {
  method?: string
  path?: string
  headers?: http2.OutgoingHttpHeaders
  body?: string | Buffer
  /** Body written in several writes (no Content-Length unless given in `headers`). */
  chunks?: Array<string | Buffer>
}

/** Starts `app` in `mode`; the server is closed (sessions too) by `close()`. */
export function h2serve(app: Any, mode: H2Mode, options: Record<string, unknown> = {}): Promise<H2Running> {
  const tls = mode.startsWith('tls')
  let server: http2.Http2Server | http2.Http2SecureServer
  if (mode === 'tls-listen') server = app.listen({ http2: true, key, cert, host: '127.0.0.1', port: 0, ...options })
  else if (mode === 'h2c-listen') server = app.listen({ http2: true, host: '127.0.0.1', port: 0, ...options })
  else if (mode === 'tls-server') server = http2.createSecureServer({ key, cert, allowHTTP1: true, ...options }, app).listen(0, '127.0.0.1')
  else server = http2.createServer(options, app).listen(0, '127.0.0.1')
  const sessions = new Set<http2.ServerHttp2Session>()
  server.on('session', (session: http2.ServerHttp2Session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    const ready = (): void => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`,
        port,
        tls,
        server,
        close: () =>
          new Promise<void>((done) => {
            for (const session of sessions) session.destroy()
            server.close(() => done())
          }),
      })
    }
    if (server.listening) ready()
    else server.once('listening', ready)
  })
}

/** Serves `app` in `mode` for the duration of `fn`. */
export async function withH2<T>(app: Any, mode: H2Mode, fn: (srv: H2Running) => Promise<T>, options?: Record<string, unknown>): Promise<T> {
  const srv = await h2serve(app, mode, options)
  try {
    return await fn(srv)
  } finally {
    await srv.close()
  }
}

/** A client session to `srv` (trusting the test certificate). */
export function h2connect(srv: { url: string }): http2.ClientHttp2Session {
  const session = http2.connect(srv.url, { ca: cert })
  // Errors surface on the requests; a session error must not end the test process.
  session.on('error', () => {})
  return session
}

/** One request on `session`; resolves when the response has ended. */
export function h2send(session: http2.ClientHttp2Session, init: H2Request = {}): Promise<H2Reply> {
  return new Promise((resolve, reject) => {
    const headers: http2.OutgoingHttpHeaders = { ':method': init.method ?? 'GET', ':path': init.path ?? '/', ...init.headers }
    const hasBody = init.body !== undefined || init.chunks !== undefined
    const stream = session.request(headers, { endStream: !hasBody })
    let status = 0
    let responseHeaders: http2.IncomingHttpHeaders = {}
    const parts: Buffer[] = []
    stream.on('response', (h) => {
      status = Number(h[':status'])
      responseHeaders = { ...h }
      delete responseHeaders[':status']
    })
    stream.on('data', (c: Buffer) => parts.push(c))
    stream.on('end', () => {
      const bytes = Buffer.concat(parts)
      const text = bytes.toString()
      resolve({ status, headers: responseHeaders, bytes, text, json: () => JSON.parse(text) })
    })
    stream.on('error', reject)
    // A guard against a stream the server never answers (a hang), not a timing check.
    stream.setTimeout(HANG_MS, () => {
      stream.close()
      reject(new Error(`no complete response to ${String(headers[':method'])} ${String(headers[':path'])} in ${HANG_MS} ms`))
    })
    if (init.chunks !== undefined) {
      for (const chunk of init.chunks) stream.write(chunk)
      stream.end()
    } else if (init.body !== undefined) {
      stream.end(init.body)
    }
  })
}

/** One request to `srv` on a session of its own. */
export async function h2request(srv: { url: string }, init: H2Request = {}): Promise<H2Reply> {
  const session = h2connect(srv)
  try {
    return await h2send(session, init)
  } finally {
    session.close()
  }
}

/** Serves `app` in `mode`, makes one request, closes the server. */
export function h2call(app: Any, mode: H2Mode, init: H2Request = {}): Promise<H2Reply> {
  return withH2(app, mode, (srv) => h2request(srv, init))
}
