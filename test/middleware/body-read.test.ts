/**
 * The shared body reader, through the parsers: limit (number, byte-size
 * string, invalid string), Content-Length checked first, the limit while
 * streaming and after inflating, inflate (gzip, deflate, br; off → 415),
 * unknown codings, malformed compressed data, Content-Length mismatches,
 * client aborts, verify, and skipping requests that have nothing to parse.
 */
import assert from 'node:assert/strict'
import net from 'node:net'
import { AsyncLocalStorage } from 'node:async_hooks'
import zlib from 'node:zlib'
import { describe, test } from 'node:test'
import { Collector } from '../helpers/collector'
import { withServer } from '../helpers/http'
import { abortUpload, send } from '../helpers/client'
import { internal, webfw, webfw4, type Any } from '../helpers/webfw'
import { errorReporter, parserApp } from './body-helpers'

const JSON_HEADERS = { 'Content-Type': 'application/json' }
const OCTETS = { 'Content-Type': 'application/octet-stream' }

describe('body reader: limit', () => {
  test('default limit is 100kb: 102400 bytes pass, 102401 are a 413', async () => {
    await withServer(parserApp(webfw, webfw.raw()), async ({ port }) => {
      const ok = await send(port, { headers: OCTETS, body: Buffer.alloc(102400, 1) })
      assert.equal(ok.status, 200)
      const over = await send(port, { headers: OCTETS, body: Buffer.alloc(102401, 1) })
      assert.equal(over.status, 413)
      assert.equal(over.json().type, 'entity.too.large')
      assert.equal(over.json().message, 'request entity too large')
      assert.equal(over.json().limit, 102400)
    })
  })

  test('a Number limit is a byte count', async () => {
    await withServer(parserApp(webfw, webfw.raw({ limit: 10 })), async ({ port }) => {
      assert.equal((await send(port, { headers: OCTETS, body: Buffer.alloc(10) })).status, 200)
      assert.equal((await send(port, { headers: OCTETS, body: Buffer.alloc(11) })).status, 413)
    })
  })

  test('a String limit is a byte-size string', async () => {
    await withServer(parserApp(webfw, webfw.raw({ limit: '1kb' })), async ({ port }) => {
      assert.equal((await send(port, { headers: OCTETS, body: Buffer.alloc(1024) })).status, 200)
      assert.equal((await send(port, { headers: OCTETS, body: Buffer.alloc(1025) })).status, 413)
    })
  })

  test('an invalid limit string is an error when the parser is created', () => {
    for (const create of [webfw.json, webfw.raw, webfw.text, webfw.urlencoded]) {
      assert.throws(() => create({ limit: 'lots' }), /option limit "lots" is invalid/)
      assert.throws(() => create({ limit: {} }), TypeError)
    }
  })

  test('limit options beside body-parser\'s: the same ones refused at creation (NaN, unreadable strings), the rest taken, a negative one refusing every body', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { express4, express5 } = require('../helpers/side-by-side') as { express4: Any; express5: Any }
    const limits: unknown[] = ['abc', Number.NaN, null, undefined, -1, 0, '1kb', '1.5mb', Number.POSITIVE_INFINITY, '', {}, true, '10', '1 tb']
    for (const [ours, theirs] of [[webfw, express5], [webfw4, express4]]) {
      for (const kind of ['json', 'urlencoded', 'text', 'raw']) {
        for (const limit of limits) {
          const outcome = (factory: Any): string => {
            try {
              factory[kind]({ limit, extended: true })
              return 'created'
            } catch (err) {
              return (err as Error).message
            }
          }
          assert.equal(outcome(ours), outcome(theirs), `${kind} ${String(limit)}`)
        }
      }
    }
    await withServer(parserApp(webfw, webfw.raw({ limit: -1 })), async ({ port }) => {
      assert.equal((await send(port, { headers: OCTETS, body: Buffer.alloc(0) })).status, 413)
    })
  })

  test('parameterLimit, depth and type as body-parser reads them: the same refused at creation, the same requests parsed', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { express4, express5 } = require('../helpers/side-by-side') as { express4: Any; express5: Any }
    const created = (factory: Any, kind: string, options: object): string => {
      try {
        factory[kind](options)
        return 'created'
      } catch (err) {
        return (err as Error).message
      }
    }
    const options: [string, object][] = [
      ...[0, -1, 'x', Number.NaN, 1.5, Number.POSITIVE_INFINITY, '10', null].map((v): [string, object] => ['urlencoded', { extended: true, parameterLimit: v }]),
      ...[0, -1, 'x', Number.NaN, 1.5, null, '3', false].map((v): [string, object] => ['urlencoded', { extended: true, depth: v }]),
      ...[5, null, [], [5], 'json', '', {}].map((v): [string, object] => ['json', { type: v }]),
    ]
    for (const [ours, theirs] of [[webfw, express5], [webfw4, express4]]) {
      for (const [kind, opts] of options) assert.equal(created(ours, kind, opts), created(theirs, kind, opts), `${kind} ${JSON.stringify(opts)}`)
    }
    // What the accepted ones do with a request, beside Express 5.
    const cases: [object, string, string][] = [
      [{ type: 5 }, 'application/json', '{"a":1}'],
      [{ type: [] }, 'text/weird', '{"a":1}'],
      [{ type: [5, 'json'] }, 'application/json', '{"a":1}'],
      [{ parameterLimit: '2', extended: true }, 'application/x-www-form-urlencoded', 'a=1&b=2&c=3'],
      [{ depth: '1', extended: true }, 'application/x-www-form-urlencoded', 'a[b][c][d][e][f][g]=1'],
    ]
    for (const [opts, contentType, body] of cases) {
      const answers: string[] = []
      for (const factory of [webfw, express5]) {
        const app = factory()
        app.use(factory.json(opts), factory.urlencoded(opts))
        app.post('/', (req: Any, res: Any) => res.json({ body: req.body ?? null }))
        app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status).json({ type: err.type }))
        answers.push(await withServer(app, async ({ port }) => {
          const r = await send(port, { headers: { 'Content-Type': contentType }, body })
          return r.status + ' ' + r.text
        }))
      }
      assert.equal(answers[0], answers[1], JSON.stringify(opts))
    }
  })

  test('changing the options object later does not change the parser', async () => {
    const options = { limit: 10 }
    const app = parserApp(webfw, webfw.raw(options))
    options.limit = 1000
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { headers: OCTETS, body: Buffer.alloc(20) })).status, 413)
    })
  })

  test('a Content-Length over the limit is refused before any byte is read', async () => {
    let verified = false
    const app = parserApp(webfw, webfw.raw({ limit: 100, verify: () => (verified = true) }))
    await withServer(app, async ({ port }) => {
      const r = await send(port, { headers: OCTETS, body: Buffer.alloc(5000) })
      assert.equal(r.status, 413)
      // The header alone decided: the error says what was declared, and no `received` (as body-parser's).
      assert.equal(r.json().received, undefined)
      assert.equal(r.json().expected, 5000)
      assert.equal(r.json().limit, 100)
      assert.equal(verified, false)
    })
  })

  test('a chunked body is counted while it streams', async () => {
    const app = parserApp(webfw, webfw.raw({ limit: 1000 }))
    await withServer(app, async ({ port }) => {
      const r = await send(port, {
        headers: { ...OCTETS, 'Transfer-Encoding': 'chunked' },
        chunks: [Buffer.alloc(600), Buffer.alloc(600), Buffer.alloc(600)],
      })
      assert.equal(r.status, 413)
      assert.ok(r.json().received > 1000)
      assert.equal(r.json().expected, undefined)
    })
  })

  test('the response to a 413 waits for the rest of the upload, which is discarded', async () => {
    const app = parserApp(webfw, webfw.raw({ limit: '8kb' }))
    await withServer(app, async ({ port }) => {
      const big = Buffer.alloc(10240, '.')
      const r = await send(port, { headers: OCTETS, chunks: [big, big, big] })
      assert.equal(r.status, 413)
    })
  })
})

