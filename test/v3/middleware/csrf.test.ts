/**
 * `webfw.csrf` (3.x): a token from `req.csrfToken()`, read back as `_csrf`
 * from the body or the query, or from the X-CSRF-Token header; other
 * requests are a 403; session support is required above it (or `cookie`).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { send } from '../../helpers/client'
import { Jar } from '../../helpers/jar'
import type { Any } from '../../helpers/webfw'
import { reportErrors, serveApp, webfw3 } from './support'

function csrfApp(options?: Any, withSession = true) {
  return (app: Any) => {
    app.use(webfw3.cookieParser('secret'))
    if (withSession) app.use(webfw3.cookieSession())
    app.use(webfw3.urlencoded({ extended: false }))
    app.use(webfw3.csrf(options))
    app.get('/token', (req: Any, res: Any) => res.send(req.csrfToken()))
    app.all('/', (req: Any, res: Any) => res.send('done ' + req.method))
    reportErrors(app)
  }
}

/** A client with a session and a token for it. */
async function session(port: number): Promise<{ jar: Jar; token: string }> {
  const jar = new Jar()
  const res = await send(port, { method: 'GET', path: '/token' })
  jar.take(res.headers)
  return { jar, token: res.text }
}

describe('csrf', () => {
  test('a POST without a token is a 403 EBADCSRFTOKEN; GET, HEAD and OPTIONS are not checked', () =>
    serveApp(csrfApp(), async ({ port }) => {
      const { jar } = await session(port)
      const res = await send(port, { path: '/', headers: jar.header() })
      assert.equal(res.status, 403)
      assert.equal(res.text, '403 invalid csrf token EBADCSRFTOKEN')
      for (const method of ['GET', 'OPTIONS']) assert.equal((await send(port, { method, headers: jar.header() })).status, 200, method)
      assert.equal((await send(port, { method: 'HEAD', headers: jar.header() })).status, 200)
    }))

  test('the token is accepted from the body _csrf, the query _csrf and the X-CSRF-Token header', () =>
    serveApp(csrfApp(), async ({ port }) => {
      const { jar, token } = await session(port)
      const form = { 'content-type': 'application/x-www-form-urlencoded', ...jar.header() }
      assert.equal((await send(port, { headers: form, body: '_csrf=' + encodeURIComponent(token) })).text, 'done POST')
      assert.equal((await send(port, { method: 'PUT', path: '/?_csrf=' + encodeURIComponent(token), headers: jar.header() })).text, 'done PUT')
      assert.equal((await send(port, { method: 'DELETE', headers: { 'x-csrf-token': token, ...jar.header() } })).text, 'done DELETE')
    }))

  test('a token of another session, or a forged one, is a 403', () =>
    serveApp(csrfApp(), async ({ port }) => {
      const mine = await session(port)
      const theirs = await session(port)
      assert.equal((await send(port, { headers: { 'x-csrf-token': theirs.token, ...mine.jar.header() } })).status, 403)
      assert.equal((await send(port, { headers: { 'x-csrf-token': 'abc-def', ...mine.jar.header() } })).status, 403)
      // and without the session cookie at all
      assert.equal((await send(port, { headers: { 'x-csrf-token': mine.token } })).status, 403)
    }))

  test('the secret lives in the session as csrfSecret; req.csrfToken() is stable within a request', () =>
    serveApp(
      (app) => {
        app.use(webfw3.cookieParser('secret'))
        app.use(webfw3.cookieSession())
        app.use(webfw3.csrf())
        app.get('/', (req: Any, res: Any) => res.json({ same: req.csrfToken() === req.csrfToken(), secret: typeof req.session.csrfSecret }))
      },
      async ({ port }) => {
        assert.deepEqual((await send(port, { method: 'GET' })).json(), { same: true, secret: 'string' })
      },
    ))

  test('without session support above it, next gets "misconfigured csrf"', () =>
    serveApp(csrfApp({}, false), async ({ port }) => {
      const res = await send(port, { method: 'GET', path: '/token' })
      assert.equal(res.status, 500)
      assert.match(res.text, /misconfigured csrf/)
    }))

  test('options: ignoreMethods, value(req), and a cookie instead of the session', async () => {
    await serveApp(csrfApp({ ignoreMethods: ['GET', 'POST'] }), async ({ port }) => {
      const { jar } = await session(port)
      assert.equal((await send(port, { headers: jar.header() })).status, 200)
      assert.equal((await send(port, { method: 'PUT', headers: jar.header() })).status, 403)
    })
    await serveApp(csrfApp({ value: (req: Any) => req.headers['x-my-token'] }), async ({ port }) => {
      const { jar, token } = await session(port)
      assert.equal((await send(port, { headers: { 'x-my-token': token, ...jar.header() } })).status, 200)
      assert.equal((await send(port, { headers: { 'x-csrf-token': token, ...jar.header() } })).status, 403)
    })
    await serveApp(csrfApp({ cookie: true }, false), async ({ port }) => {
      const { jar, token } = await session(port)
      assert.ok(jar.has('_csrf'))
      assert.equal((await send(port, { headers: { 'x-csrf-token': token, ...jar.header() } })).status, 200)
      assert.equal((await send(port, { headers: { 'x-csrf-token': token } })).status, 403)
    })
    await serveApp(csrfApp({ cookie: { signed: true, key: 'xsrf' } }, false), async ({ port }) => {
      const { jar, token } = await session(port)
      assert.ok(jar.has('xsrf'))
      assert.equal((await send(port, { headers: { 'x-csrf-token': token, ...jar.header() } })).status, 200)
    })
    assert.throws(() => webfw3.csrf({ ignoreMethods: 'GET' }), /ignoreMethods must be an array/)
  })
})
