// The ESM entries (esm/*.mjs) as an ES module sees them through the `import`
// condition: the factory as the default export, the attached middleware and
// prototypes as named exports, and the public types by name.
import webfw, { Router, Route, json, raw, text, urlencoded, static as serveStatic, cookieParser, application, request, response } from 'webfw'
import type { Application, ErrorRequestHandler, Express, NextFunction, Request, RequestHandler, Response, RouteParameters } from 'webfw'
import webfw4, { Router as Router4, json as json4, query as query4 } from 'webfw/v4'
import type { Request as Request4 } from 'webfw/v4'
import reqlog, { compile, format, token, type FormatFn } from 'webfw/reqlog'
import webfwCjs = require('webfw')
import { describe, expect, test } from 'tstyche'

describe('webfw', () => {
  test('the default export is the factory', () => {
    expect(webfw).type.toBe<typeof webfwCjs>()
    expect(webfw()).type.toBe<Express>()
  })

  test('named exports are the attached members', () => {
    expect(json).type.toBe<typeof webfw.json>()
    expect(raw).type.toBe<typeof webfw.raw>()
    expect(text).type.toBe<typeof webfw.text>()
    expect(urlencoded).type.toBe<typeof webfw.urlencoded>()
    expect(serveStatic).type.toBe<typeof webfw.static>()
    expect(cookieParser).type.toBe<typeof webfw.cookieParser>()
    expect(Route).type.toBe<typeof webfw.Route>()
    expect(application).type.toBe<Application>()
    expect(request).type.toBe<Request>()
    expect(response).type.toBe<Response>()
  })

  test('Router is both the factory and the type', () => {
    const router: Router = Router({ strict: true })
    expect(router.get('/:id', (req, res) => res.json(req.params.id))).type.toBe<Router>()
  })

  test('types by name', () => {
    const handler: RequestHandler = (req, res, next: NextFunction) => next()
    const onError: ErrorRequestHandler = (err, req, res, next) => next(err)
    expect(webfw().use(handler, onError)).type.toBe<Express>()
    expect<RouteParameters<'/a/:b'>>().type.toBe<{ b: string }>()
  })

  test('there is no default-named member', () => {
    // @ts-expect-error -- `default` is the factory itself, not a member
    webfw.default
  })
})

describe('webfw/v4', () => {
  test('default and named exports', () => {
    expect(webfw4()).type.toBe<webfw4.Express>()
    expect(json4).type.toBe<typeof webfw4.json>()
    expect(query4).type.toBe<typeof webfw4.query>()
    expect(Router4()).type.toBe<webfw4.Router>()
    webfw4().get('/:id?', (req, res) => {
      expect(req).type.toBe<Request4<{ id?: string }>>()
      res.end()
    })
  })
})

describe('webfw/reqlog', () => {
  test('default and named exports', () => {
    expect(reqlog('dev')).type.toBe<reqlog.Handler>()
    expect(token).type.toBe<typeof reqlog.token>()
    expect(format).type.toBe<typeof reqlog.format>()
    expect(compile(':url')).type.toBe<FormatFn>()
  })
})
