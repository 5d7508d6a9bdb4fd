/**
 * examples/hello-world answers its one route, over real HTTP.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { packageRoot, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const app: Any = require(path.join(packageRoot, 'examples', 'hello-world', 'server.js'))
app.set('env', 'test')

test('hello-world answers GET / and nothing else', async () => {
  await withServer(app, async (srv) => {
    const home = await rawRequest(srv.port, 'GET', '/')
    assert.equal(home.status, 200)
    assert.equal(home.body, 'Hello World!')
    assert.equal(home.headers['content-type'], 'text/html; charset=utf-8')
    assert.equal(home.headers['x-powered-by'], 'webfw')

    const head = await rawRequest(srv.port, 'HEAD', '/')
    assert.equal(head.status, 200)
    assert.equal(head.body, '')

    assert.equal((await rawRequest(srv.port, 'GET', '/other')).status, 404)
  })
})
