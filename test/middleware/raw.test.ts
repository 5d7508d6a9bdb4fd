/**
 * webfw.raw(): the body as a Buffer, whatever its charset.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { withServer } from '../helpers/http'
import { send } from '../helpers/client'
import { webfw } from '../helpers/webfw'
import { parserApp } from './body-helpers'

describe('raw()', () => {
  test('is a one-argument factory', () => {
    assert.equal(webfw.raw.length, 1)
  })

  test('gives application/octet-stream bodies as a Buffer', async () => {
    await withServer(parserApp(webfw, webfw.raw()), async ({ port }) => {
      const r = await send(port, { headers: { 'Content-Type': 'application/octet-stream' }, body: Buffer.from([0, 1, 2, 255]) })
      assert.equal(r.json().kind, 'buffer')
      assert.deepEqual(r.json().body, { hex: '000102ff' })
    })
  })

  test('ignores the charset: bytes stay bytes', async () => {
    await withServer(parserApp(webfw, webfw.raw()), async ({ port }) => {
      const bytes = Buffer.from('6e616d6520697320e8aeba', 'hex')
      const r = await send(port, { headers: { 'Content-Type': 'application/octet-stream; charset=x-bogus' }, body: bytes })
      assert.equal(r.status, 200)
      assert.deepEqual(r.json().body, { hex: bytes.toString('hex') })
    })
  })

  test('other types are left alone by default', async () => {
    await withServer(parserApp(webfw, webfw.raw()), async ({ port }) => {
      const r = await send(port, { headers: { 'Content-Type': 'text/plain' }, body: 'x' })
      assert.equal(r.json().kind, 'undefined')
    })
  })
})
