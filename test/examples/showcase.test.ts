/**
 * The showcase app of `npm start` serves its page, its JSON API, a static
 * file, and logs each request.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { packageRoot, type Any } from '../helpers/webfw'

test('the showcase app serves routes, JSON, static files and logs each request', async () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const app: Any = require(path.join(packageRoot, 'examples', 'showcase', 'server.js'))
  const lines: string[] = []
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((chunk: string | Uint8Array) => {
    lines.push(String(chunk))
    return true
  }) as typeof process.stdout.write
  try {
    await withServer(app, async (srv) => {
      assert.match((await rawRequest(srv.port, 'GET', '/')).body, /webfw showcase/)
      assert.deepEqual(JSON.parse((await rawRequest(srv.port, 'GET', '/api/users/1')).body), { id: 1, name: 'Ada' })
      assert.equal((await rawRequest(srv.port, 'GET', '/api/users/99')).status, 404)
      const created = await rawRequest(srv.port, 'POST', '/api/users', { 'content-type': 'application/json' }, '{"name":"Grace"}')
      assert.equal(created.status, 201)
      assert.equal(created.headers.location, '/api/users/3')
      assert.equal((await rawRequest(srv.port, 'POST', '/api/users', { 'content-type': 'application/json' }, '{bad')).status, 400)
      assert.equal((await rawRequest(srv.port, 'GET', '/static/hello.txt')).body, 'Hello from webfw.static\n')
    })
  } finally {
    process.stdout.write = write
  }
  const logged = lines.join('')
  assert.match(logged, /GET \/api\/users\/1 .*200/)
  assert.match(logged, /POST \/api\/users .*201/)
})
