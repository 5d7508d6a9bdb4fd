/**
 * webfw.text(): the body as a string, decoded with the Content-Type's
 * charset or `defaultCharset`.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { withServer } from '../helpers/http'
import { send } from '../helpers/client'
import { webfw, type Any } from '../helpers/webfw'
import { parserApp } from './body-helpers'

async function post(parser: Any, body: string | Buffer, contentType: string) {
  return withServer(parserApp(webfw, parser), ({ port }) => send(port, { headers: { 'Content-Type': contentType }, body }))
}

const KOI8_NAME = Buffer.from('6e616d6520697320cec5d4', 'hex') // "name is нет" in KOI8-R

describe('text()', () => {
  test('is a one-argument factory', () => {
    assert.equal(webfw.text.length, 1)
  })

  test('gives text/plain bodies as a string (UTF-8 by default)', async () => {
    const r = await post(webfw.text(), Buffer.from('6e616d6520697320e8aeba', 'hex'), 'text/plain')
    assert.equal(r.json().body, 'name is 论')
  })

  test('decodes the charset the Content-Type names, code pages included', async () => {
    const r = await post(webfw.text(), KOI8_NAME, 'text/plain; charset=koi8-r')
    assert.equal(r.json().body, 'name is нет')
  })

  test('defaultCharset applies when the Content-Type names none', async () => {
    assert.equal((await post(webfw.text({ defaultCharset: 'koi8-r' }), KOI8_NAME, 'text/plain')).json().body, 'name is нет')
    const utf8 = await post(webfw.text({ defaultCharset: 'koi8-r' }), 'name is 论', 'text/plain; charset=utf-8')
    assert.equal(utf8.json().body, 'name is 论')
  })

  test('an unknown defaultCharset is refused at setup', () => {
    assert.throws(() => webfw.text({ defaultCharset: 'no-such-charset' }), TypeError)
  })

  test('an unknown charset is a 415', async () => {
    const r = await post(webfw.text(), 'x', 'text/plain; charset=x-bogus')
    assert.equal(r.status, 415)
    assert.equal(r.json().type, 'charset.unsupported')
  })

  test('an empty body is the empty string', async () => {
    const r = await withServer(parserApp(webfw, webfw.text()), ({ port }) =>
      send(port, { headers: { 'Content-Type': 'text/plain', 'Content-Length': 0 } }),
    )
    assert.equal(r.json().body, '')
    assert.equal(r.json().kind, 'string')
  })
})
