/**
 * req.path: the path part of the URL, without the mount point.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

describe('req.path', () => {
  it('is the pathname without the query', async () => {
    const app = webfw()
    app.use(probe((req) => req.path))
    assert.equal(JSON.parse((await call(app, '/a/b?c=d')).body).value, '/a/b')
  })

  it('excludes the mount point', async () => {
    const app = webfw()
    app.use('/mount', probe((req) => req.path))
    assert.equal(JSON.parse((await call(app, '/mount/inner?x')).body).value, '/inner')
  })
})
