/**
 * `webfw.compress`, `webfw.directory`, `webfw.favicon` and
 * `webfw.staticCache` (3.x): compressed responses and their threshold and
 * filter; directory listings with `hidden`, `icons`, `filter`; the favicon
 * (webfw's own by default); staticCache as a deprecated pass-through or alias
 * of static.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { after, describe, test } from 'node:test'
import { send } from '../../helpers/client'
import type { Any } from '../../helpers/webfw'
import { reportErrors, serveApp, webfw3 } from './support'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw3-serving-'))
fs.writeFileSync(path.join(root, 'a.txt'), 'alpha')
fs.writeFileSync(path.join(root, 'b.js'), 'beta')
fs.writeFileSync(path.join(root, '.hidden'), 'secret')
fs.mkdirSync(path.join(root, 'sub'))
const iconPath = path.join(root, 'custom.ico')
fs.writeFileSync(iconPath, Buffer.from([0, 0, 1, 0, 9, 9, 9]))
after(() => fs.rmSync(root, { recursive: true, force: true }))

describe('compress', () => {
  const big = 'webfw '.repeat(1000)
  const app = (options?: Any) => (a: Any) => {
    a.use(webfw3.compress(options))
    a.get('/big', (_req: Any, res: Any) => res.type('text').send(big))
    a.get('/small', (_req: Any, res: Any) => res.type('text').send('tiny'))
    a.get('/image', (_req: Any, res: Any) => res.type('png').send(Buffer.alloc(5000)))
  }

  test('gzip or deflate by Accept-Encoding, with Vary: Accept-Encoding', () =>
    serveApp(app(), async ({ port }) => {
      const gz = await send(port, { method: 'GET', path: '/big', headers: { 'accept-encoding': 'gzip' } })
      assert.equal(gz.headers['content-encoding'], 'gzip')
      assert.equal(zlib.gunzipSync(gz.bytes).toString(), big)
      assert.match(String(gz.headers.vary), /Accept-Encoding/)
      const deflated = await send(port, { method: 'GET', path: '/big', headers: { 'accept-encoding': 'deflate' } })
      assert.equal(deflated.headers['content-encoding'], 'deflate')
      assert.equal(zlib.inflateSync(deflated.bytes).toString(), big)
      const plain = await send(port, { method: 'GET', path: '/big', headers: { 'accept-encoding': 'identity' } })
      assert.equal(plain.headers['content-encoding'], undefined)
      assert.equal(plain.text, big)
    }))

  test('bodies under `threshold` (1kb) and types the filter refuses stay as they are', () =>
    serveApp(app(), async ({ port }) => {
      assert.equal((await send(port, { method: 'GET', path: '/small', headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding'], undefined)
      assert.equal((await send(port, { method: 'GET', path: '/image', headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding'], undefined)
    }))

  test('options threshold and filter', () =>
    serveApp(app({ threshold: 0, filter: (req: Any, res: Any) => req.url !== '/big' && webfw3.compress.filter(req, res) }), async ({ port }) => {
      assert.equal((await send(port, { method: 'GET', path: '/small', headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding'], 'gzip')
      assert.equal((await send(port, { method: 'GET', path: '/big', headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding'], undefined)
    }))
})

describe('directory', () => {
  const app = (options?: Any) => (a: Any) => {
    a.use('/files', webfw3.directory(root, options))
    a.use('/files', webfw3.static(root))
    reportErrors(a)
  }
  const names = async (port: number, p = '/files/') =>
    (await send(port, { method: 'GET', path: p, headers: { accept: 'application/json' } })).json().sort()

  test('lists a directory (HTML by default, JSON or text by Accept); static serves the files next to it', () =>
    serveApp(app(), async ({ port }) => {
      const html = await send(port, { method: 'GET', path: '/files/' })
      assert.match(String(html.headers['content-type']), /text\/html/)
      assert.match(html.text, /a\.txt/)
      assert.doesNotMatch(html.text, /class="icon/, 'no icons by default')
      assert.deepEqual(await names(port), ['a.txt', 'b.js', 'custom.ico', 'sub'])
      const text = await send(port, { method: 'GET', path: '/files/', headers: { accept: 'text/plain' } })
      assert.match(text.text, /a\.txt/)
      assert.equal((await send(port, { method: 'GET', path: '/files/a.txt' })).text, 'alpha')
    }))

  test('hidden: true lists dot-files (hidden by default)', () =>
    serveApp(app({ hidden: true }), async ({ port }) => {
      assert.deepEqual(await names(port), ['.hidden', 'a.txt', 'b.js', 'custom.ico', 'sub'])
    }))

  test('filter and icons', () =>
    serveApp(app({ filter: (name: string) => name.endsWith('.txt'), icons: true }), async ({ port }) => {
      assert.deepEqual(await names(port), ['a.txt'])
      assert.match((await send(port, { method: 'GET', path: '/files/' })).text, /icon/)
    }))

  test('a path outside the root is refused', () =>
    serveApp(app(), async ({ port }) => {
      const res = await send(port, { method: 'GET', path: '/files/..%2f..%2f', headers: { accept: 'application/json' } })
      assert.equal(res.status, 403)
    }))
})

describe('favicon', () => {
  test('serves webfw\'s own icon by default: a valid ICO, cached, with an ETag', () =>
    serveApp(
      (a) => {
        a.use(webfw3.favicon())
        a.get('/', (_req: Any, res: Any) => res.send('page'))
      },
      async ({ port }) => {
        const res = await send(port, { method: 'GET', path: '/favicon.ico' })
        assert.equal(res.status, 200)
        assert.equal(res.headers['content-type'], 'image/x-icon')
        assert.match(String(res.headers['cache-control']), /^public, max-age=\d+/)
        assert.ok(res.headers.etag)
        const ico = res.bytes
        assert.deepEqual([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)], [0, 1, 1], 'ICONDIR: one icon')
        assert.deepEqual([ico[6], ico[7]], [16, 16])
        assert.equal(ico.readUInt32LE(14) + ico.readUInt32LE(18), ico.length, 'the image fills the file')
        assert.equal(ico.readUInt32LE(22), 40, 'a BITMAPINFOHEADER')
        const cached = await send(port, { method: 'GET', path: '/favicon.ico', headers: { 'if-none-match': String(res.headers.etag) } })
        assert.equal(cached.status, 304)
        assert.equal((await send(port, { method: 'GET' })).text, 'page')
        assert.equal((await send(port, { method: 'POST', path: '/favicon.ico' })).status, 405)
      },
    ))

  test('serves the icon at the given path with the given maxAge', () =>
    serveApp(
      (a) => a.use(webfw3.favicon(iconPath, { maxAge: 60000 })),
      async ({ port }) => {
        const res = await send(port, { method: 'GET', path: '/favicon.ico' })
        assert.deepEqual([...res.bytes], [0, 0, 1, 0, 9, 9, 9])
        assert.equal(res.headers['cache-control'], 'public, max-age=60')
      },
    ))
})

describe('staticCache', () => {
  test('staticCache() above static passes every request on to it', () =>
    serveApp(
      (a) => {
        a.use(webfw3.staticCache({ maxObjects: 10 }))
        a.use(webfw3.static(root))
        a.post('/a.txt', (_req: Any, res: Any) => res.send('posted'))
      },
      async ({ port }) => {
        for (let i = 0; i < 2; i++) assert.equal((await send(port, { method: 'GET', path: '/a.txt' })).text, 'alpha')
        assert.equal((await send(port, { method: 'POST', path: '/a.txt' })).text, 'posted')
      },
    ))

  test('staticCache(root) serves like static(root)', () =>
    serveApp(
      (a) => a.use(webfw3.staticCache(root)),
      async ({ port }) => {
        assert.equal((await send(port, { method: 'GET', path: '/b.js' })).text, 'beta')
      },
    ))
})
