/**
 * Popular Express middleware over HTTP/2, unchanged (as test/ecosystem runs
 * them over HTTP/1.1): helmet's headers, cors preflights, compression
 * (gzip bodies that decode to the original, streamed with flush, files),
 * express-session (the session cookie carries state from one request to the
 * next), cookie-parser (plain and signed cookies both ways) and multer
 * (multipart uploads, with and without a Content-Length, and its size limit
 * reaching the error handler). 5.x and 4.x, over TLS and h2c.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { after, afterEach, before, describe, it } from 'node:test'
import type { H2Reply } from '../helpers/h2'
import type { Any } from '../helpers/webfw'
import { h2setups, serveForSuite } from './setups'

/* eslint-disable @typescript-eslint/no-require-imports */
const helmet: Any = require('helmet')
const cors: Any = require('cors')
const compression: Any = require('compression')
const session: Any = require('express-session')
const cookieParser: Any = require('cookie-parser')
const multer: Any = require('multer')
/* eslint-enable @typescript-eslint/no-require-imports */

const SECRET = 'h2-middleware-secret'
const BIG = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item number ${i}` })) }
const PAGE = `<ul>\n${Array.from({ length: 300 }, (_, i) => `<li>line ${i}</li>`).join('\n')}\n</ul>\n`
const BOUNDARY = '----webfw-h2-boundary'

let dir: string
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-h2-mw-'))
  fs.writeFileSync(path.join(dir, 'page.html'), PAGE)
})
after(() => fs.rmSync(dir, { recursive: true, force: true }))

/** One app with every middleware, each under its own prefix. */
function middlewareApp(factory: Any): Any {
  const app = factory()

  const secured = factory.Router()
  secured.use(helmet())
  secured.get('/', (req: Any, res: Any) => res.json({ ok: true }))
  app.use('/helmet', secured)

  const open = factory.Router()
  open.use(cors({ origin: 'https://app.example', methods: ['GET', 'PUT'], credentials: true, maxAge: 600 }))
  open.put('/item', (req: Any, res: Any) => res.json({ put: true }))
  open.get('/item', (req: Any, res: Any) => res.json({ got: true }))
  app.use('/cors', open)

  const zipped = factory.Router()
  zipped.use(compression())
  zipped.get('/big.json', (req: Any, res: Any) => res.json(BIG))
  zipped.get('/small', (req: Any, res: Any) => res.send('tiny'))
  zipped.get('/file', (req: Any, res: Any) => res.sendFile(path.join(dir, 'page.html')))
  zipped.use('/static', factory.static(dir))
  zipped.get('/stream', (req: Any, res: Any) => {
    res.type('text')
    res.write(PAGE)
    res.flush()
    setImmediate(() => res.end(PAGE))
  })
  app.use('/compression', zipped)

  const sessions = factory.Router()
  sessions.use(session({ secret: SECRET, resave: false, saveUninitialized: false }))
  sessions.get('/count', (req: Any, res: Any) => {
    req.session.count = (req.session.count ?? 0) + 1
    res.json({ count: req.session.count, id: req.sessionID })
  })
  app.use('/session', sessions)

  const cookies = factory.Router()
  cookies.use(cookieParser(SECRET))
  cookies.get('/set', (req: Any, res: Any) => {
    res.cookie('plain', 'p1')
    res.cookie('signed', 's1', { signed: true })
    res.end()
  })
  cookies.get('/read', (req: Any, res: Any) => res.json({ cookies: req.cookies, signed: req.signedCookies }))
  app.use('/cookies', cookies)

  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: 1024 } })
  app.post('/upload', upload.single('doc'), (req: Any, res: Any) => {
    res.json({
      body: { ...req.body },
      file: req.file && { fieldname: req.file.fieldname, originalname: req.file.originalname, size: req.file.size, text: req.file.buffer.toString() },
    })
  })
  // Errors other than multer's limit are recorded, for the tests to show there were none.
  const errors: string[] = []
  app.get('/errors', (req: Any, res: Any) => res.json(errors))
  app.use((err: Any, req: Any, res: Any, next: Any) => {
    if (err.code !== 'LIMIT_FILE_SIZE') errors.push(String(err.stack))
    if (res.headersSent) return
    res.status(err.code === 'LIMIT_FILE_SIZE' ? 413 : 500).json({ code: err.code })
  })
  return app
}

/** A multipart/form-data body, as a browser sends it. */
function multipart(parts: Array<{ name: string; value: string; filename?: string }>): Buffer {
  const chunks: string[] = []
  for (const part of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"`
    if (part.filename !== undefined) head += `; filename="${part.filename}"\r\nContent-Type: text/plain`
    chunks.push(`${head}\r\n\r\n${part.value}\r\n`)
  }
  chunks.push(`--${BOUNDARY}--\r\n`)
  return Buffer.from(chunks.join(''))
}

/** The gzip-decoded body of a compressed reply. */
function gunzipped(reply: H2Reply): string {
  assert.equal(reply.status, 200)
  assert.equal(reply.headers['content-encoding'], 'gzip')
  assert.match(String(reply.headers.vary), /Accept-Encoding/i)
  assert.equal(reply.headers['content-length'], undefined, 'no stale Content-Length')
  return zlib.gunzipSync(reply.bytes).toString()
}

/** `name=value` of the Set-Cookie field for `name`. */
function cookiePair(reply: H2Reply, name: string): string {
  const lines = (reply.headers['set-cookie'] ?? []) as string[]
  const line = lines.find((l) => l.startsWith(`${name}=`))
  assert.ok(line, `Set-Cookie for ${name}`)
  return line.split(';')[0]
}

