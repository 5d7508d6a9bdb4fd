/**
 * req.xhr: X-Requested-With is XMLHttpRequest.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

async function xhr(header?: string): Promise<unknown> {
  const app = webfw()
  app.use(probe((req) => req.xhr))
  const res = await call(app, '/', { headers: header === undefined ? {} : { 'X-Requested-With': header } })
  return JSON.parse(res.body).value
}

describe('req.xhr', () => {
  it('is true for XMLHttpRequest, in Any case', async () => {
    assert.equal(await xhr('XMLHttpRequest'), true)
    assert.equal(await xhr('xmlhttprequest'), true)
  })

  it('is false for another value or without the header', async () => {
    assert.equal(await xhr('fetch'), false)
    assert.equal(await xhr(), false)
  })
})
