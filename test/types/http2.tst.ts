// HTTP/2 in the types: app.listen's options form (TLS, h2c, with the
// listen fields and a callback), the server type it returns, and the app as
// a request listener of node:http2's servers; what must not type-check.
import http2 from 'node:http2'
import type { Server } from 'node:http'
import webfw = require('webfw')
import webfw4 = require('webfw/v4')
import { describe, expect, test } from 'tstyche'

const app = webfw()
const key = 'PEM key'
const cert = 'PEM certificate'

describe('app.listen({ http2: true, ... })', () => {
  test('with a certificate: an Http2SecureServer', () => {
    expect(app.listen({ http2: true, key, cert, port: 8443 })).type.toBe<http2.Http2SecureServer>()
    expect(app.listen({ http2: true, key, cert, allowHTTP1: false, host: '127.0.0.1', port: 0 }, () => {})).type.toBe<http2.Http2SecureServer>()
    expect(app.listen({ http2: true, pfx: Buffer.from('') })).type.toBe<http2.Http2SecureServer>()
    expect(webfw4().listen({ http2: true, key, cert })).type.toBe<http2.Http2SecureServer>()
  })

  test('without one: an Http2Server (h2c)', () => {
    expect(app.listen({ http2: true, port: 8080 })).type.toBe<http2.Http2Server>()
    expect(app.listen({ http2: true, path: '/tmp/h2c.sock', settings: { maxConcurrentStreams: 100 } }, (err) => expect(err).type.toBe<Error | undefined>())).type.toBe<http2.Http2Server>()
  })

  test('the options type is exported', () => {
    const options: webfw.Http2ListenOptions = { http2: true, key, cert, port: 443 }
    expect(app.listen(options)).type.toBe<http2.Http2Server | http2.Http2SecureServer>()
  })

  test('the port form still gives an http.Server', () => {
    expect(app.listen(3000)).type.toBe<Server>()
  })

  test('the options type wants http2: true and node:http2 / listen values', () => {
    expect<webfw.Http2ListenOptions>().type.toBeAssignableWith({ http2: true as const, port: 1, allowHTTP1: true })
    expect<webfw.Http2ListenOptions>().type.not.toBeAssignableWith({ http2: false, port: 1 })
    expect<webfw.Http2ListenOptions>().type.not.toBeAssignableWith({ http2: true as const, port: 'eighty' })
    expect<webfw.Http2ListenOptions>().type.not.toBeAssignableWith({ http2: true as const, allowHTTP1: 'yes' })
  })
})

describe('the app as a node:http2 request listener', () => {
  test('http2.createSecureServer(options, app) and http2.createServer(app)', () => {
    expect(http2.createSecureServer({ key, cert, allowHTTP1: true }, app)).type.toBe<http2.Http2SecureServer>()
    expect(http2.createServer(app)).type.toBe<http2.Http2Server>()
    expect(http2.createServer(webfw4())).type.toBe<http2.Http2Server>()
  })
})
