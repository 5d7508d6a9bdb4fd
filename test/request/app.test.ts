/**
 * req.app and req.res: the application handling the request and the paired
 * response (res.app and res.req are tested with the response).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

describe('req.app', () => {
  it('is the app handling the request', async () => {
    const app = webfw()
    let seen: unknown
    app.use((req: Any, res: Any) => {
      seen = req.app
      res.end()
    })
    await call(app, '/')
    assert.equal(seen, app)
  })

  it('is the sub-app inside a mounted app, and the parent again after it', async () => {
    const app = webfw()
    const sub = webfw()
    const seen: unknown[] = []
    sub.use((req: Any, _res: unknown, next: () => void) => {
      seen.push(req.app)
      next()
    })
    app.use('/sub', sub)
    app.use((req: Any, res: Any) => {
      seen.push(req.app)
      res.end()
    })
    await call(app, '/sub/x')
    assert.equal(seen[0], sub)
    assert.equal(seen[1], app)
  })
})

describe('req.res', () => {
  it('is the response of the same exchange', async () => {
    const app = webfw()
    let same = false
    app.use((req: Any, res: Any) => {
      same = req.res === res && res.req === req
      res.end()
    })
    await call(app, '/')
    assert.equal(same, true)
  })
})
