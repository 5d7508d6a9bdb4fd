/**
 * express-session (MemoryStore) on webfw: the signed cookie, data kept
 * across requests, regeneration and destruction, and the secure-cookie
 * rule that relies on req.secure behind a trusted proxy.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { send } from '../helpers/client'
import { Jar, setCookie } from '../helpers/jar'
import type { Any } from '../helpers/webfw'
import { setups } from './profiles'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const session: Any = require('express-session')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const signature: Any = require('cookie-signature')

const SECRET = 'keyboard cat'

function sessionApp(factory: Any, cookie: Any = {}): Any {
  const app = factory()
  app.use(session({ secret: SECRET, resave: false, saveUninitialized: false, store: new session.MemoryStore(), cookie }))
  app.get('/count', (req: Any, res: Any) => {
    req.session.count = (req.session.count ?? 0) + 1
    res.json({ count: req.session.count, id: req.sessionID })
  })
  app.get('/peek', (req: Any, res: Any) => res.json({ count: req.session.count ?? null }))
  app.post('/regenerate', (req: Any, res: Any, next: Any) => {
    req.session.regenerate((err: Error | null) => (err ? next(err) : res.json({ id: req.sessionID })))
  })
  app.post('/destroy', (req: Any, res: Any, next: Any) => {
    req.session.destroy((err: Error | null) => (err ? next(err) : res.send('gone')))
  })
  return app
}

for (const { label, factory, run } of setups) {
  describe(`express-session (${label})`, () => {
    test('a counter survives across requests through the signed HttpOnly cookie', async () => {
      await run(sessionApp(factory), async ({ port }) => {
        const jar = new Jar()
        const first = await send(port, { method: 'GET', path: '/count' })
        assert.equal(first.json().count, 1)
        const line = setCookie(first.headers, 'connect.sid')
        assert.ok(line, 'session cookie set')
        assert.match(line, /; Path=\//)
        assert.match(line, /; HttpOnly/)
        // The value is "s:" + the session id signed with the secret.
        const value = decodeURIComponent(line.split(';')[0].slice('connect.sid='.length))
        assert.ok(value.startsWith('s:'))
        assert.equal(signature.unsign(value.slice(2), SECRET), first.json().id)
        jar.take(first.headers)

        const second = await send(port, { method: 'GET', path: '/count', headers: jar.header() })
        assert.deepEqual(second.json(), { count: 2, id: first.json().id })
        const third = await send(port, { method: 'GET', path: '/count', headers: jar.header() })
        assert.equal(third.json().count, 3)

        // Another client (no cookie), or a cookie with a forged signature, starts over.
        const stranger = await send(port, { method: 'GET', path: '/peek' })
        assert.equal(stranger.json().count, null)
        const forged = `s:${first.json().id}.${'A'.repeat(43)}`
        const tampered = await send(port, { method: 'GET', path: '/peek', headers: { cookie: `connect.sid=${encodeURIComponent(forged)}` } })
        assert.equal(tampered.json().count, null)
      })
    })

    test('regenerate gives a new id and drops the data; destroy ends the session', async () => {
      await run(sessionApp(factory), async ({ port }) => {
        const jar = new Jar()
        const first = await send(port, { method: 'GET', path: '/count' })
        jar.take(first.headers)
        const regen = await send(port, { method: 'POST', path: '/regenerate', headers: jar.header() })
        assert.notEqual(regen.json().id, first.json().id)
        jar.take(regen.headers)
        assert.equal((await send(port, { method: 'GET', path: '/peek', headers: jar.header() })).json().count, null)

        const counted = await send(port, { method: 'GET', path: '/count', headers: jar.header() })
        jar.take(counted.headers)
        assert.equal(counted.json().count, 1)
        const destroyed = await send(port, { method: 'POST', path: '/destroy', headers: jar.header() })
        assert.equal(destroyed.text, 'gone')
        assert.equal((await send(port, { method: 'GET', path: '/peek', headers: jar.header() })).json().count, null)
      })
    })

    test('a secure cookie is set only when the request is secure (trust proxy + X-Forwarded-Proto)', async () => {
      const app = sessionApp(factory, { secure: true })
      app.set('trust proxy', 1)
      await run(app, async ({ port }) => {
        const plain = await send(port, { method: 'GET', path: '/count' })
        assert.equal(setCookie(plain.headers, 'connect.sid'), undefined)
        const https = await send(port, { method: 'GET', path: '/count', headers: { 'x-forwarded-proto': 'https' } })
        assert.match(String(setCookie(https.headers, 'connect.sid')), /; Secure/)
      })
    })
  })
}
