// The `webfw/v4` entry: the same shape as `webfw`, with the 4.x members and
// without the 5.x-only ones.
import type { Server } from 'node:http'
import webfw4 = require('webfw/v4')
import webfw4Default from 'webfw/v4'
import webfw = require('webfw')
// @types/express 4 (installed under an alias: the `express` typings here are 5.x)
import express4 = require('express4-types')
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
    expect(webfw4.static.mime.lookup('a.wasm')).type.toBe<string>()
    expect<Parameters<typeof webfw4.static.mime.define>[0]>().type.toBeAssignableWith({ 'application/wasm': ['wasm'] })
    expect<Parameters<typeof webfw4.static.mime.define>[0]>().type.not.toBeAssignableWith({ 'application/wasm': 'wasm' })
    expect(webfw4.cookieParser()).type.toBe<webfw4.Middleware>()
    expect(webfw4.query({ depth: 2 })).type.toBe<webfw4.Middleware>()
    expect(webfw4.query((str) => str.length)).type.toBe<webfw4.Middleware>()
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

  test('the deprecated 4.x call forms are typed', () => {
    app.get('/old', (req, res) => {
      expect(req.acceptsCharset('utf-8')).type.toBe<string | false>()
      expect(req.acceptsEncoding('gzip', 'br')).type.toBe<string | false>()
      expect(req.acceptsLanguage('en')).type.toBe<string | false>()
      expect(req.host).type.toBeString()
      expect(res.send(201, 'created')).type.toBe<webfw4.Response>()
      expect(res.send(204)).type.toBe<webfw4.Response>()
      expect(res.json(400, { error: 'bad' })).type.toBe<webfw4.Response>()
      expect(res.jsonp(200, [1])).type.toBe<webfw4.Response>()
      expect(res.redirect('/new', 301)).type.toBeVoid()
      expect(res.sendfile('a.txt', { root: '/srv' }, (err) => {})).type.toBeVoid()
      expect(res.sendfile('a.txt')).type.toBeVoid()
    })
    expect(app.del('/users/:id', (req, res) => res.end(req.params.id))).type.toBe<webfw4.Express>()
    expect(app._router).type.toBeAny()
  })

  test('app.listen returns an http.Server', () => {
    expect(app.listen(3000, () => {})).type.toBe<Server>()
    expect(app.listen(0, 'localhost', () => {})).type.toBe<Server>()
  })
})

describe('5.x-only members are not usable', () => {
  test('app.router', () => {
    expect(app.router).type.toBeNever()
    // @ts-expect-error -- `never` has no members
    app.router.get('/', () => {})
  })

  test('5.x path syntax gives no parameters', () => {
    app.get('/files/*path', (req, res) => {
      expect(req.params).type.not.toHaveProperty('path')
      res.end()
    })
  })
})

describe("webfw/v4's objects are Express 4's objects (@types/express 4)", () => {
  test('request, response, application, router', () => {
    expect<webfw4.Request>().type.toBeAssignableTo<express4.Request>()
    expect<webfw4.Response>().type.toBeAssignableTo<express4.Response>()
    expect<webfw4.Application>().type.toBeAssignableTo<express4.Application>()
    expect<webfw4.Express>().type.toBeAssignableTo<express4.Express>()
    expect<webfw4.Router>().type.toBeAssignableTo<express4.Router>()
    expect<webfw4.Request<{ id: string }, any, { a: number }>>().type.toBeAssignableTo<express4.Request<{ id: string }, any, { a: number }>>()
  })

  test('handlers typed for Express 4 are webfw/v4 handlers', () => {
    const auth: express4.RequestHandler = (req, res, next) => (req.param('token') ? next() : res.sendStatus(401))
    const onError: express4.ErrorRequestHandler = (err, req, res, next) => res.status(500).end()
    expect(app.use(auth, onError)).type.toBe<webfw4.Express>()
    expect(app.get('/users/:id', auth, (req, res) => res.end())).type.toBe<webfw4.Express>()
  })

  test('the 5.x request is not an Express 4 request (it has no req.param)', () => {
    expect<webfw.Request>().type.not.toBeAssignableTo<express4.Request>()
  })
})
