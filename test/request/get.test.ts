/**
 * req.get / req.header: request headers by case-insensitive name, with
 * Referer and Referrer interchangeable.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

async function run(fn: (req: Any) => unknown, headers: Record<string, string> = {}): Promise<Any> {
  const app = webfw()
  app.use(probe(fn))
  return JSON.parse((await call(app, '/', { headers })).body)
}

describe('req.get', () => {
  it('reads a header whatever the case of the name', async () => {
    const headers = { 'X-Custom': 'yes' }
    assert.equal((await run((req) => req.get('x-custom'), headers)).value, 'yes')
    assert.equal((await run((req) => req.get('X-CUSTOM'), headers)).value, 'yes')
  })

  it('is aliased as req.header', async () => {
    assert.equal((await run((req) => req.header('Content-Type'), { 'Content-Type': 'text/plain' })).value, 'text/plain')
  })

  it('returns undefined for an absent header', async () => {
    assert.equal((await run((req) => req.get('X-Absent'))).value, '<undefined>')
  })

  it('treats Referrer and Referer as the same header', async () => {
    assert.equal((await run((req) => req.get('Referrer'), { Referer: 'http://a.test/' })).value, 'http://a.test/')
    assert.equal((await run((req) => req.get('referer'), { Referrer: 'http://b.test/' })).value, 'http://b.test/')
  })

  it('throws a TypeError without a name or with a non-string name', async () => {
    assert.equal((await run((req) => req.get())).error, 'TypeError')
    assert.equal((await run((req) => req.get(42))).error, 'TypeError')
  })
})
