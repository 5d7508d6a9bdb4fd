// A typed application built the way Express users build theirs: the common
// middleware with its @types packages, plugged into webfw unchanged. Their
// handlers are typed with Express's request and response; they must be
// accepted, and what they add to the global Express.Request must show on
// webfw's request.
import type * as http from 'node:http'
import compression = require('compression')
import cookieParser = require('cookie-parser')
import cors = require('cors')
import type * as express from 'express'
import session = require('express-session')
import morgan = require('morgan')
import multer = require('multer')
import passport = require('passport')
import webfw = require('webfw')
import reqlog = require('webfw/reqlog')
import webfw4 = require('webfw/v4')
import { describe, expect, test } from 'tstyche'

declare global {
  namespace Express {
    // An application's own user type, as passport's docs suggest.
    interface User {
      id: number
      name: string
    }
  }
}

declare module 'express-session' {
  interface SessionData {
    views: number
  }
}

const app = webfw()
const upload = multer({ limits: { fileSize: 1_000_000 } })

describe('middleware typed for Express plugs into webfw', () => {
  test('app.use accepts their handlers', () => {
    expect(app.use(cookieParser('secret'))).type.toBe<webfw.Express>()
    expect(app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false }))).type.toBe<webfw.Express>()
    expect(app.use(passport.initialize())).type.toBe<webfw.Express>()
    expect(app.use(passport.session())).type.toBe<webfw.Express>()
    expect(app.use(cors({ origin: ['https://example.com'], credentials: true }))).type.toBe<webfw.Express>()
    expect(app.use(compression({ threshold: 1024 }))).type.toBe<webfw.Express>()
    expect(app.use(morgan('combined'))).type.toBe<webfw.Express>()
    expect(app.use('/api', cors(), compression(), webfw.json())).type.toBe<webfw.Express>()
  })

  test('so do routers, routes and webfw/v4 apps', () => {
    const router = webfw.Router()
    expect(router.use(cookieParser(), session({ secret: 's' }))).type.toBe<webfw.Router>()
    expect(router.route('/upload').post(upload.single('avatar'), (req, res) => res.end())).type.toBe<webfw.IRoute<'/upload'>>()
    const app4 = webfw4()
    expect(app4.use(cookieParser(), session({ secret: 's' }), passport.initialize(), cors(), compression())).type.toBe<webfw4.Express>()
    app4.post('/photos', upload.array('photos', 4), (req, res) => {
      expect(req.files).type.toBe<{ [fieldname: string]: Express.Multer.File[] } | Express.Multer.File[] | undefined>()
      res.end()
    })
  })

  test('route handlers chain after them', () => {
    app.post('/profile/:id', upload.single('avatar'), passport.authenticate('local'), (req, res) => {
      expect(req.file).type.toBe<Express.Multer.File | undefined>()
      res.sendStatus(204)
    })
  })
})

describe("their augmentations show on webfw's request and response", () => {
  test('express-session: req.session, req.sessionID', () => {
    app.get('/count', (req, res) => {
      expect(req.session.views).type.toBe<number | undefined>()
      expect(req.sessionID).type.toBeString()
      req.session.views = (req.session.views ?? 0) + 1
      req.session.regenerate((err) => expect(err).type.toBeAny())
      res.json({ views: req.session.views })
    })
  })

  test('passport: req.user, req.login, req.isAuthenticated', () => {
    app.get('/me', (req, res) => {
      expect(req.user).type.toBe<Express.User | undefined>()
      if (req.isAuthenticated()) {
        expect(req.user.name).type.toBeString()
      }
      req.logout((err) => expect(err).type.toBeAny())
      req.login({ id: 1, name: 'ann' }, () => {})
      res.end()
    })
  })

  test('multer: req.file, req.files', () => {
    app.post('/avatar', upload.single('avatar'), (req, res) => {
      expect(req.file?.buffer).type.toBe<Buffer | undefined>()
      expect(req.file?.originalname).type.toBe<string | undefined>()
      res.end()
    })
  })

  test('compression: res.flush', () => {
    app.get('/events', (req, res) => {
      expect(res.flush).type.toBe<() => void>()
      res.flush()
    })
  })

  test('cookies: webfw declares them itself (cookie-parser augments only the express module)', () => {
    app.get('/', (req, res) => {
      expect(req.cookies).type.toBe<Record<string, any>>()
      expect(req.signedCookies).type.toBe<Record<string, any>>()
      expect(req.secret).type.toBe<string | undefined>()
      res.end()
    })
  })

  test('without the typings there is nothing to see', () => {
    app.get('/', (req, res) => {
      expect(req).type.not.toHaveProperty('csrfToken')
      res.end()
    })
  })
})

