/**
 * req.ips: the X-Forwarded-For addresses through trusted proxies, client first.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

async function ips(forwardedFor: string | undefined, trust?: unknown): Promise<unknown> {
  const app = webfw()
  if (trust !== undefined) app.set('trust proxy', trust)
  app.use(probe((req) => req.ips))
  const headers = forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor }
  return JSON.parse((await call(app, '/', { headers })).body).value
}

describe('req.ips', () => {
  it('is [] when proxies are not trusted', async () => {
    assert.deepEqual(await ips('203.0.113.7, 10.0.0.2'), [])
  })

  it('is [] without X-Forwarded-For', async () => {
    assert.deepEqual(await ips(undefined, true), [])
  })

  it('lists every entry, client first, when all are trusted', async () => {
    assert.deepEqual(await ips('203.0.113.7, 10.0.0.1, 10.0.0.2', true), ['203.0.113.7', '10.0.0.1', '10.0.0.2'])
  })

  it('stops at the first untrusted address', async () => {
    assert.deepEqual(await ips('203.0.113.7, 198.51.100.1, 10.0.0.2', 'loopback, 10.0.0.0/8'), ['198.51.100.1', '10.0.0.2'])
    assert.deepEqual(await ips('203.0.113.7, 10.0.0.1, 10.0.0.2', 2), ['10.0.0.1', '10.0.0.2'])
  })
})
