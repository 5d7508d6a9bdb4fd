/**
 * req.protocol: "http" or "https", from the socket or a trusted proxy's
 * X-Forwarded-Proto.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { OutgoingHttpHeaders } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { call, probe } from '../helpers/call'
import { cert, key } from '../helpers/tls'
import { type Any, webfw } from '../helpers/webfw'

async function protocolOf(headers: OutgoingHttpHeaders, trust?: unknown, member = 'protocol'): Promise<unknown> {
  const app = webfw()
  if (trust !== undefined) app.set('trust proxy', trust)
  app.use(probe((req) => req[member]))
  return JSON.parse((await call(app, '/', { headers })).body).value
}

describe('req.protocol', () => {
  it('is "http" on a plain socket', async () => {
    assert.equal(await protocolOf({}), 'http')
  })

  it('ignores X-Forwarded-Proto unless the peer is trusted', async () => {
    assert.equal(await protocolOf({ 'X-Forwarded-Proto': 'https' }), 'http')
    assert.equal(await protocolOf({ 'X-Forwarded-Proto': 'https' }, '10.0.0.1'), 'http')
    assert.equal(await protocolOf({ 'X-Forwarded-Proto': 'https' }, true), 'https')
    assert.equal(await protocolOf({ 'X-Forwarded-Proto': 'https' }, 1), 'https')
  })

  it('takes the first value of a list, trimmed', async () => {
    assert.equal(await protocolOf({ 'X-Forwarded-Proto': ' https , http' }, true), 'https')
  })

  it('falls back to the socket when a trusted proxy sends no X-Forwarded-Proto', async () => {
    assert.equal(await protocolOf({}, true), 'http')
  })
})

/** Serves `app` over TLS and answers the probe's value for one request. */
async function overTls(app: Any, headers: OutgoingHttpHeaders = {}): Promise<unknown> {
  const server = https.createServer({ key, cert }, app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as AddressInfo
    const body = await new Promise<string>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port, path: '/', ca: cert, agent: false, headers }, (res) => {
          let data = ''
          res.on('data', (c: Buffer) => (data += c))
          res.on('end', () => resolve(data))
        })
        .on('error', reject)
    })
    return JSON.parse(body).value
  } finally {
    server.closeAllConnections?.()
    await new Promise((resolve) => server.close(resolve))
  }
}

describe('req.protocol over TLS', () => {
  it('is "https" on a TLS socket, and req.secure is true', async () => {
    const app = webfw()
    app.use(probe((req) => [req.protocol, req.secure]))
    assert.deepEqual(await overTls(app), ['https', true])
  })

  it('still lets a trusted proxy say "http"', async () => {
    const app = webfw()
    app.set('trust proxy', 'loopback')
    app.use(probe((req) => req.protocol))
    assert.equal(await overTls(app, { 'X-Forwarded-Proto': 'http' }), 'http')
  })
})
