/**
 * One real HTTP request to an app: `call` serves the app on an ephemeral
 * port, sends the request (headers may repeat: give an array), and returns
 * status, headers and body. `rawHttp` sends bytes exactly as given (for
 * requests a client library would not produce, e.g. no Host header).
 */
import http from 'node:http'
import net from 'node:net'
import { withServer, type SimpleResponse } from './http'
import type { Any } from './webfw'

export interface CallInit {
  method?: string
  headers?: http.OutgoingHttpHeaders
  body?: string | Buffer
}

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void

export function request(port: number, path: string, init: CallInit = {}): Promise<SimpleResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: init.method ?? 'GET', path, headers: init.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(init.body)
  })
}

/** Serves `app`, makes one request, closes the server. */
export function call(app: Listener, path = '/', init: CallInit = {}): Promise<SimpleResponse> {
  return withServer(app, (srv) => request(srv.port, path, init))
}

/** Serves `app` and writes `text` to a raw socket; resolves with the raw response. */
export function rawHttp(app: Listener, text: string): Promise<string> {
  return withServer(
    app,
    (srv) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(srv.port, '127.0.0.1', () => socket.end(text))
        let data = ''
        socket.setEncoding('latin1')
        socket.on('data', (c: string) => (data += c))
        socket.on('end', () => resolve(data))
        socket.on('error', reject)
      }),
  )
}

/** Runs `fn` in a handler and answers its result as JSON, or a thrown error as `{ error: name, message }` (500). */
export function probe(fn: (req: Any, res: Any) => unknown): (req: Any, res: Any) => void {
  return (req, res) => {
    let value: unknown
    try {
      value = fn(req, res)
    } catch (err) {
      const e = err as Error
      res.statusCode = 500
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify({ error: e.name, code: (e as { code?: string }).code, message: e.message }))
      return
    }
    if (res.headersSent || res.writableEnded) return
    res.setHeader('Content-Type', 'application/json')
    res.end(JSON.stringify({ value: value === undefined ? '<undefined>' : value }))
  }
}
