/**
 * multer on webfw: a multipart upload parsed into req.file and req.body,
 * several files, and the file-size limit reaching the app's error handler.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { send } from '../helpers/client'
import type { Any } from '../helpers/webfw'
import { setups } from './profiles'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const multer: Any = require('multer')

const BOUNDARY = '----webfw-eco-boundary'

type Part = { name: string, value: string | Buffer, filename?: string, type?: string }

/** A multipart/form-data body written by hand, as a browser would send it. */
function multipart(parts: Part[]): { body: Buffer, headers: Record<string, string> } {
  const chunks: Buffer[] = []
  for (const part of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"`
    if (part.filename !== undefined) head += `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`))
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } }
}

function uploadApp(factory: Any): Any {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: 1024 } })
  const app = factory()
  app.post('/one', upload.single('doc'), (req: Any, res: Any) => {
    res.json({
      body: { ...req.body },
      file: req.file && {
        fieldname: req.file.fieldname,
        originalname: req.file.originalname,
        mimetype: req.file.mimetype,
        size: req.file.size,
        content: req.file.buffer.toString('base64'),
      },
    })
  })
  app.post('/many', upload.array('photos', 3), (req: Any, res: Any) => {
    res.json(req.files.map((f: Any) => [f.originalname, f.size]))
  })
  app.use((err: Any, _req: Any, res: Any, _next: Any) => {
    res.status(err.code === 'LIMIT_FILE_SIZE' ? 413 : 400).json({ name: err.name, code: err.code, field: err.field })
  })
  return app
}

for (const { label, factory, run } of setups) {
  describe(`multer (${label})`, () => {
    test('single file and text fields: req.file (memory storage) and req.body', async () => {
      const bytes = Buffer.from([0, 1, 2, 250, 255, 13, 10, 45, 45, 0])
      const { body, headers } = multipart([
        { name: 'title', value: 'Quarterly report' },
        { name: 'doc', value: bytes, filename: 'report.bin', type: 'application/octet-stream' },
        { name: 'tags', value: 'a,b' },
      ])
      await run(uploadApp(factory), async ({ port }) => {
        const reply = await send(port, { method: 'POST', path: '/one', headers, body })
        assert.equal(reply.status, 200)
        assert.deepEqual(reply.json(), {
          body: { title: 'Quarterly report', tags: 'a,b' },
          file: {
            fieldname: 'doc',
            originalname: 'report.bin',
            mimetype: 'application/octet-stream',
            size: bytes.length,
            content: bytes.toString('base64'),
          },
        })
      })
    })

    test('several files in one field', async () => {
      const { body, headers } = multipart([
        { name: 'photos', value: 'x'.repeat(10), filename: 'a.jpg', type: 'image/jpeg' },
        { name: 'photos', value: 'y'.repeat(20), filename: 'b.jpg', type: 'image/jpeg' },
      ])
      await run(uploadApp(factory), async ({ port }) => {
        const reply = await send(port, { method: 'POST', path: '/many', headers, body })
        assert.deepEqual(reply.json(), [['a.jpg', 10], ['b.jpg', 20]])
      })
    })

    test('a file over limits.fileSize reaches the error handler as LIMIT_FILE_SIZE', async () => {
      const { body, headers } = multipart([
        { name: 'doc', value: Buffer.alloc(4096, 7), filename: 'big.bin' },
      ])
      await run(uploadApp(factory), async ({ port }) => {
        const reply = await send(port, { method: 'POST', path: '/one', headers, body })
        assert.equal(reply.status, 413)
        assert.deepEqual(reply.json(), { name: 'MulterError', code: 'LIMIT_FILE_SIZE', field: 'doc' })
        // The server is still healthy afterwards.
        const small = multipart([{ name: 'doc', value: 'tiny', filename: 't.txt', type: 'text/plain' }])
        const ok = await send(port, { method: 'POST', path: '/one', ...small })
        assert.equal(ok.json().file.size, 4)
      })
    })
  })
}
