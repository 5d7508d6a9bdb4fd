// The `webfw` (5.x) entry as a CommonJS consumer sees it: the factory and
// what is attached to it, the application, request, response and router
// types, handlers and error handlers, and what must not type-check.
import type { Server } from 'node:http'
import webfw = require('webfw')
import webfwDefault from 'webfw'
import { describe, expect, test } from 'tstyche'
import type { NextFunction, Request, RequestHandler, ErrorRequestHandler, Response, Router } from 'webfw'

const app = webfw()

describe('the factory', () => {
  test('webfw() creates an Express-shaped application', () => {
    expect(webfw()).type.toBe<webfw.Express>()
    expect<webfw.Express>().type.toBeAssignableTo<webfw.Application>()
    expect(app.request).type.toBe<Request>()
    expect(app.response).type.toBe<Response>()
  })

  test('the default import (esModuleInterop) is the same factory', () => {
    expect(webfwDefault).type.toBe<typeof webfw>()
  })

  test('built-in middleware factories', () => {
    expect(webfw.json({ limit: '1mb', strict: false, reviver: (_k, v) => v })).type.toBe<webfw.Middleware>()
    expect(webfw.raw({ type: 'application/octet-stream', inflate: false })).type.toBe<webfw.Middleware>()
    expect(webfw.text({ defaultCharset: 'latin1', type: (req) => req.headers['content-type'] === 'text/csv' })).type.toBe<webfw.Middleware>()
    expect(webfw.urlencoded({ extended: true, parameterLimit: 10, depth: 3 })).type.toBe<webfw.Middleware>()
    expect(webfw.static('public', { maxAge: '1d', immutable: true, index: false, dotfiles: 'deny' })).type.toBe<webfw.Middleware>()
    expect(webfw.cookieParser('secret')).type.toBe<webfw.Middleware>()
    expect(webfw.cookieParser(['new', 'old'], { decode: decodeURIComponent })).type.toBe<webfw.Middleware>()
    expect(webfw.cookieParser.signedCookie('s:v.sig', 'secret')).type.toBe<string | false | undefined>()
    expect(app.use(webfw.json(), webfw.urlencoded(), webfw.static('public'))).type.toBe<webfw.Express>()
  })

  test('static setHeaders receives webfw responses and file stats', () => {
    webfw.static('public', {
      setHeaders(res, path, stat) {
        expect(res).type.toBe<Response>()
        expect(path).type.toBeString()
        expect(stat.size).type.toBeNumber()
        res.set('X-File', path)
      },
    })
  })

  test('bad middleware options are errors', () => {
    expect(webfw.json({ limit: true })).type.toRaiseError()
    expect(webfw.urlencoded({ extended: 'yes' })).type.toRaiseError()
    expect(webfw.static({ maxAge: 1 })).type.toRaiseError()
    expect(webfw.static('public', { dotfiles: 'show' })).type.toRaiseError()
  })

  test('Router, Route and the prototypes', () => {
    expect(webfw.Router()).type.toBe<Router>()
    expect(webfw.Router({ caseSensitive: true, mergeParams: true, strict: true })).type.toBe<Router>()
    expect(webfw.Router({ mergeparams: true })).type.toRaiseError()
    expect(webfw.Router().listRoutes()).type.toBe<webfw.RouteInfo[]>()
    const [first] = webfw.Router().listRoutes()
    if (first.router !== undefined) expect(first.methods).type.toBe<undefined>()
    else expect(first.methods).type.toBe<string[]>()
    expect(webfw().router.listRoutes()[0].path).type.toBe<string | RegExp>()
    expect(new webfw.Route('/a/:b')).type.toBe<webfw.IRoute<'/a/:b'>>()
    expect(webfw.application).type.toBe<webfw.Application>()
    expect(webfw.request).type.toBe<Request>()
    expect(webfw.response).type.toBe<Response>()
  })
})

