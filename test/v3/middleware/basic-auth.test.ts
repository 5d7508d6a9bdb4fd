/**
 * `webfw.basicAuth` (3.x): the three forms of the spec (fixed credentials,
 * a Boolean function, a callback function), `req.user`, the 401 challenge,
 * the realm, and malformed credentials.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { send } from '../../helpers/client'
import type { Any } from '../../helpers/webfw'
import { reportErrors, serveApp, webfw3 } from './support'

const basic = (user: string, pass: string) => ({ authorization: 'Basic ' + Buffer.from(user + ':' + pass).toString('base64') })

function authApp(...args: Any[]) {
  return (app: Any) => {
    app.use(webfw3.basicAuth(...args))
    app.get('/', (req: Any, res: Any) => res.json({ user: req.user }))
    reportErrors(app)
  }
}

describe('basicAuth(username, password)', () => {
  test('the right credentials pass with req.user the username; wrong ones get 401', () =>
    serveApp(authApp('tj', 'wahoo'), async ({ port }) => {
      const ok = await send(port, { method: 'GET', headers: basic('tj', 'wahoo') })
      assert.equal(ok.status, 200)
      assert.deepEqual(ok.json(), { user: 'tj' })
      for (const [u, p] of [['tj', 'wrong'], ['someone', 'wahoo'], ['tj', 'wahoo2'], ['', '']]) {
        const no = await send(port, { method: 'GET', headers: basic(u, p) })
        assert.equal(no.status, 401, `${u}:${p}`)
      }
    }))

  test('a password may contain colons (the user name ends at the first)', () =>
    serveApp(authApp('tj', 'a:b:c'), async ({ port }) => {
      assert.equal((await send(port, { method: 'GET', headers: basic('tj', 'a:b:c') })).status, 200)
    }))

  test('no credentials: 401 with the default realm and "Unauthorized"', () =>
    serveApp(authApp('tj', 'wahoo'), async ({ port }) => {
      const res = await send(port, { method: 'GET' })
      assert.equal(res.status, 401)
      assert.equal(res.headers['www-authenticate'], 'Basic realm="Authorization Required"')
      assert.equal(res.text, 'Unauthorized')
    }))

  test('the third argument is the realm (quotes escaped)', () =>
    serveApp(authApp('tj', 'wahoo', 'Staff "only"'), async ({ port }) => {
      const res = await send(port, { method: 'GET' })
      assert.equal(res.headers['www-authenticate'], 'Basic realm="Staff \\"only\\""')
    }))

  test('a user name without a password is refused when the middleware is built', () => {
    assert.throws(() => webfw3.basicAuth('tj'), /password argument required/)
    assert.throws(() => webfw3.basicAuth(42), TypeError)
  })
})

describe('basicAuth(fn(user, pass))', () => {
  test('a truthy return lets the request in with req.user the username; falsy is 401', () =>
    serveApp(authApp((user: string, pass: string) => user === 'tj' && pass === 'wahoo'), async ({ port }) => {
      assert.deepEqual((await send(port, { method: 'GET', headers: basic('tj', 'wahoo') })).json(), { user: 'tj' })
      assert.equal((await send(port, { method: 'GET', headers: basic('tj', 'nope') })).status, 401)
    }))

  test('the second argument is the realm', () =>
    serveApp(authApp(() => false, 'Members'), async ({ port }) => {
      const res = await send(port, { method: 'GET', headers: basic('a', 'b') })
      assert.equal(res.status, 401)
      assert.equal(res.headers['www-authenticate'], 'Basic realm="Members"')
    }))
})

describe('basicAuth(fn(user, pass, cb))', () => {
  const users: Record<string, Any> = { tj: { name: 'tj', admin: true } }
  const check = (user: string, pass: string, cb: Any) =>
    setImmediate(() => {
      if (user === 'broken') return cb(new Error('db down'))
      cb(null, pass === 'wahoo' ? users[user] : null)
    })

  test('req.user is the object passed to cb', () =>
    serveApp(authApp(check), async ({ port }) => {
      const res = await send(port, { method: 'GET', headers: basic('tj', 'wahoo') })
      assert.equal(res.status, 200)
      assert.deepEqual(res.json(), { user: { name: 'tj', admin: true } })
    }))

  test('cb(err) or cb(null, no user) is a 401', () =>
    serveApp(authApp(check), async ({ port }) => {
      assert.equal((await send(port, { method: 'GET', headers: basic('tj', 'nope') })).status, 401)
      assert.equal((await send(port, { method: 'GET', headers: basic('broken', 'wahoo') })).status, 401)
    }))
})

describe('basicAuth: requests', () => {
  test('an Authorization header that is not Basic credentials is a 400', () =>
    serveApp(authApp('tj', 'wahoo'), async ({ port }) => {
      for (const authorization of ['Bearer abc', 'Basic', 'Basic ' + Buffer.from('no-colon').toString('base64'), 'Basic !!!']) {
        const res = await send(port, { method: 'GET', headers: { authorization } })
        assert.equal(res.status, 400, authorization)
      }
    }))

  test('a request that already has req.user is not asked again', () =>
    serveApp(
      (app) => {
        app.use((req: Any, _res: Any, next: Any) => {
          req.user = 'earlier'
          next()
        })
        authApp('tj', 'wahoo')(app)
      },
      async ({ port }) => {
        const res = await send(port, { method: 'GET' })
        assert.equal(res.status, 200)
        assert.deepEqual(res.json(), { user: 'earlier' })
      },
    ))
})
