// The `webfw/v4` entry: the same shape as `webfw`, with the 4.x members and
// without the 5.x-only ones.
import type { Server } from 'node:http'
import webfw4 = require('webfw/v4')
import webfw4Default from 'webfw/v4'
import webfw = require('webfw')
import { describe, expect, test } from 'tstyche'

const app = webfw4()

describe('the factory', () => {
  test('has the shape of the 5.x factory', () => {
    expect(webfw4Default).type.toBe<typeof webfw4>()
    expect(app).type.toBe<webfw4.Express>()
    expect(webfw4.json()).type.toBe<webfw4.Middleware>()
    expect(webfw4.raw()).type.toBe<webfw4.Middleware>()
    expect(webfw4.text()).type.toBe<webfw4.Middleware>()
    expect(webfw4.urlencoded({ extended: false })).type.toBe<webfw4.Middleware>()
    expect(webfw4.static('public')).type.toBe<webfw4.Middleware>()
    expect(webfw4.cookieParser()).type.toBe<webfw4.Middleware>()
    expect(webfw4.Router({ mergeParams: true })).type.toBe<webfw4.Router>()
    expect(new webfw4.Route('/a')).type.toBe<webfw4.IRoute<'/a'>>()
    expect(webfw4.application).type.toBe<webfw4.Application>()
    expect(webfw4.request).type.toBe<webfw4.Request>()
    expect(webfw4.response).type.toBe<webfw4.Response>()
  })

  test('its types are its own: 4.x handlers get 4.x requests', () => {
    app.use((req, res, next) => {
      expect(req).type.toBe<webfw4.Request>()
      expect(res).type.toBe<webfw4.Response>()
      expect(req.app).type.toBe<webfw4.Application>()
      expect(res.req).type.toBe<webfw4.Request>()
      next()
    })
    expect<webfw4.Request>().type.not.toBe<webfw.Request>()
  })
})

describe('4.x members', () => {
  test('req.param looks in params, body and query', () => {
    app.get('/users/:id', (req, res) => {
      expect(req.param('id')).type.toBeAny()
      expect(req.param('page', 1)).type.toBeAny()
      res.end()
    })
  })

  test('app.param and router.param take the deprecated function-only form', () => {
    expect(app.param((name, matcher) => (req, res, next, value) => next())).type.toBe<webfw4.Express>()
    expect(webfw4.Router().param((name, matcher) => (req, res, next) => next())).type.toBe<webfw4.Router>()
    expect(app.param(['id', 'page'], (req, res, next, value, name) => next())).type.toBe<webfw4.Express>()
  })

  test('app.listen returns an http.Server', () => {
    expect(app.listen(3000, () => {})).type.toBe<Server>()
    expect(app.listen(0, 'localhost', () => {})).type.toBe<Server>()
  })
})

describe('5.x-only members are not usable', () => {
  test('req.host: use req.hostname', () => {
    app.use((req, res, next) => {
      expect(req.host).type.toBeNever()
      // @ts-expect-error -- `never` has no members
      req.host.split(':')
      expect(req.hostname).type.toBeString()
      next()
    })
  })

  test('app.router', () => {
    expect(app.router).type.toBeNever()
    // @ts-expect-error -- `never` has no members
    app.router.get('/', () => {})
  })

  test('res.sendfile (Express 3)', () => {
    app.use((req, res) => {
      expect(res.sendfile).type.toBeNever()
    })
  })

  test('5.x path syntax gives no parameters', () => {
    app.get('/files/*path', (req, res) => {
      expect(req.params).type.not.toHaveProperty('path')
      res.end()
    })
  })
})
