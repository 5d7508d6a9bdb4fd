/**
 * A layer runs its handler for requests when it takes up to three arguments
 * and for errors when it takes four. The arity is read once per handler
 * (src/router/layer.ts): a handler replaced on the layer after requests went
 * through (`layer.handle = fn`, as patches of Express 4's Layer do) is
 * judged by its own arity on the next request.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'

describe('a layer whose handler is replaced', () => {
  for (const [version, factory] of [
    ['5.x', webfw],
    ['4.x', webfw4],
  ] as const) {
    test(`is judged by the new handler's arity (${version})`, async () => {
      const app = factory()
      const router = factory.Router()
      router.use((req: Any, _res: Any, next: () => void) => {
        req.seen = 'three'
        next()
      })
      router.get('/', (req: Any, res: Any) => res.send(String(req.seen)))
      app.use(router)
      const layer = router.stack[0]
      await withServer(app, async (srv) => {
        assert.equal((await rawRequest(srv.port, 'GET', '/')).body, 'three')
        // Four arguments: an error handler, skipped by requests without an error.
        layer.handle = (_err: unknown, req: Any, _res: Any, next: () => void) => {
          req.seen = 'four'
          next()
        }
        assert.equal((await rawRequest(srv.port, 'GET', '/')).body, 'undefined')
        layer.handle = (req: Any, _res: Any, next: () => void) => {
          req.seen = 'three again'
          next()
        }
        assert.equal((await rawRequest(srv.port, 'GET', '/')).body, 'three again')
      })
    })
  }
})
