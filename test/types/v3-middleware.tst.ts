// The declarations of Express 3's bundled middleware (types/v3-middleware.d.ts),
// to be merged into the `webfw/v3` factory type: each call form of the
// spec types, and the results are plain middleware.
import type * as http from 'node:http'
import { describe, expect, test } from 'tstyche'
import webfw3 = require('webfw/v3')
import type { Middleware } from '../../types/core'
import type { BundledMiddleware, BundledRequest, ErrorMiddleware, Store } from '../../types/v3-middleware'

declare const webfw: BundledMiddleware
declare const server: http.Server

describe('Express 3 bundled middleware', () => {
  test('basicAuth takes the three forms of the spec', () => {
    expect(webfw.basicAuth('tj', 'wahoo')).type.toBe<Middleware>()
    expect(webfw.basicAuth((user, pass) => user === 'tj' && pass === 'wahoo')).type.toBe<Middleware>()
    expect(webfw.basicAuth((user, pass, done) => done(null, { name: user }), 'Members')).type.toBe<Middleware>()
    expect(webfw.basicAuth(42)).type.toRaiseError()
  })

  test('logger takes a format or an options object, and shares reqlog\'s token/format', () => {
    expect(webfw.logger('dev')).type.toBe<Middleware>()
    expect(webfw.logger()).type.toBe<Middleware>()
    expect(webfw.logger({ format: 'tiny', immediate: true, stream: process.stderr })).type.toBe<Middleware>()
    expect(webfw.logger.token('id', () => 'x')).type.not.toBe<void>()
  })

  test('session exposes the classes stores extend', () => {
    expect(webfw.session({ secret: 's', cookie: { maxAge: 60000 } })).type.toBe<Middleware>()
    expect(new webfw.session.MemoryStore()).type.toBeAssignableTo<Store>()
    class RedisLike extends webfw.session.Store {
      get() {}
      set() {}
      destroy() {}
    }
    expect(new RedisLike()).type.toBeAssignableTo<Store>()
  })

  test('the other factories', () => {
    expect(webfw.bodyParser({ uploadDir: '/tmp', limit: '10mb' })).type.toBe<Middleware>()
    expect(webfw.cookieSession({ key: 'sess', secret: 's', proxy: true })).type.toBe<Middleware>()
    expect(webfw.csrf({ ignoreMethods: ['GET'] })).type.toBe<Middleware>()
    expect(webfw.directory('public', { hidden: true, icons: true })).type.toBe<Middleware>()
    expect(webfw.errorHandler()).type.toBe<ErrorMiddleware>()
    expect(webfw.errorHandler.title).type.toBe<string>()
    expect(webfw.favicon()).type.toBe<Middleware>()
    expect(webfw.limit('5mb')).type.toBe<Middleware>()
    expect(webfw.methodOverride('_verb')).type.toBe<Middleware>()
    expect(webfw.methodOverride('_verb', { methods: ['POST'] })).type.toBe<Middleware>()
    expect(webfw.methodOverride({ methods: ['POST'] })).type.toBe<Middleware>()
    expect(webfw.multipart({ defer: true })).type.toBe<Middleware>()
    expect(webfw.responseTime({ digits: 0 })).type.toBe<Middleware>()
    expect(webfw.staticCache()).type.toBe<Middleware>()
    expect(webfw.timeout('5s')).type.toBe<Middleware>()
    expect(webfw.vhost('*.example.com', server)).type.toBe<Middleware>()
    expect(webfw.compress({ threshold: 512 })).type.toBe<Middleware>()
  })

  test('the request members', () => {
    expect<BundledRequest['csrfToken']>().type.toBe<() => string>()
    expect<BundledRequest['timedout']>().type.toBe<boolean>()
  })
})

describe('the webfw/v3 factory and request', () => {
  test('carry the bundled middleware and the members they set', () => {
    expect(webfw3.session).type.toBe<BundledMiddleware['session']>()
    expect(webfw3.bodyParser).type.toBe<BundledMiddleware['bodyParser']>()
    expect<webfw3.Request['sessionID']>().type.toBe<string>()
    expect<webfw3.Request['csrfToken']>().type.toBe<() => string>()
    expect<webfw3.Request['timedout']>().type.toBe<boolean>()
  })
})
