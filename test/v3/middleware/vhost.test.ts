/**
 * `webfw.vhost(hostname, server)` (3.x): requests for a host name go to
 * another app (or an http.Server's 'request' listeners); Connect's `*` in
 * string names; RegExp captures in `req.vhost`; others go on.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { test } from 'node:test'
import { send } from '../../helpers/client'
import type { Any } from '../../helpers/webfw'
import { serveApp, webfw3 } from './support'

function named(name: string) {
  const app = webfw3()
  app.get('*', (req: Any, res: Any) => res.json({ app: name, vhost: req.vhost && { ...req.vhost, host: req.vhost.host, hostname: req.vhost.hostname } }))
  return app
}

const host = (port: number, name: string) => ({ host: `${name}:${port}` })

test('an exact name, case-insensitive, without the port; other hosts go on', () =>
  serveApp(
    (a) => {
      a.use(webfw3.vhost('example.com', named('main')))
      a.get('*', (_req: Any, res: Any) => res.json({ app: 'fallback' }))
    },
    async ({ port }) => {
      assert.equal((await send(port, { method: 'GET', headers: host(port, 'Example.COM') })).json().app, 'main')
      assert.equal((await send(port, { method: 'GET', headers: host(port, 'www.example.com') })).json().app, 'fallback')
      assert.equal((await send(port, { method: 'GET', headers: host(port, 'example.com.evil') })).json().app, 'fallback')
    },
  ))

test('"*" in a string stands for any run of characters, dots included (Connect 2)', () =>
  serveApp(
    (a) => {
      a.use(webfw3.vhost('*.example.com', named('sub')))
      a.get('*', (_req: Any, res: Any) => res.json({ app: 'fallback' }))
    },
    async ({ port }) => {
      assert.equal((await send(port, { method: 'GET', headers: host(port, 'www.example.com') })).json().app, 'sub')
      assert.equal((await send(port, { method: 'GET', headers: host(port, 'a.b.example.com') })).json().app, 'sub')
      assert.equal((await send(port, { method: 'GET', headers: host(port, 'example.com') })).json().app, 'fallback')
      assert.equal((await send(port, { method: 'GET', headers: host(port, 'wwwXexample.com') })).json().app, 'fallback')
    },
  ))

test('a RegExp name puts its captures and the host in req.vhost', () =>
  serveApp(
    (a) => a.use(webfw3.vhost(/^(\w+)\.users\.example\.com$/, named('user'))),
    async ({ port }) => {
      const { vhost } = (await send(port, { method: 'GET', headers: host(port, 'tj.users.example.com') })).json()
      assert.equal(vhost[0], 'tj')
      assert.equal(vhost.hostname, 'tj.users.example.com')
      assert.equal(vhost.host, `tj.users.example.com:${port}`)
    },
  ))

test('an http.Server gets the request through its request listeners', () => {
  const server = http.createServer((_req, res) => res.end('from the server'))
  return serveApp(
    (a) => a.use(webfw3.vhost('api.example.com', server)),
    async ({ port }) => {
      assert.equal((await send(port, { method: 'GET', headers: host(port, 'api.example.com') })).text, 'from the server')
    },
  )
})

test('a host name longer than DNS allows matches nothing', () =>
  serveApp(
    (a) => {
      a.use(webfw3.vhost('*.*.*.example.com', named('deep')))
      a.get('*', (_req: Any, res: Any) => res.json({ app: 'fallback' }))
    },
    async ({ port }) => {
      assert.equal((await send(port, { method: 'GET', headers: host(port, 'a.b.c.example.com') })).json().app, 'deep')
      const long = 'a'.repeat(250) + '.b.c.example.com'
      assert.equal((await send(port, { method: 'GET', headers: host(port, long) })).json().app, 'fallback')
    },
  ))

test('a server that is neither an app nor an http.Server is refused', () => {
  assert.throws(() => webfw3.vhost('example.com', {}), TypeError)
})
