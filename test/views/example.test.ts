/**
 * examples/views still works: its pages render with the real engine,
 * including the 404 and error pages and the app.render text route.
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { packageRoot, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const app: Any = require(join(packageRoot, 'examples', 'views', 'server.js'))
app.set('env', 'test')

describe('examples/views', () => {
  it('serves its pages', async () => {
    await withServer(app, async (srv) => {
      const home = await rawRequest(srv.port, 'GET', '/')
      assert.equal(home.status, 200)
      assert.match(home.body, /<title>Users · webfw views<\/title>/)
      assert.match(home.body, /<a href="\/users\/1">Ada Lovelace<\/a>/)
      assert.match(home.body, /Rendered by ejs on webfw/)

      const text = await rawRequest(srv.port, 'GET', '/users/2/welcome.txt')
      assert.equal(text.headers['content-type'], 'text/plain; charset=utf-8')
      assert.match(text.body, /^Hello Linus Torvalds,/)

      const missing = await rawRequest(srv.port, 'GET', '/users/9')
      assert.equal(missing.status, 404)
      assert.match(missing.body, /Nothing lives at \/users\/9/)

      const broken = await rawRequest(srv.port, 'GET', '/broken')
      assert.equal(broken.status, 500)
      assert.match(broken.body, /Failed to lookup view &#34;no-such-view&#34;/)
    })
  })
})
