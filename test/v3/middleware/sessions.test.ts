/**
 * `webfw.session` and `webfw.cookieSession` (3.x): Connect 2's defaults
 * (resave and saveUninitialized on; cookieSession's key `webfw.sess`, path
 * "/", HttpOnly, no expiry), the signed one-cookie format, clearing with
 * `req.session = null`, `secure` and `proxy`, the cookieParser secret, and
 * express-session's classes on `webfw.session`.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { describe, test } from 'node:test'
import { send } from '../../helpers/client'
import { Jar, setCookie } from '../../helpers/jar'
import { packageRoot, type Any } from '../../helpers/webfw'
import { reportErrors, serveApp, webfw3 } from './support'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const expressSession: Any = require('express-session')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const signature: Any = require('cookie-signature')

/** The first Set-Cookie's name=value, as Express 3's own tests send it back. */
const firstCookie = (headers: Any): string => headers['set-cookie'][0].split(';')[0]

function counter(app: Any): void {
  app.get('/', (req: Any, res: Any) => {
    req.session.count = req.session.count || 0
    res.send('viewed ' + req.session.count++ + ' times')
  })
  app.get('/read', (req: Any, res: Any) => res.json(req.session))
  app.get('/clear', (req: Any, res: Any) => {
    req.session = null
    res.send('cleared')
  })
  reportErrors(app)
}

