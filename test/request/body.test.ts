/**
 * req.body (5.x): undefined until a body parser sets it.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

describe('req.body', () => {
  it('is undefined when no parser ran, even with a body', async () => {
    const app = webfw()
    app.use(probe((req) => req.body))
    const res = await call(app, '/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' })
    assert.equal(JSON.parse(res.body).value, '<undefined>')
  })

  it('is whatever a middleware assigns', async () => {
    const app = webfw()
    app.use((req: Any, _res: unknown, next: () => void) => {
      req.body = { parsed: true }
      next()
    })
    app.use(probe((req) => req.body))
    assert.deepEqual(JSON.parse((await call(app, '/')).body).value, { parsed: true })
  })
})