describe('body reader: inflation', () => {
  const payload = JSON.stringify({ name: '论' })

  for (const [coding, compress] of [
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['br', zlib.brotliCompressSync],
  ] as const) {
    test(`a ${coding} body is inflated`, async () => {
      await withServer(parserApp(webfw, webfw.json()), async ({ port }) => {
        const r = await send(port, { headers: { ...JSON_HEADERS, 'Content-Encoding': coding }, body: compress(payload) })
        assert.equal(r.status, 200)
        assert.deepEqual(r.json().body, { name: '论' })
      })
    })
  }

  test('the coding name is case-insensitive and identity is no coding', async () => {
    await withServer(parserApp(webfw, webfw.json()), async ({ port }) => {
      const gz = await send(port, { headers: { ...JSON_HEADERS, 'Content-Encoding': 'GZIP' }, body: zlib.gzipSync(payload) })
      assert.deepEqual(gz.json().body, { name: '论' })
      const id = await send(port, { headers: { ...JSON_HEADERS, 'Content-Encoding': 'identity' }, body: payload })
      assert.deepEqual(id.json().body, { name: '论' })
    })
  })

  test('inflate: false rejects a compressed body with 415', async () => {
    await withServer(parserApp(webfw, webfw.json({ inflate: false })), async ({ port }) => {
      const r = await send(port, { headers: { ...JSON_HEADERS, 'Content-Encoding': 'gzip' }, body: zlib.gzipSync(payload) })
      assert.equal(r.status, 415)
      assert.equal(r.json().type, 'encoding.unsupported')
      assert.equal(r.json().message, 'content encoding unsupported')
      const plain = await send(port, { headers: JSON_HEADERS, body: payload })
      assert.equal(plain.status, 200)
    })
  })

  test('an unknown coding is a 415 naming it', async () => {
    await withServer(parserApp(webfw, webfw.json()), async ({ port }) => {
      const r = await send(port, { headers: { ...JSON_HEADERS, 'Content-Encoding': 'nulls' }, body: Buffer.alloc(6) })
      assert.equal(r.status, 415)
      assert.equal(r.json().type, 'encoding.unsupported')
      assert.equal(r.json().message, 'unsupported content encoding "nulls"')
      assert.equal(r.json().encoding, 'nulls')
    })
  })

  test('malformed compressed data is a 400: zlib\'s error, with no type (not a parse failure)', async () => {
    await withServer(parserApp(webfw, webfw.json()), async ({ port }) => {
      const broken = zlib.gzipSync(payload).subarray(0, 12)
      const r = await send(port, { headers: { ...JSON_HEADERS, 'Content-Encoding': 'gzip' }, body: broken })
      assert.equal(r.status, 400)
      assert.equal(r.json().type, undefined)
      assert.equal(r.json().code, 'Z_BUF_ERROR')
      assert.equal(r.json().message, 'unexpected end of file')
      const garbage = await send(port, { headers: { ...JSON_HEADERS, 'Content-Encoding': 'deflate' }, body: 'not deflate' })
      assert.equal(garbage.status, 400)
      assert.equal(garbage.json().code, 'Z_DATA_ERROR')
      assert.equal(garbage.json().type, undefined)
    })
  })

  test('the limit applies to the inflated size: a gzip bomb stops at the limit with 413', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024)) // 20 MB of zeros in ~20 KB
    assert.ok(bomb.length < 100 * 1024)
    await withServer(parserApp(webfw, webfw.raw({ limit: '100kb' })), async ({ port }) => {
      const r = await send(port, { headers: { ...OCTETS, 'Content-Encoding': 'gzip' }, body: bomb })
      assert.equal(r.status, 413)
      assert.equal(r.json().type, 'entity.too.large')
      // Inflation stopped right after the limit, far short of 20 MB.
      assert.ok(r.json().received < 1024 * 1024, `inflated ${r.json().received} bytes`)
    })
  })
})

