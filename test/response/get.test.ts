/**
 * res.get: a response header by case-insensitive name.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

describe('res.get', () => {
  it('reads a set header whatever the case, undefined when unset', async () => {
    const app = webfw()
    app.use(
      probe((_req, res) => {
        res.setHeader('X-Thing', 'value')
        return [res.get('x-thing'), res.get('X-THING'), res.get('X-Other') ?? null]
      }),
    )
    assert.deepEqual(JSON.parse((await call(app)).body).value, ['value', 'value', null])
  })
})
