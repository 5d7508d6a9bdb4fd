/**
 * docs/deployment.md, graceful shutdown: examples/graceful-shutdown's
 * `graceful(server)` stops new connections at once, closes idle keep-alive
 * connections, lets requests in flight (one still to answer, one half
 * streamed) finish, and then closes their connections, so that the server
 * closes without waiting for clients or timeouts. The example itself exits 0
 * on SIGTERM with a keep-alive connection open.
 */
import assert from 'node:assert/strict'
import { once } from 'node:events'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { test } from 'node:test'
import { packageRoot, webfw } from '../helpers/webfw'
import { Spawned, freePort } from './spawned'

const exampleDir = path.join(packageRoot, 'examples', 'graceful-shutdown')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { graceful } = require(path.join(exampleDir, 'graceful.js')) as { graceful(server: http.Server): () => Promise<void> }

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

interface Reply {
  res: http.IncomingMessage
  socket: net.Socket
  body: Promise<string>
}

/** A GET on its own keep-alive connection; resolves when the response headers arrive. */
function get(port: number, urlPath: string): Promise<Reply> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      res.setEncoding('utf8')
      let text = ''
      res.on('data', (chunk: string) => (text += chunk))
      const body = new Promise<string>((done, fail) => {
        res.on('end', () => done(text))
        res.on('error', fail)
      })
      resolve({ res, socket: req.socket as net.Socket, body })
    })
    req.on('error', reject)
  })
}

function refused(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy()
      resolve('connected')
    })
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? String(err)))
  })
}

test('graceful(server): idle keep-alive connections close, requests in flight finish, new connections are refused', { timeout: 60_000 }, async () => {
  const slow = gate()
  const slowStarted = gate()
  const rest = gate()
  const app = webfw()
  app.get('/fast', (req: unknown, res: { send(body: string): void }) => res.send('fast'))
  app.get('/slow', (req: unknown, res: { send(body: string): void }) => {
    slowStarted.open()
    void slow.opened.then(() => res.send('slow done'))
  })
  app.get('/stream', (req: unknown, res: { write(s: string): void; end(s: string): void }) => {
    res.write('part 1\n')
    void rest.opened.then(() => res.end('part 2\n'))
  })
  const server: http.Server = app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  // No keep-alive timeout: an idle connection stays until the server closes
  // it, so only the shutdown itself can let the server close.
  server.keepAliveTimeout = 0
  const shutdown = graceful(server)
  const port = (server.address() as net.AddressInfo).port
  const sockets: net.Socket[] = []
  try {
    const idle = await get(port, '/fast')
    sockets.push(idle.socket)
    assert.equal(await idle.body, 'fast')
    const idleClosed = once(idle.socket, 'close')

    const waiting = get(port, '/slow')
    await slowStarted.opened
    const streaming = await get(port, '/stream')
    sockets.push(streaming.socket)

    const closed = shutdown()
    await idleClosed // the idle connection goes first, while the others still work
    assert.equal(await refused(port), 'ECONNREFUSED')

    slow.open()
    const answered = await waiting
    sockets.push(answered.socket)
    assert.equal(answered.res.statusCode, 200)
    assert.equal(answered.res.headers.connection, 'close')
    assert.equal(await answered.body, 'slow done')

    rest.open()
    assert.equal(await streaming.body, 'part 1\npart 2\n')

    await closed
    assert.equal(server.listening, false)
  } finally {
    for (const socket of sockets) socket.destroy()
    server.closeAllConnections()
  }
})

test('examples/graceful-shutdown exits 0 on SIGTERM with a keep-alive connection open', { timeout: 60_000 }, async (t) => {
  const port = await freePort()
  const server = new Spawned(process.execPath, [path.join(exampleDir, 'server.js')], { env: { ...process.env, PORT: String(port) }, signal: t.signal })
  try {
    await server.waitFor(/listening on/)
    const idle = await get(port, '/')
    assert.equal(idle.res.statusCode, 200)
    await idle.body
    const idleClosed = once(idle.socket, 'close')
    server.child.kill('SIGTERM')
    await idleClosed
    const exit = await server.exited
    assert.equal(exit.code, 0, server.describe())
    assert.match(server.stdout, /SIGTERM: shutting down/)
    assert.match(server.stdout, /all connections closed/)
  } finally {
    await server.stop()
  }
})