describe('body reader: framing', () => {
  test('a Content-Length body in several chunks is read into one buffer of that size (no concatenation), every byte in place', async () => {
    const size = 256 * 1024
    // Every byte differs from its neighbours, so a chunk lost, repeated or
    // copied to the wrong offset changes the result.
    const body = Buffer.alloc(size)
    for (let i = 0; i < size; i++) body[i] = (i * 7 + (i >> 8)) & 0xff
    const concat = Buffer.concat
    const results: number[] = []
    Buffer.concat = function (list: readonly Uint8Array[], total?: number) {
      const out = concat(list, total)
      results.push(out.length)
      return out
    } as typeof Buffer.concat
    try {
      await withServer(parserApp(webfw, webfw.raw({ limit: '1mb' })), async ({ port }) => {
        const r = await send(port, {
          headers: { ...OCTETS, 'Content-Length': size },
          chunks: [body.subarray(0, size / 4), body.subarray(size / 4, size / 2), body.subarray(size / 2)],
        })
        assert.equal(r.status, 200)
        assert.equal(r.json().body.hex, body.toString('hex'))
        assert.ok(!results.includes(size), 'the body was assembled with Buffer.concat')
        // The same body without a Content-Length does need assembling.
        results.length = 0
        const chunked = await send(port, {
          headers: { ...OCTETS, 'Transfer-Encoding': 'chunked' },
          chunks: [body.subarray(0, size / 4), body.subarray(size / 4, size / 2), body.subarray(size / 2)],
        })
        assert.equal(chunked.status, 200)
        assert.ok(results.includes(size))
      })
    } finally {
      Buffer.concat = concat
    }
  })

  test('a body shorter than its Content-Length (header altered upstream) is a 400', async () => {
    const app = webfw()
    app.use((req: Any, _res: Any, next: Any) => {
      req.headers['content-length'] = '20'
      next()
    })
    app.use(webfw.json())
    app.post('/', (req: Any, res: Any) => res.json(req.body))
    app.use(errorReporter)
    await withServer(app, async ({ port }) => {
      const r = await send(port, { headers: JSON_HEADERS, body: '{"a":' })
      assert.equal(r.status, 400)
      assert.equal(r.json().type, 'request.size.invalid')
      assert.match(r.json().message, /content length/)
    })
  })

  test('a body longer than its Content-Length (header altered upstream) is a 400', async () => {
    const app = webfw()
    app.use((req: Any, _res: Any, next: Any) => {
      req.headers['content-length'] = '3'
      next()
    })
    app.use(webfw.raw())
    app.post('/', (req: Any, res: Any) => res.json(req.body))
    app.use(errorReporter)
    await withServer(app, async ({ port }) => {
      const r = await send(port, { headers: OCTETS, body: Buffer.alloc(50) })
      assert.equal(r.status, 400)
      assert.equal(r.json().type, 'request.size.invalid')
    })
  })

  test('Content-Length: 0 and an empty chunked body are read as empty', async () => {
    await withServer(parserApp(webfw, webfw.raw()), async ({ port }) => {
      const zero = await send(port, { headers: { ...OCTETS, 'Content-Length': 0 } })
      assert.deepEqual(zero.json().body, { hex: '' })
      const chunked = await send(port, { headers: { ...OCTETS, 'Transfer-Encoding': 'chunked' }, body: '' })
      assert.deepEqual(chunked.json().body, { hex: '' })
    })
  })
})

