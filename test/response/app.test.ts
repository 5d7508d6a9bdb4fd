/**
 * res.app, res.req and res.headersSent.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

describe('res.app / res.req / res.headersSent', () => {
  it('res.app is the app, res.req the request, in the app and in a sub-app', async () => {
    const app = webfw()
    const sub = webfw()
    const seen: unknown[] = []
    sub.use((req: Any, res: Any, next: () => void) => {
      seen.push(res.app === sub, res.req === req)
      next()
    })
    app.use(sub)
    app.use((req: Any, res: Any) => {
      seen.push(res.app === app, res.req === req)
      res.end()
    })
    await call(app)
    assert.deepEqual(seen, [true, true, true, true])
  })

  it('headersSent turns true once the headers are written', async () => {
    const app = webfw()
    const seen: boolean[] = []
    app.use((_req: unknown, res: Any) => {
      seen.push(res.headersSent)
      res.flushHeaders()
      seen.push(res.headersSent)
      res.end()
    })
    await call(app)
    assert.deepEqual(seen, [false, true])
  })
})
