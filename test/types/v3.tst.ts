// The `webfw/v3` entry: the 4.x shapes with Express 3's members, and 3.x
// handlers getting 3.x requests and responses.
import type { Server } from 'node:http'
import webfw3 = require('webfw/v3')
import webfw3Default from 'webfw/v3'
import webfw4 = require('webfw/v4')
import { describe, expect, test } from 'tstyche'

const app = webfw3()

describe('the factory', () => {
  test('exposes the middleware, Express 3 Router and Route, and the prototypes', () => {
    expect(webfw3Default).type.toBe<typeof webfw3>()
    expect(app).type.toBe<webfw3.Express>()
    expect(webfw3.json()).type.toBe<webfw3.Middleware>()
    expect(webfw3.urlencoded()).type.toBe<webfw3.Middleware>()
    expect(webfw3.static('public')).type.toBe<webfw3.Middleware>()
    expect(webfw3.mime).type.toBe<typeof webfw3.static.mime>()
    expect(webfw3.mime.types).type.toBe<Record<string, string>>()
    expect(webfw3.cookieParser('secret')).type.toBe<webfw3.Middleware>()
    expect(new webfw3.Router()).type.toBe<webfw3.RouteMap>()
    expect(webfw3.Router({ strict: true })).type.toBe<webfw3.RouteMap>()
    expect(new webfw3.Route('get', '/a', [])).type.toBe<webfw3.Route>()
    expect(webfw3.request).type.toBe<webfw3.Request>()
  })

  test('3.x handlers get 3.x requests and responses', () => {
    app.use((req, res, next) => {
      expect(req).type.toBe<webfw3.Request>()
      expect(res).type.toBe<webfw3.Response>()
      next()
    })
    expect<webfw3.Request>().type.not.toBe<webfw4.Request>()
  })
})

describe('3.x application members', () => {
  test('configure, locals as a function, routes, router, route, del, param forms', () => {
    expect(app.configure('production', () => {})).type.toBe<webfw3.Express>()
    expect(app.configure(() => {})).type.toBe<webfw3.Express>()
    expect(app.locals({ title: 'Blog' })).type.toBe<{ title: string }>()
    expect(app.locals.settings).type.toBeAny()
    expect(app.routes.get[0].regexp).type.toBe<RegExp>()
    expect(app.use(app.router)).type.toBe<webfw3.Express>()
    expect(app.route).type.toBe<string>()
    expect(app.del('/users/:id', (req, res) => res.end(req.params.id))).type.toBe<webfw3.Express>()
    expect(app.param(['id', 'uid'], (req, res, next, id) => next())).type.toBe<webfw3.Express>()
    expect(app.param((name, value) => (req, res, next) => next())).type.toBe<webfw3.Express>()
    expect(app._router.match('GET', '/users/1')).type.toBe<webfw3.Route | undefined>()
    expect(app.listen(3000)).type.toBe<Server>()
  })

  test('the route map router', () => {
    const router = new webfw3.Router()
    expect(router.route('get', '/a', (req, res) => res.end())).type.toBe<webfw3.RouteMap>()
    expect(router.get('/b', (req, res) => res.end())).type.toBe<webfw3.RouteMap>()
    expect(router.map.get).type.toBe<webfw3.Route[]>()
    expect(app.use(router.middleware)).type.toBe<webfw3.Express>()
  })
})

describe('3.x request and response members', () => {
  test('are typed as Express 3 has them', () => {
    app.get('/users/:id?', (req, res) => {
      expect(req.params.id).type.toBe<string | undefined>()
      expect(req.host).type.toBe<string>()
      expect(req.accepts('json, html')).type.toBe<string | undefined>()
      expect(req.is('json')).type.toBe<boolean>()
      expect(req.accepted[0].value).type.toBe<string>()
      expect(req.acceptedLanguages).type.toBe<string[]>()
      expect(req.acceptsCharset('utf-8')).type.toBe<boolean>()
      expect(req.auth).type.toBe<{ username: string; password: string } | undefined>()
      expect(req.files).type.toBe<Record<string, any>>()
      expect(res.charset).type.toBe<string | undefined>()
      expect(res.locals({ user: 'tobi' })).type.toBe<{ user: string }>()
      expect(res.send(404)).type.toBe<webfw3.Response>()
      expect(res.send(201, { id: 1 })).type.toBe<webfw3.Response>()
      expect(res.json(201, { id: 1 })).type.toBe<webfw3.Response>()
      expect(res.redirect('/login', 301)).type.toBeVoid()
      expect(res.sendfile('a.txt', { maxAge: 60000, root: '/srv' }, (err) => {})).type.toBeVoid()
      expect(res.download('a.txt', 'b.txt', (err) => {})).type.toBeVoid()
    })
  })
})
