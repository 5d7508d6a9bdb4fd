/**
 * Fuzzing the four body parsers over real HTTP: random payloads (JSON
 * values, text with any code points, form bodies with prototype keys, raw
 * bytes), written in a random charset, compressed with a random coding
 * (sometimes corrupted, sometimes a bomb far above the limit), labelled
 * with a random Content-Type / Content-Encoding, sent with Content-Length or
 * chunked, all on one keep-alive connection.
 *
 * A small model of the parsers' rules predicts each answer, so the test
 * checks more than "no crash": 415 for an unusable charset or coding, 413
 * above the limit (after inflation) or above `parameterLimit`, 400 for a
 * corrupt stream or an unparsable body, else 200 with exactly the body the
 * payload decodes to (or no body when the type does not match). Every
 * reply arrives, the connection stays usable after errors, and no built-in
 * prototype changes.
 *
 * Cases: 300 requests on 5.x and 100 on 4.x; FUZZ_RUNS / FUZZ_LONG raise them.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { test } from 'node:test'
import zlib from 'node:zlib'
import fc from 'fast-check'
import iconv from 'iconv-lite'
import typeis from 'type-is'
import { withServer } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const typeis4: Any = require('type-is-v1')
import { assertBuiltinsUnchanged, depthOf, runs, snapshotBuiltins } from './support'

const LIMIT = 2048
const PARAMETER_LIMIT = 40

type Kind = 'json' | 'text' | 'raw' | 'urlencoded'

interface Route {
  path: string
  kind: Kind
  /** The media type the parser is set to parse. */
  type: string
  strict?: boolean
  extended?: boolean
  inflate?: boolean
}

const ROUTES: Route[] = [
  { path: '/json', kind: 'json', type: 'application/json' },
  { path: '/json-loose', kind: 'json', type: 'application/json', strict: false },
  { path: '/json-plain', kind: 'json', type: 'application/json', inflate: false },
  { path: '/text', kind: 'text', type: 'text/plain' },
  { path: '/raw', kind: 'raw', type: 'application/octet-stream' },
  { path: '/form', kind: 'urlencoded', type: 'application/x-www-form-urlencoded', extended: false },
  { path: '/form-ext', kind: 'urlencoded', type: 'application/x-www-form-urlencoded', extended: true },
]

/** How a reply describes `req.body`. */
function describeBody(body: unknown): unknown {
  if (Buffer.isBuffer(body)) return { hex: body.toString('hex') }
  if (body === undefined) return { undefined: true }
  const isObject = body !== null && typeof body === 'object'
  return { value: body, keys: isObject ? Reflect.ownKeys(body).map(String) : null, depth: depthOf(body), protoless: isObject && hasNoPrototypeChain(body) }
}

/** No prototype, or an empty one that has none itself: no key resolves through it. */
function hasNoPrototypeChain(object: object): boolean {
  const proto = Object.getPrototypeOf(object)
  return proto === null || (Object.getPrototypeOf(proto) === null && Reflect.ownKeys(proto).length === 0)
}

function appFor(factory: Any): Any {
  const app = factory()
  for (const r of ROUTES) {
    const options: Any = { limit: LIMIT }
    if (r.strict !== undefined) options.strict = r.strict
    if (r.extended !== undefined) options.extended = r.extended
    if (r.inflate !== undefined) options.inflate = r.inflate
    if (r.kind === 'urlencoded') options.parameterLimit = PARAMETER_LIMIT
    app.post(r.path, factory[r.kind](options), (req: Any, res: Any) => res.json(describeBody(req.body)))
  }
  app.use((err: Any, _req: Any, res: Any, _next: Any) => {
    res.status(typeof err.status === 'number' ? err.status : 500).json({ error: err.type ?? null })
  })
  return app
}

const CHARSETS = ['utf-8', 'UTF-8', 'utf8', 'utf-16le', 'utf-16be', 'utf-16', 'utf-32le', 'latin1', 'iso-8859-1', 'koi8-r', 'shift_jis', 'bogus', '']
const CODINGS = [undefined, undefined, undefined, 'identity', 'gzip', 'deflate', 'br', 'GZIP', ' gzip ', 'gzip, gzip', 'compress', 'zstd', 'x-gzip']

interface Case {
  route: Route
  contentType: string | undefined
  /** The wire encoding of the text, when the payload is text. */
  charset: string | undefined
  payload: Buffer
  coding: string | undefined
  corrupt: 'none' | 'random' | 'truncated'
  chunked: boolean
}

