/**
 * The setups the HTTP/2 tests run on: each version profile (5.x, 4.x) served
 * in each HTTP/2 mode: TLS and h2c, on `app.listen({ http2: true })` and on
 * a node:http2 server the test creates around the app.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import type http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { after, before } from 'node:test'
import { send } from '../helpers/client'
import { H2_MODES, h2connect, h2send, h2serve, type H2Mode, type H2Reply, type H2Request, type H2Running } from '../helpers/h2'
import { webfw, webfw4, type Any } from '../helpers/webfw'

export interface H2Setup {
  /** '5.x' or '4.x' */
  profile: '5.x' | '4.x'
  mode: H2Mode
  /** Test-name suffix, e.g. "4.x, tls-listen" */
  label: string
  factory: Any
}

export const h2setups: H2Setup[] = []
for (const [profile, factory] of [['5.x', webfw], ['4.x', webfw4]] as Array<['5.x' | '4.x', Any]>) {
  for (const mode of H2_MODES) h2setups.push({ profile, mode, label: `${profile}, ${mode}`, factory })
}

export interface Session {
  srv: H2Running
  /** One request on the shared client session. */
  send(init?: H2Request): Promise<H2Reply>
  /**
   * The request over HTTP/2 and over HTTP/1.1 to the same app (built again,
   * on its own `app.listen` server); asserts that status, body and headers
   * agree (but for Date, the connection-specific fields only HTTP/1.1 has,
   * and a Content-Length node:http adds to frame a whole body) and resolves
   * with the HTTP/2 reply.
   */
  sameAsHttp1(init?: H2Request): Promise<H2Reply>
  /** The client session (for tests that drive streams themselves). */
  client: http2.ClientHttp2Session
}

/** Header fields HTTP/1.1 sends about the connection, or that differ per response. */
const HTTP1_ONLY = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date'])

/** `init` sent over HTTP/1.1 to `port` (`:authority` as Host). */
function http1Send(port: number, init: H2Request): Promise<H2Reply> {
  const headers: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(init.headers ?? {})) headers[name === ':authority' ? 'host' : name] = value as string | number
  return send(port, { method: init.method ?? 'GET', path: init.path, headers, body: init.body, chunks: init.chunks })
}

function comparable(headers: http.IncomingHttpHeaders): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(headers).sort()) if (!HTTP1_ONLY.has(name)) out[name] = headers[name]
  return out
}

/**
 * Serves the app `build()` returns in `setup`'s mode for the enclosing
 * `describe`, with one client session shared by its tests.
 */
export function serveForSuite(setup: H2Setup, build: () => Any, options?: Record<string, unknown>): Session {
  const session = {} as Session
  let http1: http.Server
  before(async () => {
    session.srv = await h2serve(build(), setup.mode, options)
    session.client = h2connect(session.srv)
    session.send = (init) => h2send(session.client, init)
    http1 = await new Promise<http.Server>((resolve) => {
      const server: http.Server = build().listen(0, '127.0.0.1', () => resolve(server))
    })
    const port = (http1.address() as AddressInfo).port
    session.sameAsHttp1 = async (init = {}) => {
      const [h2, h1] = await Promise.all([session.send(init), http1Send(port, init)])
      const what = `${init.method ?? 'GET'} ${init.path ?? '/'}`
      assert.equal(h2.status, h1.status, what)
      assert.deepEqual(h2.bytes, h1.bytes, what)
      const h1Headers = { ...h1.headers }
      // node:http adds a Content-Length of its own to a body given whole to
      // res.end(); HTTP/2 frames it without one.
      if (h2.headers['content-length'] === undefined) delete h1Headers['content-length']
      assert.deepEqual(comparable(h2.headers), comparable(h1Headers), what)
      return h2
    }
  })
  after(async () => {
    session.client.close()
    http1.closeAllConnections()
    await Promise.all([session.srv.close(), new Promise((resolve) => http1.close(resolve))])
  })
  return session
}
