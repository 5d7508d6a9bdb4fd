/**
 * `webfw.bodyParser`, `webfw.multipart` and `webfw.limit` (3.x): JSON,
 * urlencoded and multipart bodies into `req.body`, uploads into `req.files`
 * (`{}` by default), Connect's file objects written to disk, `defer`, and the
 * bad-input rules (malformed → 400, over a limit → 413, never a crash).
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { send } from '../../helpers/client'
import type { Any } from '../../helpers/webfw'
import { reportErrors, serveApp, webfw3 } from './support'

const BOUNDARY = '----webfw3boundary'
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }

type Part = { name: string; value: string | Buffer; filename?: string; type?: string }

function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = []
  for (const p of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"`
    if (p.filename !== undefined) head += `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`
    chunks.push(Buffer.from(head + '\r\n\r\n'), Buffer.from(p.value), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`))
  return Buffer.concat(chunks)
}

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw3-uploads-'))
after(() => fs.rmSync(uploads, { recursive: true, force: true }))

/** Echoes what the parsers produced; file objects without their (random) paths, plus their content read back. */
function echo(req: Any, res: Any): void {
  const files: Record<string, Any> = {}
  const describeFile = (f: Any) => ({
    fieldName: f.fieldName,
    originalFilename: f.originalFilename,
    name: f.name,
    type: f.type,
    size: f.size,
    inUploads: path.dirname(f.path) === uploads,
    content: fs.readFileSync(f.path, 'utf8'),
  })
  for (const [key, f] of Object.entries(req.files as Record<string, Any>)) {
    files[key] = Array.isArray(f) ? f.map(describeFile) : f.path ? describeFile(f) : f
  }
  res.json({ body: req.body, files })
}

function parserApp(middleware: Any) {
  return (app: Any) => {
    app.use(middleware)
    app.all('/', echo)
    reportErrors(app)
  }
}

describe('bodyParser', () => {
  test('parses JSON, urlencoded (nested) and multipart bodies', () =>
    serveApp(parserApp(webfw3.bodyParser({ uploadDir: uploads })), async ({ port }) => {
      const json = await send(port, { headers: { 'content-type': 'application/json' }, body: '{"user":{"name":"tj"}}' })
      assert.deepEqual(json.json(), { body: { user: { name: 'tj' } }, files: {} })

      const form = await send(port, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'user[name]=tj&tags=a&tags=b' })
      assert.deepEqual(form.json(), { body: { user: { name: 'tj' }, tags: ['a', 'b'] }, files: {} })

      const upload = await send(port, {
        headers: MULTIPART,
        body: multipartBody([
          { name: 'user[name]', value: 'tj' },
          { name: 'avatar', value: 'PNGDATA', filename: 'me.png', type: 'image/png' },
        ]),
      })
      assert.equal(upload.status, 200)
      assert.deepEqual(upload.json(), {
        body: { user: { name: 'tj' } },
        files: {
          avatar: { fieldName: 'avatar', originalFilename: 'me.png', name: 'me.png', type: 'image/png', size: 7, inUploads: true, content: 'PNGDATA' },
        },
      })
    }))

  test('req.body and req.files are {} when nothing was parsed', () =>
    serveApp(parserApp(webfw3.bodyParser()), async ({ port }) => {
      assert.deepEqual((await send(port, { method: 'GET' })).json(), { body: {}, files: {} })
      assert.deepEqual((await send(port, { headers: { 'content-type': 'text/plain' }, body: 'hello' })).json(), { body: {}, files: {} })
    }))

  test('malformed JSON is a 400 and a JSON body over `limit` a 413', () =>
    serveApp(parserApp(webfw3.bodyParser({ limit: '1kb' })), async ({ port }) => {
      const bad = await send(port, { headers: { 'content-type': 'application/json' }, body: '{"a":' })
      assert.equal(bad.status, 400)
      const big = await send(port, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'x'.repeat(2000) }) })
      assert.equal(big.status, 413)
    }))
})

