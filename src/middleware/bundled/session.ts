/**
 * `webfw.session([options])` (3.x): server-side sessions, as Connect 2's
 * `session`, which was the express-session package with `resave` and
 * `saveUninitialized` defaulting to true (Connect's behaviour: every session
 * is saved, new or not). All of express-session's options apply: `secret`
 * (or the `cookieParser` secret), `name` (or Connect's `key`; default
 * `connect.sid`), `store` (default a MemoryStore, for development only),
 * `cookie` (default path "/", httpOnly, no maxAge), `rolling`, `proxy`,
 * `genid`, `unset`. `req.session` and `req.sessionID` as in express-session.
 *
 * `webfw.session.Session`, `.Store`, `.MemoryStore` and `.Cookie` are
 * express-session's classes, so stores written against Express 3
 * (`connect-redis(express)` ...) extend the right base.
 */
import expressSession from 'express-session'
import { deprecateBundled } from './deprecation'

/**
 * @example
 * app.use(webfw.cookieParser())
 * app.use(webfw.session({ secret: 'keyboard cat', cookie: { maxAge: 60000 } }))
 * app.get('/', (req, res) => res.send('views: ' + (req.session.views = (req.session.views || 0) + 1)))
 */
export function session(options?: expressSession.SessionOptions) {
  deprecateBundled('webfw.session([options])', 'the express-session package')
  return expressSession({ resave: true, saveUninitialized: true, ...options } as expressSession.SessionOptions)
}

session.Session = expressSession.Session
session.Store = expressSession.Store
session.MemoryStore = expressSession.MemoryStore
session.Cookie = expressSession.Cookie