describe('session', () => {
  test('keeps data across requests in the store, under the connect.sid cookie', () =>
    serveApp(
      (app) => {
        app.use(webfw3.session({ secret: 'keyboard cat' }))
        counter(app)
      },
      async ({ port }) => {
        const jar = new Jar()
        const first = await send(port, { method: 'GET' })
        assert.equal(first.text, 'viewed 0 times')
        const line = setCookie(first.headers, 'connect.sid')
        assert.ok(line)
        assert.match(line, /; Path=\//)
        assert.match(line, /; HttpOnly/)
        jar.take(first.headers)
        assert.equal((await send(port, { method: 'GET', headers: jar.header() })).text, 'viewed 1 times')
        assert.equal((await send(port, { method: 'GET', headers: jar.header() })).text, 'viewed 2 times')
      },
    ))

  test('saves new, untouched sessions too (saveUninitialized) and resaves unchanged ones (resave), as Connect 2', () => {
    const saved: string[] = []
    const store = new webfw3.session.MemoryStore()
    const set = store.set.bind(store)
    store.set = (sid: string, sess: Any, cb: Any) => {
      saved.push(sid)
      set(sid, sess, cb)
    }
    return serveApp(
      (app) => {
        app.use(webfw3.session({ secret: 's', store }))
        app.get('/', (_req: Any, res: Any) => res.send('untouched'))
      },
      async ({ port }) => {
        const jar = new Jar()
        const first = await send(port, { method: 'GET' })
        assert.ok(setCookie(first.headers, 'connect.sid'), 'a cookie for a session nobody touched')
        jar.take(first.headers)
        await send(port, { method: 'GET', headers: jar.header() })
        assert.equal(saved.length, 2, 'saved on both requests')
        assert.equal(saved[0], saved[1])
      },
    )
  })

  test('express-session is given resave and saveUninitialized, so it warns about neither', () => {
    const script = `
      const seen = []
      process.on('deprecation', (err) => seen.push(err.message))
      require('webfw/v3').session({ secret: 's' })
      console.log(JSON.stringify(seen))`
    const out = execFileSync(process.execPath, ['--no-deprecation', '-e', script], { cwd: packageRoot, encoding: 'utf8' })
    assert.deepEqual(JSON.parse(out), [])
  })

  test('explicit options win over the Connect defaults; `key` names the cookie', () => {
    let saves = 0
    const store = new webfw3.session.MemoryStore()
    const set = store.set.bind(store)
    store.set = (sid: string, sess: Any, cb: Any) => {
      saves++
      set(sid, sess, cb)
    }
    return serveApp(
      (app) => {
        app.use(webfw3.session({ secret: 's', store, key: 'app.sid', saveUninitialized: false }))
        app.get('/', (_req: Any, res: Any) => res.send('untouched'))
        app.get('/touch', (req: Any, res: Any) => {
          req.session.x = 1
          res.send('touched')
        })
      },
      async ({ port }) => {
        const untouched = await send(port, { method: 'GET' })
        assert.equal(untouched.headers['set-cookie'], undefined)
        const touched = await send(port, { method: 'GET', path: '/touch' })
        assert.ok(setCookie(touched.headers, 'app.sid'))
        assert.equal(saves, 1)
      },
    )
  })

  test('takes the secret from cookieParser(secret) when given none', () =>
    serveApp(
      (app) => {
        app.use(webfw3.cookieParser('from parser'))
        app.use(webfw3.session())
        counter(app)
      },
      async ({ port }) => {
        const first = await send(port, { method: 'GET' })
        const value = decodeURIComponent(setCookie(first.headers, 'connect.sid')!.split(';')[0].split('=')[1])
        assert.notEqual(signature.unsign(value.slice(2), 'from parser'), false)
        assert.equal((await send(port, { method: 'GET', headers: { cookie: firstCookie(first.headers) } })).text, 'viewed 1 times')
      },
    ))

  test('Session, Store, MemoryStore and Cookie are express-session\'s classes', () => {
    assert.equal(webfw3.session.Session, expressSession.Session)
    assert.equal(webfw3.session.Store, expressSession.Store)
    assert.equal(webfw3.session.MemoryStore, expressSession.MemoryStore)
    assert.equal(webfw3.session.Cookie, expressSession.Cookie)
    assert.ok(new webfw3.session.MemoryStore() instanceof webfw3.session.Store)
  })
})

describe('cookieSession', () => {
  const app = (options?: Any, parserSecret: string | null = 'manny is cool') => (a: Any) => {
    if (parserSecret) a.use(webfw3.cookieParser(parserSecret))
    a.use(webfw3.cookieSession(options))
    counter(a)
  }

  test('defaults: cookie webfw.sess, Path=/, HttpOnly, no Expires; the count goes up with the cookie sent back', () =>
    serveApp(app(), async ({ port }) => {
      const first = await send(port, { method: 'GET' })
      assert.equal(first.text, 'viewed 0 times')
      const line = first.headers['set-cookie']![0]
      assert.match(line, /^webfw\.sess=/)
      assert.match(line, /; Path=\//)
      assert.match(line, /; HttpOnly/)
      assert.doesNotMatch(line, /Expires|Max-Age/i)
      const second = await send(port, { method: 'GET', headers: { cookie: firstCookie(first.headers) } })
      assert.equal(second.text, 'viewed 1 times')
      const third = await send(port, { method: 'GET', headers: { cookie: firstCookie(second.headers) } })
      assert.equal(third.text, 'viewed 2 times')
    }))

  test('the value is s: + the signed j:JSON, readable as a signed cookie by cookieParser', () =>
    serveApp(
      (a) => {
        app()(a)
        a.get('/signed', (req: Any, res: Any) => res.json(req.signedCookies))
      },
      async ({ port }) => {
        const first = await send(port, { method: 'GET' })
        const value = decodeURIComponent(firstCookie(first.headers).slice('webfw.sess='.length))
        assert.ok(value.startsWith('s:j:'))
        assert.equal(signature.unsign(value.slice(2), 'manny is cool'), 'j:{"count":1}')
        const signed = await send(port, { method: 'GET', path: '/signed', headers: { cookie: firstCookie(first.headers) } })
        assert.deepEqual(signed.json(), { 'webfw.sess': { count: 1 } })
      },
    ))

  test('an unchanged session sends no cookie', () =>
    serveApp(app(), async ({ port }) => {
      const first = await send(port, { method: 'GET' })
      const read = await send(port, { method: 'GET', path: '/read', headers: { cookie: firstCookie(first.headers) } })
      assert.deepEqual(read.json(), { count: 1, cookie: { originalMaxAge: null, expires: null, path: '/', httpOnly: true } })
      assert.equal(read.headers['set-cookie'], undefined)
    }))

  test('req.session = null clears the cookie (expired in 1970)', () =>
    serveApp(app(), async ({ port }) => {
      const first = await send(port, { method: 'GET' })
      const cleared = await send(port, { method: 'GET', path: '/clear', headers: { cookie: firstCookie(first.headers) } })
      const line = cleared.headers['set-cookie']![0]
      assert.match(line, /^webfw\.sess=;/)
      assert.match(line, /Expires=Thu, 01 Jan 1970 00:00:00 GMT/)
    }))

  test('a forged, unsigned or unreadable cookie gives a fresh session', () =>
    serveApp(app(), async ({ port }) => {
      const forged = 's:' + signature.sign('j:{"count":41}', 'not the secret')
      for (const value of [forged, 'j:{"count":41}', 's:garbage', '%E0%A4%A']) {
        const res = await send(port, { method: 'GET', headers: { cookie: 'webfw.sess=' + encodeURIComponent(value) } })
        assert.equal(res.text, 'viewed 0 times', value)
      }
    }))

  test('`secret` and `key` options; no secret at all is an error', async () => {
    await serveApp(app({ secret: 'own', key: 'sess' }, null), async ({ port }) => {
      const first = await send(port, { method: 'GET' })
      assert.match(firstCookie(first.headers), /^sess=/)
      const value = decodeURIComponent(firstCookie(first.headers).slice('sess='.length))
      assert.equal(signature.unsign(value.slice(2), 'own'), 'j:{"count":1}')
    })
    await serveApp(app({}, null), async ({ port }) => {
      const res = await send(port, { method: 'GET' })
      assert.equal(res.status, 500)
      assert.match(res.text, /secret. option required for cookie sessions/)
    })
  })

  test('cookie options: maxAge sets an expiry, path limits where the session applies', () =>
    serveApp(app({ cookie: { maxAge: 60000, path: '/app' } }), async ({ port }) => {
      const outside = await send(port, { method: 'GET' })
      assert.equal(outside.headers['set-cookie'], undefined)
      assert.equal(outside.text, 'viewed 0 times')
    }).then(() =>
      serveApp(app({ cookie: { maxAge: 60000 } }), async ({ port }) => {
        const line = (await send(port, { method: 'GET' })).headers['set-cookie']![0]
        const expires = Date.parse(/Expires=([^;]+)/.exec(line)![1])
        assert.ok(expires > Date.now(), 'expires in the future')
      }),
    ))

  test('a secure cookie is only sent over TLS, or with `proxy` and X-Forwarded-Proto: https', async () => {
    await serveApp(app({ cookie: { secure: true } }), async ({ port }) => {
      const plain = await send(port, { method: 'GET', headers: { 'x-forwarded-proto': 'https' } })
      assert.equal(plain.headers['set-cookie'], undefined)
    })
    await serveApp(app({ cookie: { secure: true }, proxy: true }), async ({ port }) => {
      assert.equal((await send(port, { method: 'GET' })).headers['set-cookie'], undefined)
      const proxied = await send(port, { method: 'GET', headers: { 'x-forwarded-proto': 'https' } })
      assert.match(proxied.headers['set-cookie']![0], /^webfw\.sess=.*; Secure/)
    })
  })

  test('other Set-Cookie headers of the response are kept', () =>
    serveApp(
      (a) => {
        a.use(webfw3.cookieParser('manny is cool'))
        a.use(webfw3.cookieSession())
        a.get('/', (req: Any, res: Any) => {
          req.session.x = 1
          res.cookie('theme', 'dark')
          res.send('ok')
        })
      },
      async ({ port }) => {
        const cookies = (await send(port, { method: 'GET' })).headers['set-cookie']!.map((c) => c.split('=')[0])
        assert.deepEqual(cookies.sort(), ['theme', 'webfw.sess'])
      },
    ))
})
