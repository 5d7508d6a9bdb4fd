/**
 * req.params, req.route and req.method: the matched route's view of the request.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

describe('req.params', () => {
  it('holds the named parameters, URI-decoded', async () => {
    const app = webfw()
    app.get('/users/:id/:name', probe((req) => req.params))
    assert.deepEqual(JSON.parse((await call(app, '/users/42/J%C3%BCrgen')).body).value, { id: '42', name: 'Jürgen' })
  })

  it('is {} outside a route with parameters', async () => {
    const app = webfw()
    app.use(probe((req) => req.params))
    assert.deepEqual(JSON.parse((await call(app, '/x')).body).value, {})
  })
})

describe('req.route and req.method', () => {
  it('expose the matched route path and the upper-case method', async () => {
    const app = webfw()
    app.post('/items/:id', probe((req) => [req.route.path, req.method]))
    assert.deepEqual(JSON.parse((await call(app, '/items/1', { method: 'post' })).body).value, ['/items/:id', 'POST'])
  })
})
