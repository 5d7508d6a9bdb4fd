/**
 * res.sendStatus: the status with its text as a plain-text body.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

async function sendStatus(code: unknown) {
  const app = webfw()
  app.use((_req: unknown, res: Any) => {
    try {
      res.sendStatus(code)
    } catch (err) {
      res.statusCode = 500
      res.end('threw ' + (err as Error).name)
    }
  })
  return call(app)
}

describe('res.sendStatus', () => {
  it('sends the status text as text/plain', async () => {
    const res = await sendStatus(201)
    assert.equal(res.status, 201)
    assert.equal(res.body, 'Created')
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8')
  })

  it('sends the number for a code without a registered text', async () => {
    const res = await sendStatus(599)
    assert.equal(res.status, 599)
    assert.equal(res.body, '599')
  })

  it('throws for a code outside 100-599 or not an integer', async () => {
    assert.equal((await sendStatus(600)).body, 'threw RangeError')
    assert.equal((await sendStatus('200')).body, 'threw TypeError')
  })
})
