/**
 * compression on webfw: res.json, res.send, res.sendFile and static output
 * gzip-encoded when asked for, with Vary and no stale Content-Length; small
 * bodies and clients that do not accept gzip get the plain bytes.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { after, before, describe, test } from 'node:test'
import { send, type Reply } from '../helpers/client'
import type { Any } from '../helpers/webfw'
import { setups } from './profiles'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const compression: Any = require('compression')

const BIG = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item number ${i}`, tags: ['alpha', 'beta'] })) }
const PAGE = `<!doctype html>\n<ul>\n${Array.from({ length: 300 }, (_, i) => `<li>line ${i}</li>`).join('\n')}\n</ul>\n`

let dir: string
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-eco-'))
  fs.writeFileSync(path.join(dir, 'page.html'), PAGE)
})
after(() => fs.rmSync(dir, { recursive: true, force: true }))

function compressedApp(factory: Any): Any {
  const app = factory()
  app.use(compression())
  app.get('/big.json', (_req: Any, res: Any) => res.json(BIG))
  app.get('/small', (_req: Any, res: Any) => res.send('tiny'))
  app.get('/page', (_req: Any, res: Any) => res.send(PAGE))
  app.get('/file', (_req: Any, res: Any) => res.sendFile(path.join(dir, 'page.html')))
  app.use('/static', factory.static(dir))
  app.get('/stream', (_req: Any, res: Any) => {
    res.type('text')
    res.write(PAGE)
    res.flush() // added by compression
    setImmediate(() => res.end(PAGE))
  })
  return app
}

const gzip = { 'accept-encoding': 'gzip' }

/** Asserts a gzip-encoded reply and returns its decoded text. */
function gunzipped(reply: Reply): string {
  assert.equal(reply.status, 200)
  assert.equal(reply.headers['content-encoding'], 'gzip')
  assert.match(String(reply.headers.vary), /Accept-Encoding/i)
  assert.equal(reply.headers['content-length'], undefined, 'no stale Content-Length')
  return zlib.gunzipSync(reply.bytes).toString()
}

for (const { label, factory, run } of setups) {
  describe(`compression (${label})`, () => {
    test('res.json and res.send over the threshold are gzipped; the decoded body is the original', async () => {
      await run(compressedApp(factory), async ({ port }) => {
        const json = await send(port, { method: 'GET', path: '/big.json', headers: gzip })
        assert.deepEqual(JSON.parse(gunzipped(json)), BIG)
        assert.ok(json.bytes.length < JSON.stringify(BIG).length / 2)
        assert.match(String(json.headers['content-type']), /^application\/json/)

        const page = await send(port, { method: 'GET', path: '/page', headers: { 'accept-encoding': 'br;q=0, gzip, deflate' } })
        assert.equal(gunzipped(page), PAGE)
      })
    })

    test('small bodies and clients without gzip get identity bytes with their Content-Length', async () => {
      await run(compressedApp(factory), async ({ port }) => {
        const small = await send(port, { method: 'GET', path: '/small', headers: gzip })
        assert.equal(small.headers['content-encoding'], undefined)
        assert.equal(small.text, 'tiny')
        assert.equal(small.headers['content-length'], '4')

        const identity = await send(port, { method: 'GET', path: '/big.json', headers: { 'accept-encoding': 'identity' } })
        assert.equal(identity.headers['content-encoding'], undefined)
        assert.deepEqual(identity.json(), BIG)
        assert.equal(Number(identity.headers['content-length']), identity.bytes.length)
        assert.match(String(identity.headers.vary), /Accept-Encoding/i)
      })
    })

    test('streamed res.write/res.flush output, and a conditional GET answered 304 with no body', async () => {
      await run(compressedApp(factory), async ({ port }) => {
        const stream = await send(port, { method: 'GET', path: '/stream', headers: gzip })
        assert.equal(gunzipped(stream), PAGE + PAGE)
        const first = await send(port, { method: 'GET', path: '/page', headers: gzip })
        assert.ok(first.headers.etag)
        const again = await send(port, { method: 'GET', path: '/page', headers: { ...gzip, 'if-none-match': String(first.headers.etag) } })
        assert.equal(again.status, 304)
        assert.equal(again.bytes.length, 0)
      })
    })

    test('res.sendFile and static() output is gzipped too; HEAD sends no body', async () => {
      await run(compressedApp(factory), async ({ port }) => {
        const file = await send(port, { method: 'GET', path: '/file', headers: gzip })
        assert.equal(gunzipped(file), PAGE)
        const stat = await send(port, { method: 'GET', path: '/static/page.html', headers: gzip })
        assert.equal(gunzipped(stat), PAGE)
        assert.match(String(stat.headers['content-type']), /^text\/html/)
        const head = await send(port, { method: 'HEAD', path: '/static/page.html', headers: gzip })
        assert.equal(head.status, 200)
        assert.equal(head.bytes.length, 0)
      })
    })
  })
}