describe("webfw's objects are Express's objects", () => {
  test('request, response and application are assignable to the express types', () => {
    expect<webfw.Request>().type.toBeAssignableTo<express.Request>()
    expect<webfw.Response>().type.toBeAssignableTo<express.Response>()
    expect<webfw.Application>().type.toBeAssignableTo<express.Application>()
    expect<webfw.Express>().type.toBeAssignableTo<express.Express>()
    expect<webfw.Router>().type.toBeAssignableTo<express.Router>()
    expect<webfw.NextFunction>().type.toBeAssignableTo<express.NextFunction>()
    expect<webfw4.Request>().type.toBeAssignableTo<express.Request>()
    expect<webfw4.Response>().type.toBeAssignableTo<express.Response>()
    expect<webfw4.Application>().type.toBeAssignableTo<express.Application>()
  })

  test('with typed params, body and query too', () => {
    expect<webfw.Request<{ id: string }, any, { name: string }, { q: string }>>().type.toBeAssignableTo<
      express.Request<{ id: string }, any, { name: string }, { q: string }>
    >()
  })

  test('handlers written for Express are webfw handlers', () => {
    const requireUser: express.RequestHandler = (req, res, next) => (req.user ? next() : res.sendStatus(401))
    const onError: express.ErrorRequestHandler = (err, req, res, next) => res.status(500).end()
    expect(app.get('/private', requireUser, (req, res) => res.end())).type.toBe<webfw.Express>()
    expect(app.use(onError)).type.toBe<webfw.Express>()
    expect(requireUser).type.toBeAssignableTo<webfw.RequestHandler>()
    expect(onError).type.toBeAssignableTo<webfw.ErrorRequestHandler>()
  })

  test('functions taking Express objects take webfw objects', () => {
    function audit(req: express.Request, res: express.Response): string {
      return `${req.method} ${req.originalUrl} ${res.statusCode}`
    }
    app.use((req, res, next) => {
      expect(audit(req, res)).type.toBeString()
      next()
    })
  })

  test('members Express typings declare but webfw lacks are never, not silently typed', () => {
    expect<webfw.Request['accepted']>().type.toBeNever()
    expect<webfw4.Application['router']>().type.toBeNever()
  })
})

describe('morgan and reqlog', () => {
  test('reqlog takes what morgan takes', () => {
    const format: morgan.FormatFn<webfw.Request, webfw.Response> = (tokens, req, res) =>
      [tokens.method!(req, res), req.originalUrl, tokens.status!(req, res)].join(' ')
    expect(app.use(reqlog(format))).type.toBe<webfw.Express>()
    expect(app.use(reqlog('dev', { skip: (req: http.IncomingMessage, res: http.ServerResponse) => res.statusCode < 400 }))).type.toBe<
      webfw.Express
    >()
    const stream: morgan.StreamOptions = { write: (line) => process.stdout.write(line) }
    expect(reqlog('tiny', { stream })).type.toBe<reqlog.Handler>()
  })

  test('format functions typed for reqlog work with morgan', () => {
    const format: reqlog.FormatFn = (tokens, req, res) => tokens.url!(req, res)
    expect(morgan(format)).type.not.toBeAny()
  })
})
