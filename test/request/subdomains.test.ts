/**
 * req.subdomains: host name parts before the app's domain, most specific
 * first, with the `subdomain offset` setting.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { OutgoingHttpHeaders } from 'node:http'
import { call, probe, rawHttp } from '../helpers/call'
import { webfw } from '../helpers/webfw'

async function subdomains(headers: OutgoingHttpHeaders, settings: Record<string, unknown> = {}): Promise<unknown> {
  const app = webfw()
  for (const [k, v] of Object.entries(settings)) app.set(k, v)
  app.use(probe((req) => req.subdomains))
  return JSON.parse((await call(app, '/', { headers })).body).value
}

describe('req.subdomains', () => {
  it('drops the last two parts by default and reverses the rest', async () => {
    assert.deepEqual(await subdomains({ Host: 'tobi.ferrets.example.com:3000' }), ['ferrets', 'tobi'])
    assert.deepEqual(await subdomains({ Host: 'example.com' }), [])
  })

  it('drops `subdomain offset` parts', async () => {
    const headers = { Host: 'tobi.ferrets.sub.example.com' }
    assert.deepEqual(await subdomains(headers, { 'subdomain offset': 3 }), ['ferrets', 'tobi'])
    assert.deepEqual(await subdomains(headers, { 'subdomain offset': 0 }), ['com', 'example', 'sub', 'ferrets', 'tobi'])
  })

  it('treats an IP address as one part', async () => {
    assert.deepEqual(await subdomains({ Host: '127.0.0.1:3000' }), [])
    assert.deepEqual(await subdomains({ Host: '127.0.0.1' }, { 'subdomain offset': 0 }), ['127.0.0.1'])
    assert.deepEqual(await subdomains({ Host: '[::1]' }, { 'subdomain offset': 0 }), ['[::1]'])
  })

  it('reads a trusted X-Forwarded-Host', async () => {
    const headers = { Host: 'localhost', 'X-Forwarded-Host': 'tobi.ferrets.example.com' }
    assert.deepEqual(await subdomains(headers), [])
    assert.deepEqual(await subdomains(headers, { 'trust proxy': true }), ['ferrets', 'tobi'])
  })

  it('is [] without a Host', async () => {
    const app = webfw()
    app.use(probe((req) => req.subdomains))
    assert.match(await rawHttp(app, 'GET / HTTP/1.0\r\n\r\n'), /"value":\[\]/)
  })
})