for (const setup of h2setups) {
  describe(`popular middleware over HTTP/2 (${setup.label})`, () => {
    const h2 = serveForSuite(setup, () => middlewareApp(setup.factory))
    // Middleware that misread the HTTP/2 response would fail after the
    // response was on its way; such errors reach the error handler.
    afterEach(async () => assert.deepEqual((await h2.send({ path: '/errors' })).json(), []))

    it('helmet: its security headers arrive, X-Powered-By is gone', async () => {
      const reply = await h2.sameAsHttp1({ path: '/helmet' })
      assert.deepEqual(reply.json(), { ok: true })
      assert.match(String(reply.headers['content-security-policy']), /default-src 'self'/)
      assert.equal(reply.headers['x-content-type-options'], 'nosniff')
      assert.equal(reply.headers['x-frame-options'], 'SAMEORIGIN')
      assert.match(String(reply.headers['strict-transport-security']), /max-age=\d+/)
      assert.equal(reply.headers['x-powered-by'], undefined)
      // Outside helmet's router the app still names itself.
      assert.ok((await h2.send({ path: '/cors/item' })).headers['x-powered-by'])
    })

    it('cors: a preflight gets 204 with the allowed methods; the actual request gets the origin', async () => {
      const origin = 'https://app.example'
      const preflight = await h2.sameAsHttp1({
        method: 'OPTIONS',
        path: '/cors/item',
        headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'x-custom' },
      })
      assert.equal(preflight.status, 204)
      assert.equal(preflight.headers['access-control-allow-origin'], origin)
      assert.equal(preflight.headers['access-control-allow-methods'], 'GET,PUT')
      assert.equal(preflight.headers['access-control-allow-headers'], 'x-custom')
      assert.equal(preflight.headers['access-control-allow-credentials'], 'true')
      assert.equal(preflight.headers['access-control-max-age'], '600')
      const put = await h2.sameAsHttp1({ method: 'PUT', path: '/cors/item', headers: { origin } })
      assert.deepEqual(put.json(), { put: true })
      assert.equal(put.headers['access-control-allow-origin'], origin)
    })

    it('compression: json, a file, a static file and a flushed stream are gzipped and decode to the original', async () => {
      const gzip = { 'accept-encoding': 'gzip' }
      assert.deepEqual(JSON.parse(gunzipped(await h2.sameAsHttp1({ path: '/compression/big.json', headers: gzip }))), BIG)
      assert.equal(gunzipped(await h2.sameAsHttp1({ path: '/compression/file', headers: gzip })), PAGE)
      assert.equal(gunzipped(await h2.sameAsHttp1({ path: '/compression/static/page.html', headers: gzip })), PAGE)
      assert.equal(gunzipped(await h2.send({ path: '/compression/stream', headers: gzip })), PAGE + PAGE)
      // Below the threshold, or not accepted: the plain bytes.
      const small = await h2.sameAsHttp1({ path: '/compression/small', headers: gzip })
      assert.equal(small.headers['content-encoding'], undefined)
      assert.equal(small.text, 'tiny')
      const plain = await h2.sameAsHttp1({ path: '/compression/big.json' })
      assert.equal(plain.headers['content-encoding'], undefined)
      assert.deepEqual(plain.json(), BIG)
      const head = await h2.send({ method: 'HEAD', path: '/compression/big.json', headers: gzip })
      assert.equal(head.status, 200)
      assert.equal(head.bytes.length, 0)
    })

    it('express-session: the session cookie carries the count from one request to the next', async () => {
      const first = await h2.send({ path: '/session/count' })
      assert.equal(first.json().count, 1)
      const cookie = cookiePair(first, 'connect.sid')
      const second = await h2.send({ path: '/session/count', headers: { cookie } })
      assert.deepEqual(second.json(), { count: 2, id: first.json().id })
      // Without the cookie, a new session.
      assert.equal((await h2.send({ path: '/session/count' })).json().count, 1)
    })

    it('cookie-parser: cookies set with res.cookie (plain and signed) come back parsed and verified', async () => {
      const set = await h2.sameAsHttp1({ path: '/cookies/set' })
      const cookie = `${cookiePair(set, 'plain')}; ${cookiePair(set, 'signed')}`
      const read = await h2.sameAsHttp1({ path: '/cookies/read', headers: { cookie } })
      assert.deepEqual(read.json(), { cookies: { plain: 'p1' }, signed: { signed: 's1' } })
      const forged = await h2.send({ path: '/cookies/read', headers: { cookie: 'signed=s%3As1.forged' } })
      assert.deepEqual(forged.json(), { cookies: {}, signed: { signed: false } })
    })

    it('multer: a file and fields arrive, with and without a Content-Length; the size limit reaches the error handler', async () => {
      const body = multipart([
        { name: 'title', value: 'report' },
        { name: 'doc', value: 'file contents', filename: 'notes.txt' },
      ])
      const expected = { body: { title: 'report' }, file: { fieldname: 'doc', originalname: 'notes.txt', size: 13, text: 'file contents' } }
      const type = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }
      const announced = await h2.sameAsHttp1({ method: 'POST', path: '/upload', headers: { ...type, 'content-length': body.length }, body })
      assert.deepEqual(announced.json(), expected)
      const chunked = await h2.send({ method: 'POST', path: '/upload', headers: type, chunks: [body.subarray(0, 50), body.subarray(50)] })
      assert.deepEqual(chunked.json(), expected)
      const tooBig = multipart([{ name: 'doc', value: 'x'.repeat(2048), filename: 'big.txt' }])
      const refused = await h2.send({ method: 'POST', path: '/upload', headers: type, body: tooBig })
      assert.equal(refused.status, 413)
      assert.deepEqual(refused.json(), { code: 'LIMIT_FILE_SIZE' })
    })
  })
}