describe('multipart', () => {
  const app = (options: Any = {}) => parserApp(webfw3.multipart({ uploadDir: uploads, ...options }))

  test('a field or file sent twice becomes an array; names nest as in qs', () =>
    serveApp(app(), async ({ port }) => {
      const res = await send(port, {
        headers: MULTIPART,
        body: multipartBody([
          { name: 'tag', value: 'a' },
          { name: 'tag', value: 'b' },
          { name: 'user[address][city]', value: 'Paris' },
          { name: 'docs', value: 'one', filename: 'one.txt', type: 'text/plain' },
          { name: 'docs', value: 'two!', filename: 'two.txt', type: 'text/plain' },
        ]),
      })
      const { body, files } = res.json()
      assert.deepEqual(body, { tag: ['a', 'b'], user: { address: { city: 'Paris' } } })
      assert.deepEqual(
        files.docs.map((f: Any) => [f.name, f.size, f.content]),
        [['one.txt', 3, 'one'], ['two.txt', 4, 'two!']],
      )
    }))

  test('a body that is not multipart is left alone (and GET, HEAD are not read)', () =>
    serveApp(app(), async ({ port }) => {
      const res = await send(port, { headers: { 'content-type': 'application/json' }, body: '{"a":1}' })
      assert.deepEqual(res.json(), { body: {}, files: {} })
      assert.deepEqual((await send(port, { method: 'GET', headers: MULTIPART })).json(), { body: {}, files: {} })
    }))

  test('a malformed multipart body is a 400, not a crash', () =>
    serveApp(app(), async ({ port }) => {
      const truncated = multipartBody([{ name: 'a', value: 'b' }]).subarray(0, 40)
      for (const body of [Buffer.from('garbage that is not multipart'), truncated]) {
        const res = await send(port, { headers: MULTIPART, body })
        assert.equal(res.status, 400, body.toString())
      }
      const noBoundary = await send(port, { headers: { 'content-type': 'multipart/form-data' }, body: 'x' })
      assert.equal(noBoundary.status, 400)
      // the server is still up
      assert.equal((await send(port, { method: 'GET' })).status, 200)
    }))

  test('a Content-Length over `limit` is a 413 before anything is written', () =>
    serveApp(app({ limit: 100 }), async ({ port }) => {
      const body = multipartBody([{ name: 'f', value: 'x'.repeat(500), filename: 'big.txt' }])
      const res = await send(port, { headers: MULTIPART, body })
      assert.equal(res.status, 413)
    }))

  test('uploads over `limit` sent without Content-Length are a 413 too', () =>
    serveApp(app({ limit: '1kb' }), async ({ port }) => {
      const body = multipartBody([{ name: 'f', value: 'x'.repeat(4096), filename: 'big.txt' }])
      const res = await send(port, { headers: { ...MULTIPART, 'transfer-encoding': 'chunked' }, chunks: [body.subarray(0, 100), body.subarray(100)] })
      assert.equal(res.status, 413)
    }))

  test('more fields than maxFields is a 413', () =>
    serveApp(app({ maxFields: 2 }), async ({ port }) => {
      const body = multipartBody([1, 2, 3].map((n) => ({ name: 'f' + n, value: 'v' })))
      assert.equal((await send(port, { headers: MULTIPART, body })).status, 413)
    }))

  /** An app whose route listens to req.form with `listen` and answers what it saw at 'close'. */
  const deferredApp = (listen: (form: Any, seen: string[]) => void, options: Any = {}) => (a: Any) => {
    a.use(webfw3.multipart({ defer: true, ...options }))
    a.post('/', (req: Any, res: Any) => {
      const seen: string[] = []
      listen(req.form, seen)
      req.form.on('error', (err: Any) => res.status(err.status || 500).json({ error: err.message, seen }))
      req.form.on('close', () => res.json({ seen, files: req.files, body: req.body }))
    })
  }
  const readParts = (form: Any, seen: string[]) =>
    form.on('part', (part: Any) => {
      let data = ''
      part.on('data', (c: Buffer) => (data += c))
      part.on('end', () => seen.push(`${part.name}:${part.filename ?? '-'}:${data}`))
    })
  const noteAndDoc = multipartBody([
    { name: 'note', value: 'hi' },
    { name: 'doc', value: 'streamed', filename: 'd.txt' },
    { name: 'user[name]', value: 'tobi' },
  ])

  test('defer: next() runs at once with req.form; every part, fields included, reaches the app as a part', () =>
    serveApp(deferredApp(readParts), async ({ port }) => {
      const res = await send(port, { headers: MULTIPART, body: noteAndDoc })
      assert.deepEqual(res.json(), {
        seen: ['note:-:hi', 'doc:d.txt:streamed', 'user[name]:-:tobi'],
        files: {},
        body: { note: 'hi', user: { name: 'tobi' } },
      })
    }))

  test("defer: the app's own 'field' listener gets the fields without taking them from 'part'", () =>
    serveApp(
      deferredApp((form, seen) => {
        readParts(form, seen)
        form.on('field', (name: string, value: string) => seen.push(`field ${name}=${value}`))
      }),
      async ({ port }) => {
        const { seen, body } = (await send(port, { headers: MULTIPART, body: noteAndDoc })).json()
        assert.deepEqual(seen.filter((s: string) => !s.startsWith('field ')), ['note:-:hi', 'doc:d.txt:streamed', 'user[name]:-:tobi'])
        assert.deepEqual(seen.filter((s: string) => s.startsWith('field ')), ['field note=hi', 'field user[name]=tobi'])
        assert.deepEqual(body, { note: 'hi', user: { name: 'tobi' } })
      },
    ))

  test("defer: without a 'part' listener the files are skipped and the fields still fill req.body", () =>
    serveApp(
      deferredApp(() => {}),
      async ({ port }) => {
        assert.deepEqual((await send(port, { headers: MULTIPART, body: noteAndDoc })).json(), {
          seen: [],
          files: {},
          body: { note: 'hi', user: { name: 'tobi' } },
        })
      },
    ))

  test("defer: fields over maxFieldsSize are the form's 413 error, the server keeps serving", () =>
    serveApp(deferredApp(readParts, { maxFieldsSize: 4 }), async ({ port }) => {
      const res = await send(port, { headers: MULTIPART, body: multipartBody([{ name: 'big', value: 'x'.repeat(64) }]) })
      assert.equal(res.status, 413)
      assert.match(res.json().error, /maxFieldsSize 4 exceeded/)
      const ok = await send(port, { headers: MULTIPART, body: multipartBody([{ name: 'a', value: 'b' }]) })
      assert.deepEqual(ok.json().body, { a: 'b' })
    }))
})

