/**
 * res.status: integer status codes from 100 to 599, chainable.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

async function status(code: unknown) {
  const app = webfw()
  app.use((_req: unknown, res: Any) => {
    try {
      res.status(code).end('set')
    } catch (err) {
      res.statusCode = 200
      res.end(`${(err as Error).name}: ${(err as Error).message}`)
    }
  })
  return call(app)
}

describe('res.status', () => {
  it('sets the status and returns the response', async () => {
    for (const code of [100 + 1, 201, 404, 500, 599]) {
      const res = await status(code)
      assert.equal(res.status, code)
      assert.equal(res.body, code === 101 ? '' : 'set')
    }
  })

  it('throws a RangeError outside 100-599, naming the range', async () => {
    for (const code of [99, 600, 700, 999, 1000, -200]) {
      const res = await status(code)
      assert.match(res.body, /^RangeError: .*greater than 99 and less than 600/, String(code))
    }
  })

  it('throws a TypeError for anything but an integer', async () => {
    for (const code of [200.5, '200', null, undefined, NaN, Infinity]) {
      const res = await status(code)
      assert.match(res.body, /^TypeError: .*must be an integer/, String(code))
    }
  })
})
