/**
 * Compression bombs: a small gzip, deflate or brotli body that inflates to
 * far more than the limit is cut off once the inflated bytes pass the limit
 * (413), without inflating the rest; stacked codings are refused (415); the
 * inflated size is what counts, whatever Content-Length says.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { after, before, describe, it } from 'node:test'
import zlib from 'node:zlib'
import { serve, type Running } from '../helpers/http'
import { webfw, type Any } from '../helpers/webfw'

const LIMIT = 100 * 1024
// 16 MB of zeros (160 times the limit): about 16 KB gzipped, under 1 KB with brotli.
const HUGE = Buffer.alloc(16 * 1024 * 1024)
const BOMBS: Record<string, Buffer> = {
  gzip: zlib.gzipSync(HUGE, { level: 9 }),
  deflate: zlib.deflateSync(HUGE, { level: 9 }),
  br: zlib.brotliCompressSync(HUGE),
}

let srv: Running
before(async () => {
  const app = webfw()
  app.set('env', 'test')
  for (const parser of ['json', 'text', 'raw', 'urlencoded'] as const) {
    app.post('/' + parser, webfw[parser]({ type: () => true }), (req: Any, res: Any) => res.send('parsed ' + (req.body?.length ?? 0)))
  }
  app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status ?? 500).json({ type: err.type, received: err.received ?? null }))
  srv = await serve(app)
})
after(() => srv.close())

function post(path: string, coding: string, body: Buffer): Promise<{ status: number; json: Any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: srv.port, method: 'POST', path, agent: false, headers: { 'Content-Type': 'application/json', 'Content-Encoding': coding, 'Content-Length': body.length } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }))
      },
    )
    // the server may answer (and close) before reading everything
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)))
    req.end(body)
  })
}

describe('compression bombs stop at the limit', () => {
  for (const [coding, bomb] of Object.entries(BOMBS)) {
    it(`${coding}: ${bomb.length} bytes inflating to 16 MB -> 413 after at most the limit plus one zlib chunk`, async () => {
      for (const parser of ['json', 'text', 'raw', 'urlencoded']) {
        const before = process.memoryUsage().arrayBuffers
        const reply = await post('/' + parser, coding, bomb)
        assert.equal(reply.status, 413, `${parser}: ${JSON.stringify(reply.json)}`)
        assert.equal(reply.json.type, 'entity.too.large')
        assert.ok(reply.json.received > LIMIT && reply.json.received <= LIMIT + 64 * 1024, `${parser}: inflated ${reply.json.received} bytes`)
        // Nothing near the inflated size was ever held (a generous bound: 16 MB would be far above it).
        assert.ok(process.memoryUsage().arrayBuffers - before < 8 * 1024 * 1024, 'memory held by the request')
      }
    })
  }

  it('stacked codings ("gzip, gzip") are refused with 415, not inflated twice', async () => {
    const twice = zlib.gzipSync(BOMBS.gzip)
    const reply = await post('/json', 'gzip, gzip', twice)
    assert.equal(reply.status, 415)
    assert.equal(reply.json.type, 'encoding.unsupported')
  })

  it('a small announced length does not let a larger inflated body through', async () => {
    const body = zlib.gzipSync(Buffer.from(JSON.stringify({ pad: 'x'.repeat(LIMIT) })))
    assert.ok(body.length < 1024)
    const reply = await post('/json', 'gzip', body)
    assert.equal(reply.status, 413)
  })
})
