/**
 * Helpers for the reqlog tests: a stream that collects log lines and lets a
 * test wait for them, servers with loggers in front of a handler, and raw
 * socket exchanges for requests no HTTP client would send.
 */
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { serve, type Running } from '../helpers/http'
import type { Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const reqlog: Any = require('webfw/reqlog')

/** How long a test waits for a line before failing (a guard against hangs, not a timing check). */
const WAIT_MS = 30_000

/** A writable that records every write and lets tests await them. */
export class LineSink {
  readonly writes: string[] = []
  private waiters: Array<() => void> = []

  readonly write = (chunk: string): boolean => {
    this.writes.push(chunk)
    for (const wake of this.waiters.splice(0)) wake()
    return true
  }

  /** Lines written so far, without their newline. */
  get lines(): string[] {
    return this.writes.join('').split('\n').slice(0, -1)
  }

  /** Resolves once at least `count` writes were made. */
  async waitWrites(count = 1): Promise<string[]> {
    const deadline = Date.now() + WAIT_MS
    while (this.writes.length < count) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`expected ${count} write(s), got ${this.writes.length}: ${JSON.stringify(this.writes)}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    return this.writes
  }

  /** Resolves with line `index` (0-based) once it is written. */
  async line(index = 0): Promise<string> {
    await this.waitWrites(index + 1)
    return this.lines[index]
  }
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void
type Middleware = (req: Any, res: Any, next: (err?: unknown) => void) => void

/** A plain node:http server running `middlewares` in order, then `handler` (default: 200 "ok"). */
export function plainServer(middlewares: Middleware[], handler?: Handler): Promise<Running> {
  const last: Handler = handler ?? ((req, res) => {
    res.setHeader('Content-Type', 'text/plain')
    res.end('ok')
  })
  return serve((req, res) => {
    let i = 0
    const next = (err?: unknown): void => {
      if (err) {
        res.statusCode = 500
        res.end(String(err))
        return
      }
      const mw = middlewares[i++]
      if (mw) mw(req, res, next)
      else last(req, res)
    }
    next()
  })
}

/**
 * Logs one request made to a plain server with `reqlog(format, options)` in
 * front of `handler`, and returns the line.
 */
export async function logOne(
  format: unknown,
  options: Record<string, unknown> = {},
  handler?: Handler,
  request: { method?: string; path?: string; headers?: Record<string, string | string[]> } = {},
): Promise<{ line: string; status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const sink = new LineSink()
  const srv = await plainServer([reqlog(format, { ...options, stream: sink })], handler)
  try {
    const res = await send(srv.port, request.method ?? 'GET', request.path ?? '/', request.headers ?? {})
    const line = await sink.line(0)
    return { line, ...res }
  } finally {
    await srv.close()
  }
}

/** An HTTP request with headers that may repeat (array values). */
export function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string | string[]> = {},
  body?: string,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Sends `raw` (latin1 bytes) on a fresh socket and resolves with everything received until close. */
export function rawExchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(Buffer.from(raw, 'latin1')))
    let data = ''
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')))
    socket.on('error', reject)
    socket.on('close', () => resolve(data))
  })
}

/** Port of a listening server. */
export function portOf(server: http.Server): number {
  return (server.address() as AddressInfo).port
}

/** `Basic` credentials for `user:pass`, encoded as UTF-8. */
export function basic(user: string, pass = 'secret'): string {
  return 'Basic ' + Buffer.from(`${user}:${pass}`, 'utf8').toString('base64')
}

/** Collects process warnings emitted while `fn` runs (and the turn after). */
export async function collectWarnings<T>(fn: () => Promise<T> | T): Promise<{ result: T; warnings: Error[] }> {
  const warnings: Error[] = []
  const listener = (w: Error): void => {
    warnings.push(w)
  }
  process.on('warning', listener)
  try {
    const result = await fn()
    await new Promise((resolve) => setImmediate(resolve))
    await new Promise((resolve) => setImmediate(resolve))
    return { result, warnings }
  } finally {
    process.off('warning', listener)
  }
}

/** Replaces ANSI colour sequences with `<n>` so colour assertions read clearly. */
export function showColours(line: string): string {
  // eslint-disable-next-line no-control-regex
  return line.replace(/\x1b\[(\d+)m/g, '<$1>')
}