describe('the application', () => {
  test('settings', () => {
    expect(app.set('json spaces', 2)).type.toBe<webfw.Express>()
    expect(app.get('json spaces')).type.toBeAny()
    expect(app.enabled('trust proxy')).type.toBeBoolean()
    expect(app.enable('x').disable('y')).type.toBe<webfw.Express>()
    expect(app.settings).type.toBeAny()
    expect(app.locals.title).type.toBeAny()
    expect(app.mountpath).type.toBe<string | string[]>()
    expect(app.path()).type.toBeString()
  })

  test('app.listen returns an http.Server for every form', () => {
    expect(app.listen()).type.toBe<Server>()
    expect(app.listen(3000)).type.toBe<Server>()
    expect(app.listen(3000, () => {})).type.toBe<Server>()
    expect(app.listen(3000, (err) => expect(err).type.toBe<Error | undefined>())).type.toBe<Server>()
    expect(app.listen(3000, '127.0.0.1')).type.toBe<Server>()
    expect(app.listen(3000, '127.0.0.1', 511, () => {})).type.toBe<Server>()
    expect(app.listen('/tmp/app.sock', () => {})).type.toBe<Server>()
    expect(app.listen(() => {})).type.toBe<Server>()
  })

  test('the app is a request listener', () => {
    expect(app).type.toBeAssignableTo<import('node:http').RequestListener>()
  })

  test('mounting routers and sub-apps; the mount event', () => {
    const admin = webfw()
    admin.on('mount', (parent) => expect(parent).type.toBe<webfw.Application>())
    expect(app.use('/admin', admin)).type.toBe<webfw.Express>()
    expect(app.use(webfw.Router())).type.toBe<webfw.Express>()
    expect(app.use(['/a', /^\/b/], webfw.Router(), [webfw.json()])).type.toBe<webfw.Express>()
  })

  test('app.router is the built-in router (5.x)', () => {
    expect(app.router).type.toBe<Router>()
  })

  test('verb methods chain and cover Node.js methods', () => {
    expect(app.get('/', (req, res) => res.send('ok')).post('/', (req, res) => res.sendStatus(201))).type.toBe<webfw.Express>()
    expect(app['m-search']('/', (req, res) => res.end())).type.toBe<webfw.Express>()
    expect(app.purge('/', (req, res) => res.end())).type.toBe<webfw.Express>()
    expect(app.route('/book').get((req, res) => res.end()).put((req, res) => res.end())).type.toBe<webfw.IRoute<'/book'>>()
  })

  test('app.param triggers get the parameter value', () => {
    app.param('id', (req, res, next, value, name) => {
      expect(req).type.toBe<Request>()
      expect(name).type.toBeString()
      next()
    })
    app.param(['id', 'page'], (req, res, next) => next())
    expect(app.param((name: string, matcher: RegExp) => () => {})).type.toRaiseError()
  })

  test('app.engine and app.render', () => {
    app.engine('html', (path, options, callback) => callback(null, String(path)))
    app.render('email', { name: 'x' }, (err, html) => expect(html).type.toBeString())
    app.render('email', (err, html) => expect(err).type.toBe<Error>())
  })

  test('members Express typings declare but nothing provides are unusable', () => {
    expect(app.routes).type.toBeNever()
    expect(app._router).type.toBeNever()
    expect(app.stack).type.toBeNever()
    expect(app.router.stack).type.toBe<webfw.ILayer[]>()
    // @ts-expect-error -- `never` has no members
    app._router.stack
  })
})

describe('handlers', () => {
  test('request handlers get (req, res, next)', () => {
    const handler: RequestHandler = (req, res, next) => {
      expect(req).type.toBe<Request>()
      expect(res).type.toBe<Response>()
      expect(next).type.toBe<NextFunction>()
      next()
      next('route')
      next('router')
      next(new Error('boom'))
    }
    app.use(handler)
    app.get('/', handler, [handler, handler])
  })

  test('async handlers are accepted (5.x passes rejections to next)', () => {
    app.get('/', async (req, res) => {
      res.json(await Promise.resolve({ ok: true }))
    })
  })

  test('error handlers get (err, req, res, next)', () => {
    const onError: ErrorRequestHandler = (err, req, res, next) => {
      expect(err).type.toBeAny()
      expect(req).type.toBe<Request>()
      res.status(500).json({ message: String(err) })
      next(err)
    }
    app.use(onError)
    app.use('/api', (err: Error, req: Request, res: Response, next: NextFunction) => next(err))
  })

  test('generic handlers type body, query and locals', () => {
    type Body = { name: string }
    type Query = { page?: string }
    app.post<'/users', {}, { id: number }, Body, Query, { user: string }>('/users', (req, res) => {
      expect(req.body).type.toBe<Body>()
      expect(req.query).type.toBe<Query>()
      expect(res.locals.user).type.toBeString()
      res.json({ id: 1 })
      expect(res.json({ id: 'one' })).type.toRaiseError()
    })
  })

  test('non-handlers are rejected', () => {
    expect(app.get('/', 42)).type.toRaiseError()
    expect(app.use('/', 'handler')).type.toRaiseError()
    expect(app.get('/', (req: Request, res: Response, next: NextFunction, extra: string) => {})).type.toRaiseError()
  })
})

