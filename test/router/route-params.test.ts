/**
 * A 5.x route's `req.params` is an object without a prototype, as Express
 * 5's is, whether the route has parameters or not (the two are made
 * differently, src/util/null-prototype.ts); 4.x keeps an ordinary object.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'

function app(factory: Any): Any {
  const a = factory()
  const report = (req: Any, res: Any) => {
    req.params.added = 'x'
    res.json({ nullPrototype: Object.getPrototypeOf(req.params) === null, params: Object.entries(req.params) })
  }
  a.get('/', report)
  a.get('/users/:id', report)
  return a
}

describe("a route's req.params", () => {
  for (const [version, factory, nullPrototype] of [
    ['5.x', webfw, true],
    ['4.x', webfw4, false],
  ] as const) {
    test(`has ${nullPrototype ? 'no' : 'an ordinary'} prototype, with and without parameters (${version})`, async () => {
      await withServer(app(factory), async (srv) => {
        const plain = JSON.parse((await rawRequest(srv.port, 'GET', '/')).body)
        assert.deepEqual(plain, { nullPrototype, params: [['added', 'x']] })
        const withId = JSON.parse((await rawRequest(srv.port, 'GET', '/users/7')).body)
        assert.deepEqual(withId, { nullPrototype, params: [['id', '7'], ['added', 'x']] })
      })
    })
  }
})