describe('limit', () => {
  const app = (size: Any) => (a: Any) => {
    a.use(webfw3.limit(size))
    a.use(webfw3.json({ limit: '10mb' }))
    a.post('/', (req: Any, res: Any) => res.json(req.body))
    reportErrors(a)
  }

  test('a Content-Length over the limit is a 413; one within it goes on', () =>
    serveApp(app('1kb'), async ({ port }) => {
      const small = JSON.stringify({ a: 'x'.repeat(100) })
      const big = JSON.stringify({ a: 'x'.repeat(2000) })
      assert.equal((await send(port, { headers: { 'content-type': 'application/json' }, body: small })).status, 200)
      const res = await send(port, { headers: { 'content-type': 'application/json' }, body: big })
      assert.equal(res.status, 413)
      assert.match(res.text, /^413 request entity too large/)
    }))

  test('a chunked body that outgrows the limit is a 413 passed to next by the parser reading it', () =>
    serveApp(app(1024), async ({ port }) => {
      const json = JSON.stringify({ a: 'x'.repeat(5000) })
      const res = await send(port, {
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        chunks: [json.slice(0, 500), json.slice(500, 3000), json.slice(3000)],
      })
      assert.equal(res.status, 413)
      assert.match(res.text, /^413 request entity too large/)
      const ok = await send(port, { headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, chunks: ['{"a":', '1}'] })
      assert.deepEqual(ok.json(), { a: 1 })
    }))

  test('only the first limit on a request applies', () =>
    serveApp(
      (a) => {
        a.use(webfw3.limit('1kb'))
        a.use(webfw3.limit(10))
        app('10mb')(a)
      },
      async ({ port }) => {
        const res = await send(port, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'x'.repeat(100) }) })
        assert.equal(res.status, 200)
      },
    ))

  test('a size that is not one is refused when the middleware is built', () => {
    assert.throws(() => webfw3.limit(), TypeError)
    assert.throws(() => webfw3.limit('lots'), TypeError)
  })
})
