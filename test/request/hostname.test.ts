/**
 * req.hostname: the requested host without its port.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { OutgoingHttpHeaders } from 'node:http'
import { call, probe, rawHttp } from '../helpers/call'
import { webfw } from '../helpers/webfw'

async function hostname(headers: OutgoingHttpHeaders, trust?: unknown): Promise<unknown> {
  const app = webfw()
  if (trust !== undefined) app.set('trust proxy', trust)
  app.use(probe((req) => req.hostname))
  return JSON.parse((await call(app, '/', { headers })).body).value
}

describe('req.hostname', () => {
  it('strips the port', async () => {
    assert.equal(await hostname({ Host: 'example.com:3000' }), 'example.com')
    assert.equal(await hostname({ Host: 'example.com' }), 'example.com')
  })

  it('keeps an IPv6 literal whole', async () => {
    assert.equal(await hostname({ Host: '[::1]:3000' }), '[::1]')
    assert.equal(await hostname({ Host: '[::1]' }), '[::1]')
  })

  it('uses the first X-Forwarded-Host value from a trusted proxy only', async () => {
    const headers = { Host: 'internal:8080', 'X-Forwarded-Host': 'example.com:443, other.test' }
    assert.equal(await hostname(headers), 'internal')
    assert.equal(await hostname(headers, true), 'example.com')
  })

  it('is undefined when the request has no Host', async () => {
    const app = webfw()
    app.use(probe((req) => req.hostname))
    assert.match(await rawHttp(app, 'GET / HTTP/1.0\r\n\r\n'), /"value":"<undefined>"/)
  })
})
