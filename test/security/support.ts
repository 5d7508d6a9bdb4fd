/**
 * Helpers for the attack-class tests: a raw socket conversation that can
 * send a request in pieces, stop sending, and read whatever comes back
 * (status line, headers, body) until the server answers or closes.
 */
import net from 'node:net'

export interface RawReply {
  /** Everything received, as latin1 text. */
  text: string
  status: number
  /** Header lines, lower-cased names, in order (repeats kept). */
  headers: [string, string][]
  body: string
  /** Whether the server closed the connection. */
  closed: boolean
}

/** Splits an HTTP/1.1 response head from its body. */
export function parseReply(text: string, closed: boolean): RawReply {
  const end = text.indexOf('\r\n\r\n')
  const head = end === -1 ? text : text.slice(0, end)
  const lines = head.split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0)
  const headers: [string, string][] = lines.slice(1).map((l) => {
    const colon = l.indexOf(':')
    return [l.slice(0, colon).toLowerCase(), l.slice(colon + 1).trim()]
  })
  return { text, status, headers, body: end === -1 ? '' : text.slice(end + 4), closed }
}

export function header(reply: RawReply, name: string): string | undefined {
  return reply.headers.find(([n]) => n === name)?.[1]
}

export interface Conversation {
  /** Resolves with the first complete response (by Content-Length), or what came before the close. */
  reply: Promise<RawReply>
  write(data: string | Buffer): boolean
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>
  destroy(): void
}

/**
 * Opens a connection and writes `head` (and `body`, if given). The reply
 * promise resolves once a whole response is in (its Content-Length read),
 * or when the connection closes; a guard of `guardMs` fails a server that
 * neither answers nor closes (a hang guard, not a timing check).
 */
export function converse(port: number, head: string | Buffer, body?: Buffer, guardMs = 10_000): Conversation {
  const socket = net.connect(port, '127.0.0.1')
  socket.on('error', () => {})
  const parts: Buffer[] = []
  let resolveReply!: (r: RawReply) => void
  let rejectReply!: (e: Error) => void
  const reply = new Promise<RawReply>((resolve, reject) => {
    resolveReply = resolve
    rejectReply = reject
  })
  let done = false
  const guard = setTimeout(() => {
    if (!done) rejectReply(new Error(`no reply within ${guardMs} ms: ${JSON.stringify(Buffer.concat(parts).toString('latin1').slice(0, 200))}`))
    socket.destroy()
  }, guardMs)
  const check = (closed: boolean) => {
    if (done) return
    const text = Buffer.concat(parts).toString('latin1')
    const end = text.indexOf('\r\n\r\n')
    if (end !== -1) {
      const m = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))
      if (closed || (m && text.length >= end + 4 + Number(m[1]))) {
        done = true
        resolveReply(parseReply(text, closed))
      }
    } else if (closed) {
      done = true
      resolveReply(parseReply(text, true))
    }
  }
  socket.on('data', (c: Buffer) => {
    parts.push(c)
    check(false)
  })
  reply.then(() => guard.unref(), () => {})
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      clearTimeout(guard)
      check(true)
      resolve()
    }),
  )
  socket.write(head)
  if (body) socket.write(body)
  return {
    reply,
    closed,
    write: (data) => !socket.destroyed && socket.write(data),
    destroy: () => {
      clearTimeout(guard)
      socket.destroy()
    },
  }
}
