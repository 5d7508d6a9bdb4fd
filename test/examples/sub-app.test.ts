/**
 * examples/sub-app: sub-apps mounted on one and on two paths, their own
 * middleware, the mount event, mountpath / path() / req.baseUrl, inherited
 * settings and falling through to the parent.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { packageRoot, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const createApp: Any = require(path.join(packageRoot, 'examples', 'sub-app', 'server.js'))
const TOKEN = { 'x-admin-token': 'let-me-in' }

test('sub-app: the admin app guards only itself and knows where it is mounted', async () => {
  await withServer(createApp(), async (srv) => {
    assert.equal((await rawRequest(srv.port, 'GET', '/')).status, 200)
    assert.equal((await rawRequest(srv.port, 'GET', '/admin')).status, 401)

    const admin = await rawRequest(srv.port, 'GET', '/admin', TOKEN)
    assert.equal(admin.status, 200)
    assert.deepEqual(JSON.parse(admin.body), {
      mountpath: '/admin',
      path: '/admin',
      baseUrl: '/admin',
      url: '/',
      originalUrl: '/admin',
      mountedBy: 'main',
    })
    assert.deepEqual(JSON.parse((await rawRequest(srv.port, 'GET', '/admin/stats', TOKEN)).body), { users: 2, posts: 3 })
  })
})

test('sub-app: one blog app on two paths, with the parent\'s json spaces', async () => {
  await withServer(createApp(), async (srv) => {
    for (const base of ['/blog', '/news']) {
      const index = await rawRequest(srv.port, 'GET', base)
      assert.deepEqual(JSON.parse(index.body), { mountpath: ['/blog', '/news'], baseUrl: base, posts: ['hello', 'sub-apps'] })
      // inherited from the main app: json spaces = 2
      assert.match(index.body, /^\{\n {2}"mountpath"/)
    }
    assert.deepEqual(JSON.parse((await rawRequest(srv.port, 'GET', '/news/hello')).body), { slug: 'hello', title: 'Hello, world' })

    const missing = await rawRequest(srv.port, 'GET', '/blog/nope')
    assert.equal(missing.status, 404)
    assert.deepEqual(JSON.parse(missing.body), { error: 'nothing at /blog/nope' })
  })
})
