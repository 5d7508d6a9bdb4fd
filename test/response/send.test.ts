/**
 * res.send: bodies of every kind with their Content-Type, Content-Length,
 * ETag per the `etag` setting, 304 when fresh, and no body for HEAD, 204,
 * 205 and 304.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import etag from 'etag'
import fc from 'fast-check'
import { call, type CallInit } from '../helpers/call'
import { type Any, internal, webfw, webfw4 } from '../helpers/webfw'

async function send(body: unknown, opts: { settings?: Record<string, unknown>; before?: (res: Any) => void; init?: CallInit } = {}) {
  const app = webfw()
  for (const [k, v] of Object.entries(opts.settings ?? {})) app.set(k, v)
  app.use((_req: unknown, res: Any) => {
    opts.before?.(res)
    res.send(body)
  })
  return call(app, '/', opts.init)
}

describe('res.send', () => {
  describe('bodies', () => {
    it('sends a string as HTML with its UTF-8 byte length', async () => {
      const res = await send('<p>héllo</p>')
      assert.equal(res.body, '<p>héllo</p>')
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
      assert.equal(res.headers['content-length'], String(Buffer.byteLength('<p>héllo</p>')))
    })

    it('adds charset=utf-8 to a Content-Type set before, keeping its parameters', async () => {
      assert.equal((await send('x', { before: (r) => r.type('text') })).headers['content-type'], 'text/plain; charset=utf-8')
      const params = await send('x', { before: (r) => r.set('Content-Type', 'text/plain; foo=bar') })
      assert.equal(params.headers['content-type'], 'text/plain; foo=bar; charset=utf-8')
      const latin = await send('x', { before: (r) => r.setHeader('Content-Type', 'text/plain; charset=iso-8859-1') })
      assert.equal(latin.headers['content-type'], 'text/plain; charset=utf-8')
    })

    it('does not throw on a Content-Type that fails to parse', async () => {
      const res = await send('x', { before: (r) => r.setHeader('Content-Type', 'text/plain; foo') })
      assert.equal(res.status, 200)
      assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8')
    })

    it('sends a Buffer as application/octet-stream unless a type is set, without adding a charset', async () => {
      const res = await send(Buffer.from([1, 2, 3]))
      assert.equal(res.headers['content-type'], 'application/octet-stream')
      assert.equal(res.headers['content-length'], '3')
      const typed = await send(Buffer.from('x'), { before: (r) => r.setHeader('Content-Type', 'text/plain') })
      assert.equal(typed.headers['content-type'], 'text/plain')
    })

    it('sends objects, arrays, booleans and numbers as JSON', async () => {
      for (const [value, text] of [
        [{ a: 1 }, '{"a":1}'],
        [[1, 'b'], '[1,"b"]'],
        [true, 'true'],
        [42, '42'],
      ] as const) {
        const res = await send(value)
        assert.equal(res.body, text)
        assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
      }
    })

    it('sends null as an empty body and undefined as no body', async () => {
      const nul = await send(null)
      assert.equal(nul.body, '')
      assert.equal(nul.headers['content-length'], '0')
      const undef = await send(undefined)
      assert.equal(undef.body, '')
      assert.equal(undef.headers['content-type'], undefined)
      assert.equal(undef.headers.etag, undefined)
    })

    it('fails on a function body with the error Express 5 and 4 throw, with and without an ETag', async () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { express4, express5 } = require('../helpers/side-by-side') as { express4: Any; express5: Any }
      const thrown = async (factory: Any, etagSetting: unknown) => {
        const app = factory()
        app.set('etag', etagSetting)
        app.get('/', (_req: unknown, res: Any) => {
          try {
            res.send(function body() {})
            res.end('no throw')
          } catch (err) {
            res.status(500).end((err as Error & { code?: string }).code + ': ' + (err as Error).message)
          }
        })
        return (await call(app)).body
      }
      const express5Answers = new Map<unknown, string>()
      for (const etagSetting of ['weak', 'strong', false]) {
        const answers = []
        for (const factory of [webfw, webfw4, express5, express4]) answers.push(await thrown(factory, etagSetting))
        assert.deepEqual(answers.slice(0, 2), answers.slice(2), `etag ${String(etagSetting)}`)
        assert.match(answers[2], /^ERR_INVALID_ARG_TYPE: .*Received function body$/)
        express5Answers.set(etagSetting, answers[2])
      }
      // Buffer.from's message with an ETag to make, Buffer.byteLength's without
      assert.notEqual(express5Answers.get('weak'), express5Answers.get(false))
    })

    it('leaves Content-Length out when Transfer-Encoding is set', async () => {
      const res = await send('chunked body', { before: (r) => r.setHeader('Transfer-Encoding', 'chunked') })
      assert.equal(res.headers['content-length'], undefined)
      assert.equal(res.body, 'chunked body')
    })
  })

  describe('ETag', () => {
    it('is weak by default, equal to the etag package tag of the body', async () => {
      const body = 'x'.repeat(2000) + 'é'
      assert.equal((await send(body)).headers.etag, etag(body, { weak: true }))
      assert.equal((await send({ a: 1 })).headers.etag, etag('{"a":1}', { weak: true }))
      assert.equal((await send(Buffer.from('buf'))).headers.etag, etag(Buffer.from('buf'), { weak: true }))
      // Short strings are tagged with the byte length res.send measured for
      // Content-Length: multi-byte characters must count as their bytes.
      for (const short of ['é', 'héllo ☃', '😀 x', { name: 'Zoë 日本' }]) {
        const text = typeof short === 'string' ? short : JSON.stringify(short)
        const res = await send(short)
        assert.equal(res.headers.etag, etag(text, { weak: true }), text)
        assert.equal(res.headers['content-length'], String(Buffer.byteLength(text)))
      }
    })

    it('is strong with etag "strong", absent with etag false', async () => {
      assert.equal((await send('body', { settings: { etag: 'strong' } })).headers.etag, etag('body'))
      // an empty body has a tag too, weak or strong
      assert.equal((await send('')).headers.etag, etag('', { weak: true }))
      assert.equal((await send('', { settings: { etag: 'strong' } })).headers.etag, etag(''))
      assert.equal((await send('body', { settings: { etag: false } })).headers.etag, undefined)
    })

    it('comes from an etag function given the body as a Buffer', async () => {
      const seen: unknown[] = []
      const fn = function (body: unknown, encoding: unknown) {
        // Express's two arguments, no more (webfw's own generators get a third).
        seen.push(Buffer.isBuffer(body), encoding, arguments.length)
        return '"custom"'
      }
      assert.equal((await send('body', { settings: { etag: fn } })).headers.etag, '"custom"')
      assert.deepEqual(seen, [true, undefined, 2])
    })

    it('keeps an ETag set before', async () => {
      assert.equal((await send('body', { before: (r) => r.setHeader('ETag', '"mine"') })).headers.etag, '"mine"')
    })

    it('matches the etag package for Any string or bytes (property)', () => {
      const { generateETag, generateWeakETag } = internal('util/etag')
      fc.assert(
        fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.uint8Array().map((a) => Buffer.from(a))), (body) => {
          assert.equal(generateWeakETag(body), etag(body as string, { weak: true }))
          assert.equal(generateETag(body), etag(body as string, { weak: false }))
        }),
        { numRuns: 500 },
      )
    })

    it('keeps weak and strong tags apart for bodies of one length, at and past the kept heads', () => {
      // The generators keep each length's tag head; weak and strong heads of
      // one length differ, and bodies of one length still differ by hash.
      const { generateETag, generateWeakETag } = internal('util/etag')
      for (const length of [1, 17, 4095, 4096, 4097, 70000]) {
        for (const fill of ['a', 'b']) {
          const body = fill.repeat(length)
          for (let round = 0; round < 2; round++) {
            assert.equal(generateWeakETag(body, 'utf8', length), etag(body, { weak: true }), `weak ${length}`)
            assert.equal(generateETag(body, 'utf8', length), etag(body, { weak: false }), `strong ${length}`)
          }
        }
        assert.notEqual(generateWeakETag('a'.repeat(length)), generateWeakETag('b'.repeat(length)))
      }
    })
  })

  describe('conditional and bodiless responses', () => {
    it('answers 304 without a body when the client copy is fresh', async () => {
      const tag = etag('hello', { weak: true })
      const res = await send('hello', { init: { headers: { 'If-None-Match': tag } } })
      assert.equal(res.status, 304)
      assert.equal(res.body, '')
      assert.equal(res.headers['content-type'], undefined)
      assert.equal(res.headers['content-length'], undefined)
    })

    it('checks freshness whatever the body length', async () => {
      const body = 'y'.repeat(5000)
      const res = await send(body, { init: { headers: { 'If-None-Match': etag(body, { weak: true }) } } })
      assert.equal(res.status, 304)
    })

    it('answers 200 when stale, or for a method that is not validated', async () => {
      assert.equal((await send('hello', { init: { headers: { 'If-None-Match': '"other"' } } })).status, 200)
      const post = await send('hello', { init: { method: 'POST', headers: { 'If-None-Match': etag('hello', { weak: true }) } } })
      assert.equal(post.status, 200)
      assert.equal(post.body, 'hello')
    })

    it('sends headers but no body for HEAD', async () => {
      const res = await send('hello', { init: { method: 'HEAD' } })
      assert.equal(res.body, '')
      assert.equal(res.headers['content-length'], '5')
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
    })

    it('strips the body and its headers for 204', async () => {
      const res = await send('ignored', { before: (r) => r.status(204) })
      assert.equal(res.status, 204)
      assert.equal(res.body, '')
      assert.equal(res.headers['content-type'], undefined)
      assert.equal(res.headers['content-length'], undefined)
    })

    it('sends Content-Length: 0 and no body for 205', async () => {
      const res = await send('ignored', { before: (r) => r.status(205) })
      assert.equal(res.status, 205)
      assert.equal(res.body, '')
      assert.equal(res.headers['content-length'], '0')
    })
  })
})
