/**
 * req.host (5.x): the requested host with its port; X-Forwarded-Host when
 * the peer is a trusted proxy.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { OutgoingHttpHeaders } from 'node:http'
import { call, probe, rawHttp } from '../helpers/call'
import { webfw } from '../helpers/webfw'

async function host(headers: OutgoingHttpHeaders, trust?: unknown): Promise<unknown> {
  const app = webfw()
  if (trust !== undefined) app.set('trust proxy', trust)
  app.use(probe((req) => req.host))
  return JSON.parse((await call(app, '/', { headers })).body).value
}

describe('req.host', () => {
  it('is the Host header, port included', async () => {
    assert.equal(await host({ Host: 'example.com:3000' }), 'example.com:3000')
    assert.equal(await host({ Host: 'example.com' }), 'example.com')
    assert.equal(await host({ Host: '[::1]:3000' }), '[::1]:3000')
  })

  it('ignores X-Forwarded-Host unless the peer is trusted', async () => {
    const headers = { Host: 'internal:8080', 'X-Forwarded-Host': 'example.com:443' }
    assert.equal(await host(headers), 'internal:8080')
    assert.equal(await host(headers, '10.0.0.1'), 'internal:8080')
    assert.equal(await host(headers, true), 'example.com:443')
    assert.equal(await host(headers, 'loopback'), 'example.com:443')
  })

  it('takes the first X-Forwarded-Host value, from a list or repeated headers', async () => {
    assert.equal(await host({ Host: 'internal', 'X-Forwarded-Host': 'one.test, two.test' }, true), 'one.test')
    assert.equal(await host({ Host: 'internal', 'X-Forwarded-Host': ['one.test', 'two.test'] }, true), 'one.test')
  })

  it('falls back to Host when X-Forwarded-Host is empty', async () => {
    assert.equal(await host({ Host: 'internal', 'X-Forwarded-Host': '' }, true), 'internal')
  })

  it('is undefined when the request has no Host', async () => {
    const app = webfw()
    app.use(probe((req) => req.host))
    const raw = await rawHttp(app, 'GET / HTTP/1.0\r\n\r\n')
    assert.match(raw, /"value":"<undefined>"/)
  })
})
