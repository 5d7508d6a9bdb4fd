/**
 * passport + passport-local with express-session on webfw: login redirects,
 * the user on later requests, failure redirects, logout.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { send } from '../helpers/client'
import { Jar } from '../helpers/jar'
import type { Any } from '../helpers/webfw'
import { setups } from './profiles'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const session: Any = require('express-session')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Passport }: Any = require('passport')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Strategy: LocalStrategy }: Any = require('passport-local')

const USERS = [{ id: 7, name: 'alice', password: 'wonderland' }]

/** One Passport instance per app, so the two profiles share no state. */
function authApp(factory: Any): Any {
  const passport = new Passport()
  passport.use(new LocalStrategy((username: string, password: string, done: Any) => {
    const user = USERS.find((u) => u.name === username)
    done(null, user && user.password === password ? user : false)
  }))
  passport.serializeUser((user: Any, done: Any) => done(null, user.id))
  passport.deserializeUser((id: number, done: Any) => done(null, USERS.find((u) => u.id === id) ?? false))

  const app = factory()
  app.use(factory.urlencoded({ extended: false }))
  app.use(session({ secret: 'passport test', resave: false, saveUninitialized: false }))
  app.use(passport.authenticate('session'))
  app.post('/login', passport.authenticate('local', { successRedirect: '/me', failureRedirect: '/login?failed=1' }))
  app.get('/me', (req: Any, res: Any) => res.json({ authenticated: req.isAuthenticated(), user: req.user?.name ?? null }))
  app.post('/logout', (req: Any, res: Any, next: Any) => {
    req.logout((err: Error | null) => (err ? next(err) : res.redirect('/')))
  })
  return app
}

const form = (body: string) => ({
  method: 'POST',
  path: '/login',
  body,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
})

for (const { label, factory, run } of setups) {
  describe(`passport-local (${label})`, () => {
    test('good credentials: redirect, then req.user on the next request; logout clears it', async () => {
      await run(authApp(factory), async ({ port }) => {
        const jar = new Jar()
        const login = await send(port, form('username=alice&password=wonderland'))
        assert.equal(login.status, 302)
        assert.equal(login.headers.location, '/me')
        jar.take(login.headers)
        assert.ok(jar.has('connect.sid'))

        const me = await send(port, { method: 'GET', path: '/me', headers: jar.header() })
        assert.deepEqual(me.json(), { authenticated: true, user: 'alice' })

        const logout = await send(port, { method: 'POST', path: '/logout', headers: jar.header() })
        assert.equal(logout.status, 302)
        assert.equal(logout.headers.location, '/')
        jar.take(logout.headers)
        const after = await send(port, { method: 'GET', path: '/me', headers: jar.header() })
        assert.deepEqual(after.json(), { authenticated: false, user: null })
      })
    })

    test('bad credentials redirect to the failure URL and log nobody in', async () => {
      await run(authApp(factory), async ({ port }) => {
        const jar = new Jar()
        const login = await send(port, form('username=alice&password=wrong'))
        assert.equal(login.status, 302)
        assert.equal(login.headers.location, '/login?failed=1')
        jar.take(login.headers)
        const me = await send(port, { method: 'GET', path: '/me', headers: jar.header() })
        assert.deepEqual(me.json(), { authenticated: false, user: null })

        const unknown = await send(port, form('username=bob&password=wonderland'))
        assert.equal(unknown.headers.location, '/login?failed=1')
      })
    })
  })
}