describe('body reader: after a complete read', () => {
  test('the reader leaves no listener of its own on the request (plain and compressed bodies)', async () => {
    const events = ['data', 'end', 'error', 'close']
    const app = webfw()
    app.use((req: Any, _res: Any, next: Any) => {
      req.before = events.map((e) => req.listenerCount(e))
      next()
    })
    app.use(webfw.raw())
    app.post('/', (req: Any, res: Any) => {
      res.json({ before: req.before, after: events.map((e) => req.listenerCount(e)), length: req.body.length })
    })
    await withServer(app, async ({ port }) => {
      for (const headers of [OCTETS, { ...OCTETS, 'Content-Encoding': 'gzip' }]) {
        const body = headers === OCTETS ? Buffer.alloc(5000, 'x') : zlib.gzipSync(Buffer.alloc(5000, 'x'))
        const r = await send(port, { headers, body })
        assert.equal(r.json().length, 5000)
        assert.deepEqual(r.json().after, r.json().before, JSON.stringify(headers))
      }
    })
  })
})

describe('body reader: client abort', () => {
  function watchApp(parser: Any, seen: Collector<Any>): Any {
    const app = webfw()
    app.use(parser)
    app.use((err: Any, req: Any, _res: Any, _next: Any) => {
      seen.push({
        err,
        listeners: ['data', 'end', 'error', 'close'].map((e) => req.listenerCount(e)),
        pipes: req._readableState.pipes.length,
      })
    })
    return app
  }

  test('an upload cut short ends the read with request.aborted and leaves no listener behind', async () => {
    const seen = new Collector<Any>()
    await withServer(watchApp(webfw.raw(), seen), async ({ port }) => {
      const head = 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 10000\r\n\r\n'
      await abortUpload(port, head, Buffer.alloc(3000))
      await seen.waitFor(1, 'errors')
    })
    assert.equal(seen.length, 1)
    const { err, listeners } = seen.items[0]
    assert.equal(err.type, 'request.aborted')
    assert.equal(err.code, 'ECONNABORTED')
    assert.equal(err.status, 400)
    assert.equal(err.received, 3000)
    assert.equal(err.expected, 10000)
    // Only on-finished's own bookkeeping may remain; the reader's are gone.
    assert.equal(listeners[0], 0, 'data listeners')
    assert.equal(listeners[1], 0, 'end listeners')
  })

  test('an aborted compressed upload unpipes and drops its decompressor', async () => {
    const seen = new Collector<Any>()
    const gz = zlib.gzipSync(Buffer.alloc(50000, 'x'))
    await withServer(watchApp(webfw.raw(), seen), async ({ port }) => {
      const head = `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Encoding: gzip\r\nContent-Length: ${gz.length + 1000}\r\n\r\n`
      await abortUpload(port, head, gz)
      await seen.waitFor(1, 'errors')
    })
    assert.equal(seen.length, 1)
    assert.equal(seen.items[0].err.type, 'request.aborted')
    assert.equal(seen.items[0].pipes, 0)
    assert.equal(seen.items[0].listeners[0], 0)
  })
  test('a request destroyed by code while its body is awaited: request.aborted reaches the error handlers, as in Express', async () => {
    // Destroyed without an error, a request emits neither `error` nor `end`
    // (only `aborted` and `close`): the reader must still report it.
    const seen = new Collector<Any>()
    const app = webfw()
    app.use((req: Any, _res: Any, next: Any) => {
      next() // the parser attaches its listeners and waits for the body
      req.destroy()
    })
    app.use(webfw.json())
    app.use((err: Any, req: Any, _res: Any, _next: Any) => {
      seen.push({ type: err.type, status: err.status, listeners: ['data', 'end', 'error', 'close'].map((e) => req.listenerCount(e)) })
    })
    await withServer(app, async ({ port }) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.on('error', () => {})
      socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":')
      try {
        await seen.waitFor(1, 'errors')
      } finally {
        socket.destroy()
      }
    })
    assert.deepEqual(seen.items, [{ type: 'request.aborted', status: 400, listeners: [0, 0, 0, 0] }])
  })
})