const formKey = fc.constantFrom('a', 'b', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', 'a[b]', 'a[]', '__proto__[polluted]', 'constructor[prototype][polluted]', 'x[0]', 'x[99]', 'deep' + '[a]'.repeat(40))
const formBody = fc.array(fc.tuple(formKey, fc.constantFrom('1', '', 'x', '%zz', '%C3%A9', 'a+b', '%00')), { maxLength: 60 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'))
const jsonText = fc.oneof(
  { weight: 5, arbitrary: fc.json({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\n', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '[' .repeat(300) + ']'.repeat(300), '{', 'nul', '"\\ud800"', '\ufeff{}') },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
)
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }))

/** A payload for the route's kind, as text (encoded in a charset) or as bytes. */
function payloadFor(kind: Kind): fc.Arbitrary<{ text: string | null; bytes: Uint8Array | null }> {
  const asText = (a: fc.Arbitrary<string>) => a.map((t) => ({ text: t, bytes: null }))
  const asBytes = fc.uint8Array({ maxLength: 64 }).map((b) => ({ text: null, bytes: b }))
  switch (kind) {
    case 'json':
      return fc.oneof({ weight: 4, arbitrary: asText(jsonText) }, { weight: 1, arbitrary: asBytes })
    case 'text':
      return fc.oneof({ weight: 3, arbitrary: asText(text) }, { weight: 1, arbitrary: asBytes })
    case 'urlencoded':
      return fc.oneof({ weight: 4, arbitrary: asText(formBody) }, { weight: 1, arbitrary: asBytes })
    default:
      return fc.oneof(asBytes, asText(text))
  }
}

const caseArb: fc.Arbitrary<Case> = fc.constantFrom(...ROUTES).chain((route) =>
  fc
    .record({
      typeChoice: fc.constantFrom('own', 'own', 'own', 'other', 'none', 'malformed'),
      charset: fc.option(fc.constantFrom(...CHARSETS), { nil: undefined }),
      payload: payloadFor(route.kind),
      bom: fc.boolean(),
      repeat: fc.oneof({ weight: 6, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 200 }) }),
      bomb: fc.oneof({ weight: 12, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constantFrom(LIMIT + 1, 64 * 1024, 4 * 1024 * 1024) }),
      coding: fc.constantFrom(...CODINGS),
      corrupt: fc.constantFrom<'none' | 'random' | 'truncated'>('none', 'none', 'none', 'none', 'random', 'truncated'),
      chunked: fc.boolean(),
    })
    .map((r) => {
      let contentType: string | undefined
      switch (r.typeChoice) {
        case 'own': contentType = route.type + (r.charset !== undefined ? `; charset=${r.charset}` : ''); break
        case 'other': contentType = route.kind === 'json' ? 'text/plain' : 'application/json'; break
        case 'none': contentType = undefined; break
        default: contentType = route.type + '; charset'
      }
      let bytes: Buffer
      if (r.bomb !== 0) {
        bytes = Buffer.alloc(r.bomb, 0x20)
      } else if (r.payload.text !== null) {
        const cs = r.charset !== undefined && iconv.encodingExists(r.charset) ? r.charset : 'utf-8'
        const one = iconv.encode(r.payload.text, cs, { addBOM: r.bom })
        bytes = Buffer.concat(Array(r.repeat).fill(one))
      } else {
        bytes = Buffer.concat(Array(r.repeat).fill(Buffer.from(r.payload.bytes as Uint8Array)))
      }
      return { route, contentType, charset: r.charset, payload: bytes, coding: r.coding, corrupt: r.corrupt, chunked: r.chunked }
    }),
)

// zstd is a coding the parsers inflate where Node's zlib has it (22.15+).
type Codec = (data: Buffer) => Buffer
const zstd = zlib as unknown as { zstdCompressSync?: Codec; zstdDecompressSync?: Codec }
const ZSTD = typeof zstd.zstdCompressSync === 'function' && typeof zstd.zstdDecompressSync === 'function'
// 5.x undoes what body-parser 2 does; 4.x what body-parser 1 does.
const INFLATED5 = ZSTD ? ['gzip', 'deflate', 'br', 'zstd'] : ['gzip', 'deflate', 'br']
const INFLATED4 = ['gzip', 'deflate']

function compress(coding: string, data: Buffer): Buffer {
  switch (coding) {
    case 'gzip': return zlib.gzipSync(data)
    case 'deflate': return zlib.deflateSync(data)
    case 'br': return zlib.brotliCompressSync(data)
    case 'zstd': return ZSTD ? (zstd.zstdCompressSync as Codec)(data) : data
    default: return data
  }
}

/** The bytes on the wire: the payload, compressed when the coding names a real one, maybe corrupted. */
function wireBytes(c: Case): Buffer {
  const coding = c.coding === undefined ? 'identity' : c.coding.trim().toLowerCase()
  const packed = compress(coding, c.payload)
  if (coding === 'identity' || packed === c.payload) return packed
  if (c.corrupt === 'random') return Buffer.from(packed.map((b, i) => (i < 4 ? b ^ 0x5a : b)))
  if (c.corrupt === 'truncated') return packed.subarray(0, Math.max(1, packed.length >> 1))
  return packed
}

/** What zlib makes of `wire` as a whole stream of `coding`, or undefined when it is not one. */
function inflated(coding: string, wire: Buffer): Buffer | undefined {
  try {
    if (coding === 'gzip') return zlib.gunzipSync(wire)
    if (coding === 'deflate') return zlib.inflateSync(wire)
    if (coding === 'zstd') return (zstd.zstdDecompressSync as Codec)(wire)
    return zlib.brotliDecompressSync(wire)
  } catch {
    return undefined
  }
}

interface Expected {
  /** Statuses the rules allow for this case. */
  statuses: number[]
  /** For 200: the described body. */
  body?: unknown
}

function isAllWhitespace(s: string): boolean {
  return /^[ \t\n\r]*$/.test(s)
}

/** What the parsers' rules say the reply must be. */
/** type-is 2 (5.x) or 1 (4.x, which matches no type whose parameters media-typer 0.3 cannot read). */
type TypeIs = (header: string, types: string[]) => string | false | null

function expect(c: Case, emptyBody: unknown, typeIs: TypeIs, undone: readonly string[]): Expected {
  const { route } = c
  const fakeType = c.contentType
  if (fakeType === undefined || !typeIs(fakeType, [route.type])) return { statuses: [200], body: emptyBody }
  let charset: string | null = null
  if (route.kind !== 'raw') {
    const declared = /;\s*charset=([^;]*)$/i.exec(fakeType)?.[1]?.toLowerCase()
    charset = declared ? declared : 'utf-8'
    const accepted =
      route.kind === 'json' ? charset.startsWith('utf-') : route.kind === 'urlencoded' ? charset === 'utf-8' : true
    if (!accepted || !iconv.encodingExists(charset)) return { statuses: [415] }
  }
  const coding = c.coding === undefined ? 'identity' : c.coding.trim().toLowerCase()
  let bytes = c.payload
  if (coding !== 'identity') {
    if (route.inflate === false) return { statuses: [415] }
    if (!undone.includes(coding)) return { statuses: [415] }
    // A corrupt stream fails (400), unless what it let through first already passed the limit.
    // (A "corruption" that left the stream whole, as truncating one byte to one byte, is no corruption.)
    if (c.corrupt !== 'none') {
      const whole = inflated(coding, wireBytes(c))
      if (whole === undefined) return { statuses: c.payload.length > LIMIT ? [400, 413] : [400] }
      // zlib took it for a whole stream: its bytes are the body (Node 22's zstd
      // decoder reads some truncated streams as shorter whole ones, without an error)
      bytes = whole
    }
  }
  if (bytes.length > LIMIT) return { statuses: [413] }
  switch (route.kind) {
    case 'raw':
      return { statuses: [200], body: { hex: bytes.toString('hex') } }
    case 'text':
      return { statuses: [200], body: described(iconv.decode(bytes, charset as string)) }
    case 'json': {
      const t = iconv.decode(bytes, charset as string)
      if (t.length === 0) return { statuses: [200], body: described({}) }
      if (route.strict !== false && !isAllWhitespace(t)) {
        const first = t.trimStart()[0]
        if (first !== '{' && first !== '[') return { statuses: [400] }
      }
      try {
        return { statuses: [200], body: described(JSON.parse(t)) }
      } catch {
        return { statuses: [400] }
      }
    }
    default: {
      const t = iconv.decode(bytes, charset as string)
      if (t.length !== 0 && t.split('&').length > PARAMETER_LIMIT) return { statuses: [413] }
      // The parsed form is checked for its shape, not recomputed here.
      return { statuses: [200, 400] }
    }
  }
}

/** A value as the route describes it, after the JSON round trip of the reply. */
function described(value: unknown): unknown {
  return JSON.parse(JSON.stringify(describeBody(value)))
}

interface Reply {
  status: number
  body: Any
}

function send(agent: http.Agent, port: number, c: Case): Promise<Reply> {
  const wire = wireBytes(c)
  const headers: Record<string, string> = {}
  if (c.contentType !== undefined) headers['Content-Type'] = c.contentType
  if (c.coding !== undefined) headers['Content-Encoding'] = c.coding
  if (c.chunked) headers['Transfer-Encoding'] = 'chunked'
  else headers['Content-Length'] = String(wire.length)
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: c.route.path, headers, agent }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (b: Buffer) => parts.push(b))
      res.on('end', () => {
        const text = Buffer.concat(parts).toString()
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) })
        } catch {
          reject(new Error(`reply is not JSON (${res.statusCode}): ${text.slice(0, 200)}`))
        }
      })
    })
    // A guard against a server that never answers (not a timing check).
    req.setTimeout(10_000, () => req.destroy(new Error('no reply within 10 s')))
    req.on('error', reject)
    // Chunked bodies go out in pieces, so the reader sees several chunks.
    if (c.chunked && wire.length > 1) {
      const mid = wire.length >> 1
      req.write(wire.subarray(0, mid))
      req.end(wire.subarray(mid))
    } else {
      req.end(wire)
    }
  })
}

