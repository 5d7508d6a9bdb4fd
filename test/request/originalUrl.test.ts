/**
 * req.originalUrl: the URL as received, kept while req.url is rewritten by mounting.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

describe('req.originalUrl', () => {
  it('keeps the full URL and query inside a mounted app while req.url is relative', async () => {
    const app = webfw()
    const sub = webfw()
    sub.use(probe((req) => [req.originalUrl, req.url, req.baseUrl]))
    app.use('/blog', sub)
    assert.deepEqual(JSON.parse((await call(app, '/blog/posts?page=2')).body).value, ['/blog/posts?page=2', '/posts?page=2', '/blog'])
  })
})
