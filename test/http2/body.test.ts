/**
 * The body parsers over HTTP/2, with bodies of announced length
 * (Content-Length) and of unannounced length (DATA frames only, what HTTP/1.1
 * sends chunked): the same `req.body` and the same errors as over HTTP/1.1 —
 * limits (413), malformed JSON (400), compressed bodies (gzip, deflate, br),
 * charsets (415 for unknown ones), verify (403), parameter limits.
 */
import assert from 'node:assert/strict'
import zlib from 'node:zlib'
import { describe, it } from 'node:test'
import { h2setups, serveForSuite } from './setups'
import type { H2Request } from '../helpers/h2'
import type { Any } from '../helpers/webfw'

function bodyApp(factory: Any): Any {
  const app = factory()
  const echo = (req: Any, res: Any) => res.json({ body: Buffer.isBuffer(req.body) ? req.body.toString('hex') : req.body ?? null })
  app.post('/json', factory.json({ limit: '1kb' }), echo)
  app.post('/loose', factory.json({ strict: false }), echo)
  app.post('/form', factory.urlencoded({ extended: true, parameterLimit: 5 }), echo)
  app.post('/text', factory.text({ defaultCharset: 'latin1' }), echo)
  app.post('/raw', factory.raw({ type: '*/*', limit: 64 }), echo)
  app.post(
    '/verify',
    factory.json({
      verify: (req: Any, res: Any, buf: Buffer) => {
        if (buf.includes('forbidden')) throw new Error('refused')
      },
    }),
    echo,
  )
  app.use((err: Any, req: Any, res: Any, next: Any) => res.status(err.status ?? 500).json({ status: err.status, type: err.type }))
  return app
}

/** The same body sent with its length announced, and in two DATA frames without it. */
function bothFramings(path: string, type: string, body: Buffer, extra: Record<string, string> = {}): H2Request[] {
  const cut = Math.max(1, body.length >> 1)
  return [
    { method: 'POST', path, headers: { 'content-type': type, 'content-length': body.length, ...extra }, body },
    { method: 'POST', path, headers: { 'content-type': type, ...extra }, chunks: [body.subarray(0, cut), body.subarray(cut)] },
  ]
}

for (const setup of h2setups) {
  describe(`body parsers over HTTP/2 (${setup.label})`, () => {
    const h2 = serveForSuite(setup, () => bodyApp(setup.factory))

    async function each(requests: H2Request[], check: (status: number, json: Any) => void): Promise<void> {
      for (const init of requests) {
        const r = await h2.sameAsHttp1(init)
        check(r.status, r.json())
      }
    }

    it('json: objects, strict mode, malformed 400, over the limit 413', async () => {
      await each(bothFramings('/json', 'application/json', Buffer.from('{"a":[1,2],"b":"ü"}')), (status, json) => {
        assert.equal(status, 200)
        assert.deepEqual(json.body, { a: [1, 2], b: 'ü' })
      })
      await each(bothFramings('/json', 'application/json', Buffer.from('"text"')), (status, json) => {
        assert.equal(status, 400)
        assert.equal(json.type, 'entity.parse.failed')
      })
      await each(bothFramings('/loose', 'application/json', Buffer.from('"text"')), (status, json) => assert.equal(json.body, 'text'))
      await each(bothFramings('/json', 'application/json', Buffer.from('{"a":')), (status, json) => {
        assert.equal(status, 400)
        assert.equal(json.type, 'entity.parse.failed')
      })
      await each(bothFramings('/json', 'application/json', Buffer.from(JSON.stringify({ big: 'x'.repeat(2000) }))), (status, json) => {
        assert.equal(status, 413)
        assert.equal(json.type, 'entity.too.large')
      })
    })

    it('compressed bodies are inflated (gzip, deflate; br in 5.x); an unknown coding is 415', async () => {
      const json = Buffer.from(JSON.stringify({ packed: true }))
      for (const [coding, packed] of [
        ['gzip', zlib.gzipSync(json)],
        ['deflate', zlib.deflateSync(json)],
        ['br', zlib.brotliCompressSync(json)],
      ] as Array<[string, Buffer]>) {
        // body-parser 1 (4.x) undoes gzip and deflate only.
        const undone = coding !== 'br' || setup.profile === '5.x'
        await each(bothFramings('/json', 'application/json', packed, { 'content-encoding': coding }), (status, body) => {
          assert.equal(status, undone ? 200 : 415, coding)
          if (undone) assert.deepEqual(body.body, { packed: true }, coding)
          else assert.equal(body.type, 'encoding.unsupported')
        })
      }
      await each(bothFramings('/json', 'application/json', json, { 'content-encoding': 'compress' }), (status, body) => {
        assert.equal(status, 415)
        assert.equal(body.type, 'encoding.unsupported')
      })
      // A gzip bomb stops at the limit.
      await each(bothFramings('/json', 'application/json', zlib.gzipSync(Buffer.alloc(1 << 20, 0x20)), { 'content-encoding': 'gzip' }), (status) =>
        assert.equal(status, 413),
      )
    })

    it('urlencoded (extended), with its parameter limit', async () => {
      await each(bothFramings('/form', 'application/x-www-form-urlencoded', Buffer.from('user[name]=tobi&tags[]=a&tags[]=b')), (status, json) =>
        assert.deepEqual(json.body, { user: { name: 'tobi' }, tags: ['a', 'b'] }),
      )
      await each(bothFramings('/form', 'application/x-www-form-urlencoded', Buffer.from('a=1&b=2&c=3&d=4&e=5&f=6')), (status, json) => {
        assert.equal(status, 413)
        assert.equal(json.type, 'parameters.too.many')
      })
    })

    it('text decodes its charset (default latin1 here); an unknown charset is 415', async () => {
      await each(bothFramings('/text', 'text/plain', Buffer.from([0x63, 0x61, 0x66, 0xe9])), (status, json) => assert.equal(json.body, 'café'))
      await each(bothFramings('/text', 'text/plain; charset=utf-16le', Buffer.from('h2 ✓', 'utf16le')), (status, json) => assert.equal(json.body, 'h2 ✓'))
      await each(bothFramings('/text', 'text/plain; charset=x-unknown', Buffer.from('x')), (status, json) => {
        assert.equal(status, 415)
        assert.equal(json.type, 'charset.unsupported')
      })
    })

    it('raw keeps the bytes, within its limit', async () => {
      await each(bothFramings('/raw', 'application/octet-stream', Buffer.from([0, 1, 254, 255])), (status, json) => assert.equal(json.body, '0001feff'))
      await each(bothFramings('/raw', 'application/octet-stream', Buffer.alloc(65)), (status) => assert.equal(status, 413))
    })

    it('verify can refuse a body (403); no body leaves req.body as the profile says', async () => {
      await each(bothFramings('/verify', 'application/json', Buffer.from('{"forbidden":1}')), (status, json) => {
        assert.equal(status, 403)
        assert.equal(json.type, 'entity.verify.failed')
      })
      // A HEADERS frame that ends the stream: no body at all (node:http's
      // client would send Content-Length: 0, which is an empty body).
      const none = await h2.send({ method: 'POST', path: '/json', headers: { 'content-type': 'application/json' } })
      assert.deepEqual(none.json().body, setup.profile === '4.x' ? {} : null)
    })
  })
}