describe('body reader: verify', () => {
  test('verify gets (req, res, buf, encoding) before parsing', async () => {
    const calls: Any[] = []
    const verify = (req: Any, res: Any, buf: Buffer, encoding: string | null) => {
      calls.push({ req: typeof req.headers, res: typeof res.setHeader, buf: buf.toString(), encoding })
    }
    const app = parserApp(webfw, webfw.json({ verify }), webfw.raw({ verify }))
    await withServer(app, async ({ port }) => {
      await send(port, { headers: JSON_HEADERS, body: '{"a":1}' })
      await send(port, { headers: OCTETS, body: 'xyz' })
    })
    assert.deepEqual(calls, [
      { req: 'object', res: 'function', buf: '{"a":1}', encoding: 'utf-8' },
      { req: 'object', res: 'function', buf: 'xyz', encoding: null },
    ])
  })

  test('a throwing verify aborts with 403 entity.verify.failed and the raw body', async () => {
    const app = parserApp(
      webfw,
      webfw.json({
        verify: (_req: Any, _res: Any, buf: Buffer) => {
          if (buf[0] === 0x5b) throw new Error('no arrays')
        },
      }),
    )
    await withServer(app, async ({ port }) => {
      const r = await send(port, { headers: JSON_HEADERS, body: '["x"]' })
      assert.equal(r.status, 403)
      assert.equal(r.json().type, 'entity.verify.failed')
      assert.equal(r.json().message, 'no arrays')
      assert.deepEqual(r.json().body, { hex: Buffer.from('["x"]').toString('hex') })
      const ok = await send(port, { headers: JSON_HEADERS, body: '{"x":1}' })
      assert.equal(ok.status, 200)
    })
  })

  test("a verify error keeps its own status and type", async () => {
    const app = parserApp(
      webfw,
      webfw.text({
        verify: () => {
          throw Object.assign(new Error('nope'), { status: 400, type: 'custom.check' })
        },
      }),
    )
    await withServer(app, async ({ port }) => {
      const r = await send(port, { headers: { 'Content-Type': 'text/plain' }, body: 'hi' })
      assert.equal(r.status, 400)
      assert.equal(r.json().type, 'custom.check')
    })
  })

  test('verify must be a function', () => {
    for (const create of [webfw.json, webfw.raw, webfw.text, webfw.urlencoded]) {
      assert.throws(() => create({ verify: 'yes' }), /option verify must be function/)
    }
  })

  test('an unsupported charset is refused before verify runs', async () => {
    let called = false
    const app = parserApp(webfw, webfw.text({ verify: () => (called = true) }))
    await withServer(app, async ({ port }) => {
      const r = await send(port, { headers: { 'Content-Type': 'text/plain; charset=x-bogus' }, body: 'hi' })
      assert.equal(r.status, 415)
      assert.equal(r.json().type, 'charset.unsupported')
      assert.equal(r.json().message, 'unsupported charset "X-BOGUS"')
    })
    assert.equal(called, false)
  })
})

