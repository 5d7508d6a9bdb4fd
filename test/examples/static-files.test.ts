/**
 * examples/static-files: webfw.static with caching, extension fallbacks,
 * directory redirects and index pages, hidden dotfiles and a 404 page.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { packageRoot, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const app: Any = require(path.join(packageRoot, 'examples', 'static-files', 'server.js'))
app.set('env', 'test')

test('static-files serves the public directory', async () => {
  await withServer(app, async (srv) => {
    const home = await rawRequest(srv.port, 'GET', '/')
    assert.equal(home.status, 200)
    assert.match(home.body, /Served by webfw\.static/)
    assert.equal(home.headers['content-type'], 'text/html; charset=utf-8')
    // setHeaders wins over the default Cache-Control for HTML files
    assert.equal(home.headers['cache-control'], 'no-cache')

    const css = await rawRequest(srv.port, 'GET', '/css/site.css')
    assert.equal(css.status, 200)
    assert.equal(css.headers['cache-control'], 'public, max-age=86400, immutable')
    assert.match(css.headers['content-type'] ?? '', /^text\/css/)

    const revalidated = await rawRequest(srv.port, 'GET', '/css/site.css', { 'if-none-match': String(css.headers.etag) })
    assert.equal(revalidated.status, 304)

    assert.match((await rawRequest(srv.port, 'GET', '/docs/intro')).body, /<h1>Introduction<\/h1>/)

    const redirect = await rawRequest(srv.port, 'GET', '/docs')
    assert.equal(redirect.status, 301)
    assert.equal(redirect.headers.location, '/docs/')
    assert.match((await rawRequest(srv.port, 'GET', '/docs/')).body, /<h1>Docs index<\/h1>/)
  })
})

test('static-files hides dotfiles and falls through to the 404 page', async () => {
  await withServer(app, async (srv) => {
    for (const [method, url] of [['GET', '/.secret'], ['GET', '/no-such-file.txt'], ['POST', '/']]) {
      const res = await rawRequest(srv.port, method, url)
      assert.equal(res.status, 404, `${method} ${url}`)
      assert.equal(res.body, '<h1>Not found</h1>')
    }
  })
})
