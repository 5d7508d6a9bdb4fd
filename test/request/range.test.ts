/**
 * req.range: the Range header parsed against a resource size.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

async function range(header: string | undefined, size: number, options?: object): Promise<unknown> {
  const app = webfw()
  app.use(probe((req) => {
    const r = req.range(size, options)
    return Array.isArray(r) ? { type: (r as unknown as { type: string }).type, ranges: [...r] } : r
  }))
  const res = await call(app, '/', { headers: header === undefined ? {} : { Range: header } })
  return JSON.parse(res.body).value
}

describe('req.range', () => {
  it('returns the ranges with their unit as `type`', async () => {
    assert.deepEqual(await range('bytes=0-49,100-149', 200), {
      type: 'bytes',
      ranges: [
        { start: 0, end: 49 },
        { start: 100, end: 149 },
      ],
    })
  })

  it('caps ranges to the size, including open-ended and suffix ranges', async () => {
    assert.deepEqual(await range('bytes=0-999', 100), { type: 'bytes', ranges: [{ start: 0, end: 99 }] })
    assert.deepEqual(await range('bytes=90-', 100), { type: 'bytes', ranges: [{ start: 90, end: 99 }] })
    assert.deepEqual(await range('bytes=-10', 100), { type: 'bytes', ranges: [{ start: 90, end: 99 }] })
  })

  it('accepts Any unit', async () => {
    assert.deepEqual(await range('users=0-2', 10), { type: 'users', ranges: [{ start: 0, end: 2 }] })
  })

  it('merges overlapping and adjacent ranges with combine: true only', async () => {
    assert.deepEqual(await range('bytes=0-4,5-9,3-6', 100, { combine: true }), {
      type: 'bytes',
      ranges: [{ start: 0, end: 9 }],
    })
    assert.equal(((await range('bytes=0-4,5-9', 100)) as { ranges: unknown[] }).ranges.length, 2)
  })

  it('returns -1 when unsatisfiable', async () => {
    assert.equal(await range('bytes=500-600', 100), -1)
  })

  it('returns -2 when malformed', async () => {
    assert.equal(await range('bytes', 100), -2)
    assert.equal(await range('bytes=a-b', 100), -2)
  })

  it('returns undefined without a Range header', async () => {
    assert.equal(await range(undefined, 100), '<undefined>')
  })
})
