/**
 * res.locals: per-request template variables.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { serve } from '../helpers/http'
import { request } from '../helpers/call'
import { probe } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

describe('res.locals', () => {
  it('is an empty object at the start of every request, not shared between requests', async () => {
    const app = webfw()
    app.use((_req: unknown, res: Any, next: () => void) => {
      res.locals.count = (res.locals.count ?? 0) + 1
      next()
    })
    app.use(probe((_req, res) => ({ ...res.locals })))
    const srv = await serve(app)
    try {
      const first = JSON.parse((await request(srv.port, '/')).body).value
      const second = JSON.parse((await request(srv.port, '/')).body).value
      assert.deepEqual(first, { count: 1 })
      assert.deepEqual(second, { count: 1 })
    } finally {
      await srv.close()
    }
  })

  it('can be replaced', async () => {
    const app = webfw()
    app.use(probe((_req, res) => {
      res.locals = { user: 'tobi' }
      return res.locals
    }))
    const srv = await serve(app)
    try {
      assert.deepEqual(JSON.parse((await request(srv.port, '/')).body).value, { user: 'tobi' })
    } finally {
      await srv.close()
    }
  })

  it('is the same on app.listen servers', async () => {
    const app = webfw()
    app.use(probe((_req, res) => {
      res.locals.a = 1
      return res.locals
    }))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((r) => server.once('listening', r))
    try {
      assert.deepEqual(JSON.parse((await request(server.address().port, '/')).body).value, { a: 1 })
    } finally {
      server.closeAllConnections?.()
      await new Promise((r) => server.close(r))
    }
  })
})