function checkReply(c: Case, reply: Reply, expected: Expected): void {
  const label = `${c.route.path} ${JSON.stringify(c.contentType)} ${JSON.stringify(c.coding)} corrupt=${c.corrupt} chunked=${c.chunked} ${c.payload.length} bytes`
  assert.ok(expected.statuses.includes(reply.status), `${label}: status ${reply.status} ${JSON.stringify(reply.body)}, expected ${expected.statuses}`)
  if (reply.status === 200 && expected.body !== undefined) {
    assert.deepEqual(reply.body, expected.body, label)
  }
  if (reply.status === 200 && c.route.kind === 'urlencoded' && reply.body.value !== undefined) {
    const keys: string[] = reply.body.keys ?? []
    // An own `__proto__` is harmless (and Express 4's) only where nothing is inherited.
    assert.ok(!keys.includes('__proto__') || reply.body.protoless, `${label}: __proto__ became a key of an object with a prototype`)
    if (c.route.extended === false) assert.ok(reply.body.depth <= 2, `${label}: nested flat form`)
    else assert.ok(reply.body.depth <= 2 + 32 * 2, `${label}: depth ${reply.body.depth}`)
  }
}

async function fuzz(factory: Any, emptyBody: unknown, numRuns: number, typeIs: TypeIs, codings: readonly string[]): Promise<void> {
  const before = snapshotBuiltins()
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    await withServer(appFor(factory), async (srv) => {
      await fc.assert(
        fc.asyncProperty(caseArb, async (c) => {
          const reply = await send(agent, srv.port, c)
          checkReply(c, reply, expect(c, emptyBody, typeIs, codings))
          assertBuiltinsUnchanged(before, c.route.path)
        }),
        { numRuns, includeErrorInReport: true },
      )
      // The server is still in service after all of it.
      const ok = await send(agent, srv.port, { route: ROUTES[0], contentType: 'application/json', charset: undefined, payload: Buffer.from('{"a":1}'), coding: undefined, corrupt: 'none', chunked: false })
      assert.deepEqual(ok, { status: 200, body: described({ a: 1 }) })
    })
  } finally {
    agent.destroy()
  }
}

const CASES5 = runs(300)
const CASES4 = runs(100)

test(`5.x body parsers: random bytes, charsets, codings and types give 200/400/413/415 as the rules say (${CASES5} requests)`, async () => {
  await fuzz(webfw, { undefined: true }, CASES5, typeis.is as TypeIs, INFLATED5)
})

test(`4.x body parsers: the same rules, {} when nothing was parsed (${CASES4} requests)`, async () => {
  await fuzz(webfw4, described({}), CASES4, typeis4.is as TypeIs, INFLATED4)
})
