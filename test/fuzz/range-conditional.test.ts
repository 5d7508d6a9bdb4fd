/**
 * Fuzzing Range and the conditional headers (If-Match, If-None-Match,
 * If-Modified-Since, If-Unmodified-Since, If-Range) against static files,
 * res.sendFile, res.send and req.range, with GET and HEAD.
 *
 * Every reply is one of 200, 206, 304, 412, 416 and is self-consistent:
 * a 206 carries `Content-Range: bytes s-e/size` and exactly those bytes of
 * the file, a 200 the whole file, a 416 `bytes *\/size`, a 304 and any HEAD
 * no body; Content-Length always equals the bytes sent. Without
 * conditional headers the status is also predicted: one satisfiable range
 * (after combining) gives that 206, an unsatisfiable set 416, anything else
 * the whole file. `req.range` never throws and only returns ranges inside
 * the resource. Files of 0, 1000 and 100 000 bytes cover the empty file,
 * the single-read path and the streamed path.
 *
 * Cases: 400 requests to the file senders, 300 to res.send / req.range;
 * FUZZ_RUNS / FUZZ_LONG raise them.
 */
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import fc from 'fast-check'
import parseRange from 'range-parser'
import { serve, type Running } from '../helpers/http'
import { webfw, type Any } from '../helpers/webfw'
import { runs } from './support'

const FILES: Record<string, Buffer> = {
  'empty.bin': Buffer.alloc(0),
  'small.bin': crypto.randomBytes(1000),
  'large.bin': crypto.randomBytes(100_000),
}
let dir: string
let srv: Running
let agent: http.Agent
const mtimes: Record<string, Date> = {}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-fuzz-range-'))
  for (const [name, data] of Object.entries(FILES)) {
    fs.writeFileSync(path.join(dir, name), data)
    mtimes[name] = fs.statSync(path.join(dir, name)).mtime
  }
  const app = webfw()
  app.use('/static', webfw.static(dir))
  app.get('/sendfile/:name', (req: Any, res: Any, next: Any) => res.sendFile(req.params.name, { root: dir }, (err: Any) => err && next(err)))
  app.get('/send', (_req: Any, res: Any) => res.send('a body that res.send sends with an ETag'))
  app.get('/range/:size', (req: Any, res: Any) => {
    const size = Number(req.params.size)
    res.json({ plain: req.range(size) ?? null, combined: req.range(size, { combine: true }) ?? null })
  })
  app.use((err: Any, _req: Any, res: Any, _next: Any) => {
    if (err.headers) res.set(err.headers)
    res.status(err.status ?? 500).end()
  })
  srv = await serve(app)
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
})

after(async () => {
  agent.destroy()
  await srv.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

function get(method: string, target: string, headers: Record<string, string>): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: srv.port, method, path: target, headers, agent }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (b: Buffer) => parts.push(b))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }))
    })
    req.setTimeout(10_000, () => req.destroy(new Error('no reply within 10 s')))
    req.on('error', reject)
    req.end()
  })
}

const number = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 1200 }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 120_000 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('99999999999999999999', '-1', '1e3', '0x10', ' 5', '', '00', '+3') },
)
const spec = fc.oneof(
  fc.tuple(number, number).map(([a, b]) => `${a}-${b}`),
  number.map((a) => `${a}-`),
  number.map((b) => `-${b}`),
  fc.constantFrom('-', '--', 'a-b', '', ' 0 - 1 '),
)
const rangeHeader = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom('bytes=', 'bytes=', ' bytes=', 'BYTES=', 'bytes =', 'items=', 'bytes=,'), fc.array(spec, { minLength: 1, maxLength: 4 }), fc.constantFrom(',', ', ', ' ,')).map(([u, s, sep]) => u + s.join(sep)) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 400 }).map((n) => 'bytes=' + Array.from({ length: n }, (_, i) => `${i * 2}-${i * 2 + 1}`).join(',')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
)

function headerArbs(file: string): fc.Arbitrary<Record<string, string>> {
  const mtime = mtimes[file] ?? new Date(0)
  const date = fc.oneof(
    fc.constantFrom(mtime.toUTCString(), new Date(mtime.getTime() + 86_400_000).toUTCString(), new Date(mtime.getTime() - 86_400_000).toUTCString()),
    fc.constantFrom('garbage', '', 'Thu, 01 Jan 1970 00:00:00 GMT', 'Sat, 01 Jan 10000 00:00:00 GMT'),
  )
  // The actual ETag is added at request time (placeholder ETAG), since it is only known from a reply.
  const etag = fc.constantFrom('ETAG', 'W/ETAG', '"other"', 'W/"other"', '*', '"other", ETAG', 'garbage', '"unterminated', ', ,')
  return fc.record(
    {
      range: rangeHeader,
      'if-range': fc.oneof(etag, date),
      'if-none-match': etag,
      'if-modified-since': date,
      'if-match': etag,
      'if-unmodified-since': date,
      'cache-control': fc.constantFrom('no-cache', 'max-age=0'),
    },
    { requiredKeys: [] },
  )
}