describe('body parsers: what they skip', () => {
  test('a request without a body is left alone: req.body undefined, next() called', async () => {
    let typeCalled = false
    const app = parserApp(webfw, webfw.json({ type: () => (typeCalled = true) }))
    await withServer(app, async ({ port }) => {
      const r = await send(port, { method: 'GET' })
      assert.equal(r.status, 200)
      assert.deepEqual(r.json(), { has: true, body: null, kind: 'undefined' })
    })
    assert.equal(typeCalled, false)
  })

  test('a body of another type is left alone', async () => {
    await withServer(parserApp(webfw, webfw.json()), async ({ port }) => {
      const r = await send(port, { headers: { 'Content-Type': 'text/plain' }, body: '{"a":1}' })
      assert.deepEqual(r.json(), { has: true, body: null, kind: 'undefined' })
    })
  })

  test('a body already read by an earlier parser is not read again', async () => {
    await withServer(parserApp(webfw, webfw.json(), webfw.json({ type: () => true }), webfw.raw({ type: () => true })), async ({ port }) => {
      const r = await send(port, { headers: JSON_HEADERS, body: '{"user":"tobi"}' })
      assert.deepEqual(r.json().body, { user: 'tobi' })
    })
  })

  test('the 4.x profile leaves {} in req.body when nothing was parsed', async () => {
    const { profile5 } = internal('profile')
    const parsers4 = internal('middleware/body').createBodyParsers({ ...profile5, emptyBody: 'object' })
    await withServer(parserApp(webfw, parsers4.json()), async ({ port }) => {
      const none = await send(port, { method: 'GET' })
      assert.deepEqual(none.json(), { has: true, body: {}, kind: 'object' })
      const other = await send(port, { headers: { 'Content-Type': 'text/plain' }, body: 'x' })
      assert.deepEqual(other.json().body, {})
      const parsed = await send(port, { headers: JSON_HEADERS, body: '[1]' })
      assert.deepEqual(parsed.json().body, [1])
    })
  })
})

