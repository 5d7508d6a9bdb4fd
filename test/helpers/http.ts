/**
 * Test helpers: start an app on a real HTTP server on 127.0.0.1 with an
 * ephemeral port, and make requests to it.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Running {
  url: string
  port: number
  server: http.Server
  close(): Promise<void>
}

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void

/** Serves `handler` (an app, or any request listener) until `close()`. */
export function serve(handler: Listener, server: http.Server = http.createServer(handler)): Promise<Running> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections?.()
            server.close(() => done())
          }),
      })
    })
  })
}

export interface SimpleResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** One raw HTTP request (no client-side normalisation of the path). */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<SimpleResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Serves the app for the duration of `fn` (on `server` when given). */
export async function withServer<T>(handler: Listener, fn: (srv: Running) => Promise<T>, server?: http.Server): Promise<T> {
  const srv = await serve(handler, server)
  try {
    return await fn(srv)
  } finally {
    await srv.close()
  }
}

/**
 * Like `withServer`, but the server is the app's own `app.listen(...)` one
 * (whose requests are built from the app's subclasses rather than re-parented).
 */
export async function withListen<T>(app: { listen(...args: unknown[]): http.Server }, fn: (srv: Running) => Promise<T>): Promise<T> {
  const server = await new Promise<http.Server>((resolve, reject) => {
    const s: http.Server = app.listen(0, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolve(s)))
  })
  const { port } = server.address() as AddressInfo
  try {
    return await fn({ url: `http://127.0.0.1:${port}`, port, server, close: async () => {} })
  } finally {
    server.closeAllConnections?.()
    await new Promise<void>((done) => server.close(() => done()))
  }
}

/**
 * Serves `app` and requests each path in turn with GET, recording into
 * `seen` the request and then its status (and, with `withBody`, the body of
 * an answer below 400: an error page holds the stack, which names each
 * framework's own files). For tests that compare what an app records with
 * what the same app records on Express.
 */
export async function requestInTurn(app: Listener, paths: readonly string[], seen: unknown[], withBody = false): Promise<void> {
  await withServer(app, async (srv) => {
    for (const path of paths) {
      seen.push(['request', path])
      const answer = await rawRequest(srv.port, 'GET', path)
      seen.push(withBody ? ['status', answer.status, answer.status < 400 ? answer.body.toString() : ''] : ['status', answer.status])
    }
  })
}

