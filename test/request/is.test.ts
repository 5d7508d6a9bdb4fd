/**
 * req.is: whether the request body's Content-Type matches.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

async function is(contentType: string | undefined, body: string | undefined, ...types: unknown[]): Promise<unknown> {
  // Without a body, a GET carries neither Content-Length nor Transfer-Encoding.
  const app = webfw()
  app.use(probe((req) => req.is(...types)))
  const headers: Record<string, string> = {}
  if (contentType !== undefined) headers['Content-Type'] = contentType
  const res = await call(app, '/', { method: body === undefined ? 'GET' : 'POST', headers, body })
  return JSON.parse(res.body).value
}

describe('req.is', () => {
  it('returns the matching extension name, MIME type or wildcard match', async () => {
    assert.equal(await is('application/json', '{}', 'json'), 'json')
    assert.equal(await is('application/json', '{}', 'application/json'), 'application/json')
    assert.equal(await is('application/json', '{}', 'application/*'), 'application/json')
    assert.equal(await is('application/json', '{}', '*/json'), 'application/json')
  })

  it('ignores the parameters of the Content-Type', async () => {
    assert.equal(await is('text/html; charset=utf-8', 'x', 'text/html'), 'text/html')
    assert.equal(await is('text/html; charset=utf-8', 'x', 'html'), 'html')
  })

  it('returns false when nothing matches', async () => {
    assert.equal(await is('text/html', 'x', 'json', 'image/*'), false)
  })

  it('accepts the types as a list or as an array', async () => {
    assert.equal(await is('image/png', 'x', 'json', 'png'), 'png')
    assert.equal(await is('image/png', 'x', ['json', 'png']), 'png')
  })

  it('returns false for a body without a Content-Type', async () => {
    assert.equal(await is(undefined, 'x', 'json'), false)
  })

  it('returns null when the request has no body', async () => {
    assert.equal(await is('application/json', undefined, 'json'), null)
  })
})