describe('body parsers: type option', () => {
  async function parses(parser: Any, contentType: string | undefined, body = '{"a":1}'): Promise<boolean> {
    return withServer(parserApp(webfw, parser), async ({ port }) => {
      const headers: Record<string, string> = contentType === undefined ? {} : { 'Content-Type': contentType }
      const r = await send(port, { headers, body })
      return r.json().body !== null
    })
  }

  test('a MIME type, an extension name, a wildcard and a +suffix', async () => {
    assert.equal(await parses(webfw.json({ type: 'application/vnd.api+json' }), 'application/vnd.api+json'), true)
    assert.equal(await parses(webfw.json({ type: 'application/vnd.api+json' }), 'application/json'), false)
    assert.equal(await parses(webfw.json({ type: 'json' }), 'application/json; charset=utf-8'), true)
    assert.equal(await parses(webfw.json({ type: '*/*' }), 'application/x-anything'), true)
    assert.equal(await parses(webfw.text({ type: 'text/*' }), 'text/csv', 'a,b'), true)
    assert.equal(await parses(webfw.text({ type: 'text/*' }), 'application/csv', 'a,b'), false)
    assert.equal(await parses(webfw.json({ type: '+json' }), 'application/ld+json'), true)
    assert.equal(await parses(webfw.json({ type: ['application/json', 'application/x-json'] }), 'application/x-json'), true)
  })

  test('a function decides, and a request without Content-Type can then be parsed', async () => {
    assert.equal(await parses(webfw.json({ type: () => true }), undefined), true)
    assert.equal(await parses(webfw.json({ type: () => false }), 'application/json'), false)
  })

  test('a type option of another kind is taken, as body-parser takes it, and matches nothing', async () => {
    await withServer(parserApp(webfw, webfw.json({ type: 42 })), async ({ port }) => {
      const r = await send(port, { headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' })
      assert.equal(r.status, 200)
      assert.equal(r.json().kind, 'undefined')
    })
  })
})

describe('body parsers: errors reach next(err)', () => {
  test('errors carry status, statusCode, expose and type', async () => {
    await withServer(parserApp(webfw, webfw.json()), async ({ port }) => {
      const r = await send(port, { headers: JSON_HEADERS, body: '{bad' })
      assert.equal(r.status, 400)
      assert.equal(r.json().status, 400)
      assert.equal(r.json().statusCode, 400)
      assert.equal(r.json().expose, true)
      assert.equal(r.json().type, 'entity.parse.failed')
    })
  })

  test('without an error handler the final handler answers with the error status', async () => {
    const app = webfw()
    app.set('env', 'production')
    app.use(webfw.json({ limit: 5 }))
    app.post('/', (_req: Any, res: Any) => res.send('reached'))
    await withServer(app, async ({ port }) => {
      const r = await send(port, { headers: JSON_HEADERS, body: '{"long":"body"}' })
      assert.equal(r.status, 413)
      assert.ok(!r.text.includes(' at '), 'no stack trace in production')
    })
  })

  test('next runs in the async context the parser was called in', async () => {
    const store = new AsyncLocalStorage<string>()
    const app = webfw()
    app.use((_req: Any, _res: Any, next: Any) => store.run('ctx', next))
    app.use(webfw.json({ limit: 50 }))
    app.post('/', (_req: Any, res: Any) => res.send(String(store.getStore())))
    app.use((_err: Any, _req: Any, res: Any, _next: Any) => res.status(413).send(String(store.getStore())))
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { headers: JSON_HEADERS, body: '{"a":1}' })).text, 'ctx')
      const gz = zlib.gzipSync('{"a":1}')
      assert.equal((await send(port, { headers: { ...JSON_HEADERS, 'Content-Encoding': 'gzip' }, body: gz })).text, 'ctx')
      assert.equal((await send(port, { headers: JSON_HEADERS, body: JSON.stringify({ a: 'x'.repeat(100) }) })).text, 'ctx')
    })
  })
})

describe('body parsers: names', () => {
  test("each parser's function (the layer's name in the stack) has body-parser's name, in 5.x and 4.x", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const express: Any = require('express')
    for (const factory of [webfw, webfw4]) {
      for (const kind of ['json', 'urlencoded', 'raw', 'text']) {
        const options = kind === 'urlencoded' ? { extended: false } : undefined
        assert.equal(factory[kind](options).name, express[kind](options).name)
        const app = factory()
        app.use(factory[kind](options))
        const stack = factory === webfw ? app.router.stack : app._router.stack
        assert.equal(stack[stack.length - 1].name, `${kind}Parser`)
      }
    }
  })
})
