/**
 * req.baseUrl: the path a router or sub-app was mounted on, as matched.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

describe('req.baseUrl', () => {
  it('is "" at the top level', async () => {
    const app = webfw()
    app.get('/x', probe((req) => req.baseUrl))
    assert.equal(JSON.parse((await call(app, '/x')).body).value, '')
  })

  it('is the matched mount path, not the pattern', async () => {
    const app = webfw()
    const router = webfw.Router()
    router.get('/profile', probe((req) => [req.baseUrl, req.path, req.originalUrl]))
    app.use('/users/:id', router)
    assert.deepEqual(JSON.parse((await call(app, '/users/42/profile?x=1')).body).value, ['/users/42', '/profile', '/users/42/profile?x=1'])
  })

  it('joins nested mounts', async () => {
    const app = webfw()
    const outer = webfw.Router()
    const inner = webfw.Router()
    inner.get('/c', probe((req) => req.baseUrl))
    outer.use('/b', inner)
    app.use('/a', outer)
    assert.equal(JSON.parse((await call(app, '/a/b/c')).body).value, '/a/b')
  })
})
