/**
 * webfw.json(): strict and non-strict parsing, reviver, Unicode charsets,
 * errors for malformed JSON, and the parser's shape.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { withServer } from '../helpers/http'
import { send } from '../helpers/client'
import { webfw, type Any } from '../helpers/webfw'
import { parserApp } from './body-helpers'

const JSON_HEADERS = { 'Content-Type': 'application/json' }

function parseErrorOf(text: string): string {
  try {
    JSON.parse(text)
  } catch (err) {
    return (err as Error).message
  }
  return ''
}

async function post(parser: Any, body: string | Buffer, headers: Record<string, string> = JSON_HEADERS) {
  return withServer(parserApp(webfw, parser), ({ port }) => send(port, { headers, body }))
}

describe('json()', () => {
  test('is a one-argument factory, like express.json', () => {
    assert.equal(webfw.json.length, 1)
    assert.equal(typeof webfw.json(), 'function')
  })

  test('parses an object into req.body', async () => {
    const r = await post(webfw.json(), '{"user":"tobi","n":[1,2]}')
    assert.deepEqual(r.json().body, { user: 'tobi', n: [1, 2] })
  })

  test('an empty body is {}', async () => {
    const r = await withServer(parserApp(webfw, webfw.json()), ({ port }) =>
      send(port, { headers: { ...JSON_HEADERS, 'Content-Length': 0 } }),
    )
    assert.deepEqual(r.json().body, {})
  })

  test('malformed JSON is a 400 entity.parse.failed with the text as err.body', async () => {
    const r = await post(webfw.json(), ' {"user"')
    assert.equal(r.status, 400)
    assert.equal(r.json().type, 'entity.parse.failed')
    assert.equal(r.json().message, parseErrorOf(' {"user"'))
    assert.equal(r.json().body, ' {"user"')
  })

  test('whitespace only is a 400', async () => {
    const r = await post(webfw.json(), '  \n')
    assert.equal(r.status, 400)
    assert.equal(r.json().message, parseErrorOf('  \n'))
  })

  describe('strict', () => {
    test('by default only an object or an array may be the top-level value', async () => {
      for (const text of ['true', '    true', '"str"', '12', 'null']) {
        const r = await post(webfw.json(), text)
        assert.equal(r.status, 400, text)
        assert.equal(r.json().type, 'entity.parse.failed')
      }
    })

    test('the refusal reads like the engine’s own JSON error', async () => {
      const r = await post(webfw.json({ strict: true }), 'true')
      assert.equal(r.json().message, parseErrorOf('#rue').replace(/#/g, 't'))
      const spaced = await post(webfw.json({ strict: true }), '    true')
      assert.equal(spaced.json().message, parseErrorOf('    #rue').replace(/#/g, 't'))
    })

    test('leading whitespace before an object is fine', async () => {
      const r = await post(webfw.json({ strict: true }), '\t\r\n  { "user": "tobi" }')
      assert.deepEqual(r.json().body, { user: 'tobi' })
    })

    test('strict: false accepts any JSON value', async () => {
      assert.equal((await post(webfw.json({ strict: false }), 'true')).json().body, true)
      assert.equal((await post(webfw.json({ strict: false }), ' "str"')).json().body, 'str')
      assert.equal((await post(webfw.json({ strict: false }), '12')).json().body, 12)
    })
  })

  test('reviver is passed to JSON.parse', async () => {
    const reviver = (key: string, value: unknown) => (key === 'n' ? (value as number) * 2 : value)
    const r = await post(webfw.json({ reviver }), '{"n":21,"m":1}')
    assert.deepEqual(r.json().body, { n: 42, m: 1 })
  })

  describe('charsets', () => {
    test('UTF-8 is the default and a BOM is dropped', async () => {
      const r = await post(webfw.json(), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"论"}')]))
      assert.deepEqual(r.json().body, { name: '论' })
    })

    test('UTF-16 (with BOM), UTF-16LE and UTF-32 are accepted', async () => {
      const utf16 = Buffer.from('feff007b0022006e0061006d00650022003a00228bba0022007d', 'hex')
      const a = await post(webfw.json(), utf16, { 'Content-Type': 'application/json; charset=utf-16' })
      assert.deepEqual(a.json().body, { name: '论' })
      const le = Buffer.from('{"a":"é"}', 'utf16le')
      const b = await post(webfw.json(), le, { 'Content-Type': 'application/json; charset=UTF-16LE' })
      assert.deepEqual(b.json().body, { a: 'é' })
      const utf32 = Buffer.alloc(4 * 7)
      ;[...'{"a":1}'].forEach((c, i) => utf32.writeUInt32BE(c.codePointAt(0) as number, i * 4))
      const c = await post(webfw.json(), utf32, { 'Content-Type': 'application/json; charset=utf-32be' })
      assert.deepEqual(c.json().body, { a: 1 })
    })

    test('a non-Unicode charset is a 415 charset.unsupported', async () => {
      const r = await post(webfw.json(), Buffer.from('7b226e616d65223a22cec5d4227d', 'hex'), {
        'Content-Type': 'application/json; charset=koi8-r',
      })
      assert.equal(r.status, 415)
      assert.equal(r.json().type, 'charset.unsupported')
      assert.equal(r.json().message, 'unsupported charset "KOI8-R"')
      assert.equal(r.json().charset, 'koi8-r')
    })
  })
})
