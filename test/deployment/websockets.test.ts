/**
 * docs/deployment.md, WebSockets: examples/websockets puts a `ws` server on
 * the http.Server that app.listen returned. One port serves the app's
 * routes and WebSocket connections on /chat; messages reach every client;
 * an upgrade to another path is refused.
 */
import assert from 'node:assert/strict'
import { once } from 'node:events'
import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { test } from 'node:test'
import WebSocket from 'ws'
import { rawRequest } from '../helpers/http'
import { packageRoot, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { app, attachChat }: Any = require(path.join(packageRoot, 'examples', 'websockets', 'server.js'))

/** Opens a WebSocket and resolves once it is open, with the messages it receives collected. */
async function connect(url: string): Promise<{ socket: WebSocket; next(): Promise<string> }> {
  const socket = new WebSocket(url)
  const received: string[] = []
  const waiting: ((text: string) => void)[] = []
  socket.on('message', (data) => {
    const text = String(data)
    const waiter = waiting.shift()
    if (waiter) waiter(text)
    else received.push(text)
  })
  await once(socket, 'open')
  return {
    socket,
    next: () => (received.length ? Promise.resolve(received.shift() as string) : new Promise((resolve) => waiting.push(resolve))),
  }
}

test('the app and the ws server share one http.Server and one port', { timeout: 60_000 }, async () => {
  const server: http.Server = app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const wss = attachChat(server)
  const port = (server.address() as AddressInfo).port
  const sockets: WebSocket[] = []
  try {
    // Plain HTTP on the same port.
    const page = await rawRequest(port, 'GET', '/')
    assert.equal(page.status, 200)
    assert.match(page.body, /new WebSocket/)

    const alice = await connect(`ws://127.0.0.1:${port}/chat`)
    const bob = await connect(`ws://127.0.0.1:${port}/chat`)
    sockets.push(alice.socket, bob.socket)
    assert.deepEqual(JSON.parse((await rawRequest(port, 'GET', '/stats')).body), { clients: 2 })

    // A message from one client goes to both.
    alice.socket.send('hello from alice')
    assert.equal(await alice.next(), 'hello from alice')
    assert.equal(await bob.next(), 'hello from alice')

    // An upgrade to a path without a WebSocket endpoint is refused.
    const stray = new WebSocket(`ws://127.0.0.1:${port}/elsewhere`)
    sockets.push(stray)
    const [, refused] = await once(stray, 'unexpected-response')
    assert.equal((refused as http.IncomingMessage).statusCode, 400)
    stray.on('error', () => {}) // the aborted handshake's own error
    stray.terminate()

    // And ordinary routes still work alongside the open WebSockets.
    assert.equal((await rawRequest(port, 'GET', '/nowhere')).status, 404)
  } finally {
    for (const socket of sockets) socket.terminate()
    wss.close()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})