describe('the request', () => {
  test('properties', () => {
    app.use((req, res, next) => {
      expect(req.app).type.toBe<webfw.Application>()
      expect(req.res).type.toBe<Response | undefined>()
      expect(req.baseUrl).type.toBeString()
      expect(req.originalUrl).type.toBeString()
      expect(req.path).type.toBeString()
      expect(req.host).type.toBeString()
      expect(req.hostname).type.toBeString()
      expect(req.ip).type.toBe<string | undefined>()
      expect(req.ips).type.toBe<string[]>()
      expect(req.protocol).type.toBeString()
      expect(req.secure).type.toBeBoolean()
      expect(req.fresh).type.toBeBoolean()
      expect(req.stale).type.toBeBoolean()
      expect(req.xhr).type.toBeBoolean()
      expect(req.subdomains).type.toBe<string[]>()
      expect(req.query).type.toBe<webfw.ParsedQs>()
      expect(req.body).type.toBeAny()
      expect(req.cookies).type.toBe<Record<string, any>>()
      expect(req.signedCookies).type.toBe<Record<string, any>>()
      expect(req.method).type.toBeString()
      expect(req.headers['user-agent']).type.toBe<string | undefined>()
      next()
    })
  })

  test('read-only getters cannot be assigned', () => {
    app.use((req, res, next) => {
      // @ts-expect-error -- a getter
      req.hostname = 'example.com'
      // @ts-expect-error -- a getter
      req.path = '/'
      next()
    })
  })

  test('methods', () => {
    app.use((req, res, next) => {
      expect(req.get('content-type')).type.toBe<string | undefined>()
      expect(req.get('set-cookie')).type.toBe<string[] | undefined>()
      expect(req.header('referer')).type.toBe<string | undefined>()
      expect(req.accepts()).type.toBe<string[]>()
      expect(req.accepts('json')).type.toBe<string | false>()
      expect(req.accepts(['json', 'html'])).type.toBe<string | false>()
      expect(req.accepts('json', 'html')).type.toBe<string | false>()
      expect(req.acceptsCharsets('utf-8')).type.toBe<string | false>()
      expect(req.acceptsEncodings('gzip', 'br')).type.toBe<string | false>()
      expect(req.acceptsLanguages()).type.toBe<string[]>()
      expect(req.is('json')).type.toBe<string | false | null>()
      expect(req.is(['json', 'text/*'])).type.toBe<string | false | null>()
      expect(req.range(1000, { combine: true })).type.toBe<webfw.Ranges | -1 | -2 | undefined>()
      next()
    })
  })

  test('4.x and Express 3 members are not there', () => {
    app.use((req, res, next) => {
      expect(req).type.not.toHaveProperty('param')
      expect(req.accepted).type.toBeNever()
      next()
    })
  })
})

describe('the response', () => {
  test('chainable setters', () => {
    app.use((req, res) => {
      expect(res.status(201)).type.toBe<Response>()
      expect(res.set('X-A', 'b').set({ 'X-C': 'd' }).header('X-E', ['f', 'g'])).type.toBe<Response>()
      expect(res.append('Link', '<a>').vary('Accept').type('json').contentType('html')).type.toBe<Response>()
      expect(res.links({ next: '/p/2', alternate: ['/a.json', '/a.xml'] }).location('/x').attachment('a.pdf')).type.toBe<Response>()
      expect(res.cookie('a', 'b').cookie('c', { d: 1 }, { httpOnly: true, sameSite: 'lax', signed: true })).type.toBe<Response>()
      expect(res.clearCookie('a', { path: '/' })).type.toBe<Response>()
      expect(res.format({ json: () => res.json({}), default: () => res.sendStatus(406) })).type.toBe<Response>()
    })
  })

  test('senders', () => {
    app.use((req, res) => {
      expect(res.send('x')).type.toBe<Response>()
      expect(res.send(Buffer.from('x'))).type.toBe<Response>()
      expect(res.json({ a: 1 })).type.toBe<Response>()
      expect(res.jsonp([1, 2])).type.toBe<Response>()
      expect(res.sendStatus(404)).type.toBe<Response>()
      expect(res.redirect('/a')).type.toBeVoid()
      expect(res.redirect(301, '/a')).type.toBeVoid()
      expect(res.render('view', { a: 1 })).type.toBeVoid()
      res.render('view', (err, html) => expect(html).type.toBeString())
      res.render('view', { a: 1 }, (err, html) => res.send(html))
      expect(res.sendFile('/srv/a.txt', { root: '/srv', maxAge: '1h', headers: { 'X-A': 'b' } }, (err) => {})).type.toBeVoid()
      expect(res.download('/srv/a.txt', 'b.txt', { dotfiles: 'deny' }, (err) => {})).type.toBeVoid()
      expect(res.get('content-type')).type.toBe<string | undefined>()
      expect(res.headersSent).type.toBeBoolean()
      expect(res.locals).type.toBe<Record<string, any> & webfw.Locals>()
      expect(res.req).type.toBe<Request>()
      expect(res.app).type.toBe<webfw.Application>()
    })
  })

  test('wrong arguments are errors', () => {
    app.use((req, res) => {
      expect(res.status('200')).type.toRaiseError()
      expect(res.redirect('/a', 301)).type.toRaiseError()
      expect(res.cookie('a', 'b', { sameSite: 'sometimes' })).type.toRaiseError()
      expect(res.sendFile('/a', { dotfiles: 'show' })).type.toRaiseError()
      expect(res.charset).type.toBeNever()
      expect(res).type.not.toHaveProperty('sendfile')
    })
  })
})
