/**
 * A small HTTP client for middleware tests: exact control over headers and
 * body framing (Content-Length, chunked, several writes), the body back as
 * bytes, and a raw-socket sender for requests a client library would refuse
 * or normalise (bad escapes, aborted uploads).
 */
import http from 'node:http'
import net from 'node:net'

export interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  bytes: Buffer
  text: string
  json(): any // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface Send {
  method?: string
  path?: string
  headers?: Record<string, string | number>
  /** Whole body in one write (Node adds Content-Length unless headers say otherwise). */
  body?: string | Buffer
  /** Body written in several writes, `gapMs` apart. */
  chunks?: Array<string | Buffer>
  gapMs?: number
}

export function send(port: number, opts: Send = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: opts.method ?? 'POST', path: opts.path ?? '/', headers: opts.headers, agent: false },
      (res) => {
        const parts: Buffer[] = []
        res.on('data', (c: Buffer) => parts.push(c))
        res.on('end', () => {
          const bytes = Buffer.concat(parts)
          const text = bytes.toString()
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, text, json: () => JSON.parse(text) })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    if (opts.chunks) {
      const chunks = opts.chunks.slice()
      const next = () => {
        const chunk = chunks.shift()
        if (chunk === undefined) req.end()
        else {
          req.write(chunk)
          setTimeout(next, opts.gapMs ?? 5)
        }
      }
      next()
    } else {
      req.end(opts.body)
    }
  })
}

/** Writes `head` (and optional body bytes) on a raw socket and returns the reply as text. */
export function sendRaw(port: number, head: string, body?: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head)
      if (body) socket.write(body)
    })
    const parts: Buffer[] = []
    socket.on('data', (c: Buffer) => {
      parts.push(c)
      // One response is enough; the server may keep the connection open.
      const text = Buffer.concat(parts).toString('latin1')
      const headEnd = text.indexOf('\r\n\r\n')
      if (headEnd !== -1) {
        const m = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, headEnd))
        if (m && text.length >= headEnd + 4 + Number(m[1])) socket.end()
      }
    })
    socket.on('end', () => resolve(Buffer.concat(parts).toString('latin1')))
    socket.on('error', reject)
  })
}

/** Starts an upload on a raw socket, sends `partial` bytes of the body, then drops the connection. */
export function abortUpload(port: number, head: string, partial: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head)
      // TCP delivers the bytes before the close, so the server reads the head
      // and the partial body, then the end of the connection: no delay needed.
      socket.write(partial, () => socket.destroy())
    })
    socket.on('close', () => resolve())
    socket.on('error', reject)
  })
}
