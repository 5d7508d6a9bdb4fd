/**
 * req.accepts: the best of the offered types for the Accept header.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

async function accepts(accept: string | undefined, ...args: unknown[]): Promise<unknown> {
  const app = webfw()
  app.use(probe((req) => req.accepts(...args)))
  const res = await call(app, '/', { headers: accept === undefined ? {} : { Accept: accept } })
  return JSON.parse(res.body).value
}

describe('req.accepts', () => {
  it('returns the extension name when its type is accepted, false when not', async () => {
    assert.equal(await accepts('application/json', 'json'), 'json')
    assert.equal(await accepts('application/json', 'html'), false)
  })

  it('returns the MIME type as given when a MIME type is offered', async () => {
    assert.equal(await accepts('text/html', 'text/html'), 'text/html')
  })

  it('matches wildcards in the header', async () => {
    assert.equal(await accepts('text/*, application/json', 'html'), 'html')
    assert.equal(await accepts('*/*', 'png'), 'png')
  })

  it('picks by quality among a list or an array', async () => {
    const header = 'text/html;q=.5, application/json'
    assert.equal(await accepts(header, 'html', 'json'), 'json')
    assert.equal(await accepts(header, ['html', 'json']), 'json')
    assert.equal(await accepts(header, ['text/html', 'application/json']), 'application/json')
  })

  it('returns the first offer when there is no Accept header', async () => {
    assert.equal(await accepts(undefined, 'json', 'html'), 'json')
  })

  it('lists the accepted types, best first, without arguments', async () => {
    assert.deepEqual(await accepts('text/plain;q=0.2, application/json'), ['application/json', 'text/plain'])
  })

  it('answers false, without throwing, on a malformed header', async () => {
    assert.equal(await accepts(';;;,,, =/=', 'json'), false)
  })
})
