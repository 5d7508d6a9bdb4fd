/**
 * res.append: adds values to a header, creating it when unset.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

function app(handler: (res: Any) => void) {
  const a = webfw()
  a.use((_req: unknown, res: Any) => {
    handler(res)
    res.end()
  })
  return a
}

describe('res.append', () => {
  it('creates the header when unset', async () => {
    const res = await call(app((r) => r.append('X-Tag', 'one')))
    assert.equal(res.headers['x-tag'], 'one')
  })

  it('adds to an existing value, sending repeated headers', async () => {
    const res = await call(app((r) => r.append('Set-Cookie', 'a=1').append('Set-Cookie', 'b=2')))
    assert.deepEqual(res.headers['set-cookie'], ['a=1', 'b=2'])
  })

  it('accepts an array of values', async () => {
    const res = await call(app((r) => r.append('Set-Cookie', 'a=1').append('Set-Cookie', ['b=2', 'c=3'])))
    assert.deepEqual(res.headers['set-cookie'], ['a=1', 'b=2', 'c=3'])
  })

  it('adds to a value set with res.set, and is reset by a later res.set', async () => {
    const kept = await call(app((r) => r.set('Link', '<a>').append('Link', '<b>')))
    assert.equal(kept.headers.link, '<a>, <b>')
    const reset = await call(app((r) => r.append('Link', '<a>').set('Link', '<c>')))
    assert.equal(reset.headers.link, '<c>')
  })

  it('keeps cookies set with res.cookie', async () => {
    const res = await call(app((r) => r.cookie('a', '1').append('Set-Cookie', 'b=2')))
    assert.deepEqual(res.headers['set-cookie'], ['a=1; Path=/', 'b=2'])
  })

  it('throws on a CR or LF in the value or the name, and writes nothing', async () => {
    const errors: string[] = []
    const res = await call(
      app((r) => {
        for (const [field, value] of [
          ['X-Tag', 'a\r\nInjected: yes'],
          ['X-Tag', ['ok', 'b\nInjected: yes']],
          ['X-Tag\r\nInjected', 'yes'],
        ]) {
          try {
            r.append(field, value)
          } catch (err) {
            errors.push((err as Error).name)
          }
        }
      }),
    )
    assert.deepEqual(errors, ['TypeError', 'TypeError', 'TypeError'])
    assert.equal(res.headers.injected, undefined)
    assert.equal(res.headers['x-tag'], undefined)
  })
})
