/**
 * req.acceptsLanguages: the best of the offered languages for Accept-Language.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

async function languages(header: string | undefined, ...args: unknown[]): Promise<unknown> {
  const app = webfw()
  app.use(probe((req) => req.acceptsLanguages(...args)))
  const res = await call(app, '/', { headers: header === undefined ? {} : { 'Accept-Language': header } })
  return JSON.parse(res.body).value
}

describe('req.acceptsLanguages', () => {
  it('returns the language when accepted, false otherwise', async () => {
    assert.equal(await languages('en;q=.5, en-GB', 'en-GB'), 'en-GB')
    assert.equal(await languages('en;q=.5, en-GB', 'fr'), false)
  })

  it('returns the best of several by quality, from a list or an array', async () => {
    assert.equal(await languages('en;q=.5, es', 'en', 'es'), 'es')
    assert.equal(await languages('en;q=.5, es', ['en', 'es']), 'es')
  })

  it('lists the accepted languages, best first, without arguments', async () => {
    assert.deepEqual(await languages('en;q=0.5, es, fr;q=0.8'), ['es', 'fr', 'en'])
  })

  it('accepts the first offer when the header is absent', async () => {
    assert.equal(await languages(undefined, 'fr', 'en'), 'fr')
  })
})
