/**
 * req.ip: the client address, through trusted proxies.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { OutgoingHttpHeaders } from 'node:http'
import { call, probe } from '../helpers/call'
import { webfw } from '../helpers/webfw'

async function ip(headers: OutgoingHttpHeaders, trust?: unknown): Promise<unknown> {
  const app = webfw()
  if (trust !== undefined) app.set('trust proxy', trust)
  app.use(probe((req) => req.ip))
  return JSON.parse((await call(app, '/', { headers })).body).value
}

const xff = { 'X-Forwarded-For': '203.0.113.7, 10.0.0.2' }

describe('req.ip', () => {
  it('is the socket peer by default, whatever X-Forwarded-For says', async () => {
    assert.equal(await ip({}), '127.0.0.1')
    assert.equal(await ip(xff), '127.0.0.1')
  })

  it('is the left-most X-Forwarded-For entry when every proxy is trusted', async () => {
    assert.equal(await ip(xff, true), '203.0.113.7')
  })

  it('is the first untrusted address walking from the socket outwards', async () => {
    assert.equal(await ip(xff, 'loopback'), '10.0.0.2')
    assert.equal(await ip(xff, 'loopback, 10.0.0.0/8'), '203.0.113.7')
  })

  it('trusts nothing with false, 0 or null, also after trust was turned on', async () => {
    assert.equal(await ip(xff, false), '127.0.0.1')
    assert.equal(await ip(xff, 0), '127.0.0.1')
    assert.equal(await ip(xff, null), '127.0.0.1')
    const app = webfw()
    app.set('trust proxy', true)
    app.set('trust proxy', false)
    app.use(probe((req) => req.ip))
    assert.equal(JSON.parse((await call(app, '/', { headers: xff })).body).value, '127.0.0.1')
  })

  it('counts hops with a number', async () => {
    assert.equal(await ip(xff, 1), '10.0.0.2')
    assert.equal(await ip(xff, 2), '203.0.113.7')
  })

  it('is the socket peer when X-Forwarded-For is absent, even with trust', async () => {
    assert.equal(await ip({}, true), '127.0.0.1')
  })

  it('follows the parent app `trust proxy` in a sub-app', async () => {
    const app = webfw()
    const sub = webfw()
    app.set('trust proxy', true)
    sub.use(probe((req) => req.ip))
    app.use('/sub', sub)
    const res = await call(app, '/sub', { headers: xff })
    assert.equal(JSON.parse(res.body).value, '203.0.113.7')
  })
})