const etags = new Map<string, string>()
async function etagOf(target: string): Promise<string> {
  let tag = etags.get(target)
  if (tag === undefined) {
    tag = String((await get('GET', target, {})).headers.etag)
    etags.set(target, tag)
  }
  return tag
}

const CONDITIONAL = ['if-range', 'if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'cache-control']

test(`static and sendFile: any Range / conditional mix gives a consistent 200/206/304/412/416 (${runs(400)} requests)`, async () => {
  const fileCase = fc
    .tuple(fc.constantFrom(...Object.keys(FILES)), fc.constantFrom('/static/', '/sendfile/'), fc.constantFrom('GET', 'GET', 'HEAD'))
    .chain(([file, prefix, method]) => headerArbs(file).map((headers) => ({ file, target: prefix + file, method, headers })))
  await fc.assert(
    fc.asyncProperty(fileCase, async ({ file, target, method, headers }) => {
      const data = FILES[file]
      const tag = await etagOf(target)
      const sent: Record<string, string> = {}
      for (const [k, v] of Object.entries(headers)) sent[k] = k === 'range' ? v : v.replace('ETAG', tag)
      const reply = await get(method, target, sent)
      const label = `${method} ${target} ${JSON.stringify(sent)} -> ${reply.status} ${JSON.stringify(reply.headers['content-range'] ?? '')}`
      assert.ok([200, 206, 304, 412, 416].includes(reply.status), label)
      const length = Number(reply.headers['content-length'] ?? 0)
      if (method === 'HEAD' || reply.status === 304 || reply.status === 412 || reply.status === 416) {
        assert.equal(reply.body.length, 0, label)
      } else {
        assert.equal(reply.body.length, length, label)
      }
      if (reply.status === 200) {
        assert.equal(length, data.length, label)
        if (method === 'GET') assert.ok(reply.body.equals(data), label)
      } else if (reply.status === 206) {
        const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(reply.headers['content-range']))
        assert.ok(m, label)
        const [start, end, size] = [Number(m[1]), Number(m[2]), Number(m[3])]
        assert.ok(start <= end && end < size && size === data.length, label)
        assert.equal(length, end - start + 1, label)
        if (method === 'GET') assert.ok(reply.body.equals(data.subarray(start, end + 1)), label)
      } else if (reply.status === 416) {
        assert.equal(reply.headers['content-range'], `bytes */${data.length}`, label)
      }
      // Without conditions, the status follows from the Range header alone.
      if (!CONDITIONAL.some((h) => h in sent)) {
        const header = sent.range
        let expected = 200
        if (header !== undefined && /^ *bytes=/.test(header)) {
          const ranges = parseRange(data.length, header, { combine: true })
          if (ranges === -1) expected = 416
          else if (ranges !== -2 && ranges.length === 1) expected = 206
        }
        assert.equal(reply.status, expected, label)
      }
    }),
    { numRuns: runs(400), includeErrorInReport: true },
  )
})

test(`res.send and req.range: conditional headers give 200 or 304, req.range stays inside the resource (${runs(300)} requests)`, async () => {
  await fc.assert(
    fc.asyncProperty(headerArbs('send'), fc.constantFrom(0, 1, 10, 1000), fc.constantFrom('GET', 'HEAD'), async (headers, size, method) => {
      const tag = await etagOf('/send')
      const sent: Record<string, string> = {}
      for (const [k, v] of Object.entries(headers)) sent[k] = k === 'range' ? v : v.replace('ETAG', tag)
      const reply = await get(method, '/send', sent)
      assert.ok(reply.status === 200 || reply.status === 304, `${JSON.stringify(sent)} -> ${reply.status}`)
      if (method === 'HEAD' || reply.status === 304) assert.equal(reply.body.length, 0)
      const ranges = await get('GET', `/range/${size}`, sent.range === undefined ? {} : { range: sent.range })
      assert.equal(ranges.status, 200)
      const { plain, combined } = JSON.parse(ranges.body.toString())
      for (const r of [plain, combined]) {
        if (r === null || r === -1 || r === -2) continue
        assert.ok(Array.isArray(r), JSON.stringify(r))
        for (const { start, end } of r) assert.ok(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end < size, JSON.stringify(r))
      }
    }),
    { numRuns: runs(300), includeErrorInReport: true },
  )
})
