/**
 * res.vary: adds a field to the Vary header once.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

async function vary(fn: (res: Any) => void) {
  const app = webfw()
  app.use((_req: unknown, res: Any) => {
    try {
      fn(res)
    } catch (err) {
      res.setHeader('X-Error', (err as Error).name)
    }
    res.end()
  })
  const h = (await call(app)).headers
  return h['x-error'] ? `error ${h['x-error']}` : h.vary
}

describe('res.vary', () => {
  it('sets the field, then adds others, chainable', async () => {
    assert.equal(await vary((r) => r.vary('Accept').vary('Accept-Encoding')), 'Accept, Accept-Encoding')
  })

  it('does not add a field twice, whatever its case', async () => {
    assert.equal(await vary((r) => r.vary('Accept').vary('accept')), 'Accept')
  })

  it('accepts an array, and sets nothing for an empty one', async () => {
    assert.equal(await vary((r) => r.vary(['Origin', 'User-Agent'])), 'Origin, User-Agent')
    assert.equal(await vary((r) => r.vary([])), undefined)
  })

  it('throws a TypeError without a field', async () => {
    assert.equal(await vary((r) => r.vary()), 'error TypeError')
  })
})
