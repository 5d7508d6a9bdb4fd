/**
 * res.sendFile(path, [options], [fn]): argument checks, every option of the
 * File-transfer table, the callback contract, and root containment.
 */
import util from 'node:util'
import assert from 'node:assert/strict'
import { AsyncLocalStorage } from 'node:async_hooks'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { withServer } from '../helpers/http'
import { Collector } from '../helpers/collector'
import { abortUpload, send, type Reply } from '../helpers/client'
import { makeTree, SECRET, type Tree } from '../helpers/files'
import { webfw, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const realExpress5: Any = require('express')

let tree: Tree
before(() => {
  tree = makeTree()
})
after(() => tree.remove())

const posixOnly = { skip: process.platform === 'win32' ? 'symbolic links' : false }

/** An app whose only route calls `handler`, then reports what reached next(). */
function appWith(handler: (req: Any, res: Any, next: Any) => void): Any {
  const app = webfw()
  app.get('/', handler)
  app.use((_req: Any, res: Any) => res.status(404).send('next() reached'))
  app.use((err: Any, _req: Any, res: Any, _next: Any) => {
    res.status(err.status || 500).json({ status: err.status, code: err.code, message: err.message, stack: err.stack })
  })
  return app
}

function fileApp(file: unknown, options?: unknown, fn?: unknown): Any {
  return appWith((_req, res) => res.sendFile(file, options, fn))
}

async function get(app: Any, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return withServer(app, ({ port }) => send(port, { method, path: '/', headers }))
}

function file(name: string): string {
  return path.join(tree.root, name)
}

describe('res.sendFile(): arguments', () => {
  test('a path is required and must be a string', async () => {
    const missing = await get(fileApp(undefined))
    assert.equal(missing.status, 500)
    assert.match(missing.json().message, /path argument is required/)
    assert.match((await get(fileApp(42))).json().message, /path must be a string to res.sendFile/)
  })

  test('a relative path needs a root', async () => {
    assert.match((await get(fileApp('name.txt'))).json().message, /path must be absolute or specify root/)
  })

  test('a NUL byte is a 400', async () => {
    assert.equal((await get(fileApp(file('name.txt') + '\0.html'))).status, 400)
  })

  test('".." in an absolute path without a root is a 403', async () => {
    assert.equal((await get(fileApp(path.join(tree.root, 'dir') + '/../name.txt'))).status, 403)
  })
})

describe('res.sendFile(): transfer', () => {
  test('sends the file with a type by extension and file headers', async () => {
    const r = await get(fileApp(file('page.html')))
    assert.equal(r.status, 200)
    assert.equal(r.text, '<p>page</p>')
    assert.equal(r.headers['content-type'], 'text/html; charset=utf-8')
    assert.equal(r.headers['cache-control'], 'public, max-age=0')
    assert.ok(r.headers['last-modified'])
    assert.equal(r.headers['accept-ranges'], 'bytes')
  })

  test('names with spaces and percent signs are paths, not URLs', async () => {
    assert.equal((await get(fileApp(file('% of dogs.txt')))).text, '20%')
  })

  test('a Content-Type already set is kept', async () => {
    const app = appWith((_req, res) => {
      res.type('application/x-bogus')
      res.sendFile(file('name.txt'))
    })
    assert.equal((await get(app)).headers['content-type'], 'application/x-bogus')
  })

  test('the ETag follows the app setting; If-None-Match then gives 304', async () => {
    const app = fileApp(file('name.txt'))
    const first = await get(app)
    assert.match(String(first.headers.etag), /^W\/"[^"]+"$/)
    assert.equal((await get(app, { 'If-None-Match': String(first.headers.etag) })).status, 304)
    const noEtag = fileApp(file('name.txt'))
    noEtag.disable('etag')
    assert.equal((await get(noEtag)).headers.etag, undefined)
  })

  test('a missing file is a 404 passed to next(err), with Node\'s message naming the path, as Express 5', async () => {
    const missing = file('does-not-exist')
    const r = await get(fileApp(missing))
    const message = `ENOENT: no such file or directory, stat '${missing}'`
    assert.deepEqual([r.status, r.json().code, r.json().message], [404, 'ENOENT', message])
    // The stack is that one line: no frames.
    assert.equal(r.json().stack, `Error: ${message}`)
    const reference = realExpress5()
    reference.get('/', (_req: Any, res: Any) => res.sendFile(missing))
    reference.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status).json({ code: err.code, message: err.message }))
    const real = await get(reference)
    assert.deepEqual([real.status, real.json()], [404, { code: 'ENOENT', message }])
  })

  test('the error of a failed file-system call is Node\'s own, marked as Express marks it (same name, keys and inspection)', async () => {
    const missing = file('does-not-exist')
    const describe = (app: Any) => {
      app.get('/', (_req: Any, res: Any) =>
        res.sendFile(missing, (err: Any) => res.json({ inspected: util.inspect(err), stack: err.stack, name: err.name, keys: Object.keys(err) })))
      return app
    }
    const ours = (await get(describe(webfw()))).json()
    const theirs = (await get(describe(realExpress5()))).json()
    assert.deepEqual(ours, theirs)
    assert.deepEqual(ours.keys, ['errno', 'code', 'syscall', 'path', 'expose', 'statusCode', 'status'])
  })

  test('a directory calls next() without an error', async () => {
    const r = await get(fileApp(file('dir')))
    assert.equal(r.text, 'next() reached')
  })

  test('a trailing slash serves the directory index', async () => {
    assert.equal((await get(fileApp(file('dir') + '/'))).text, '<p>dir index</p>')
  })

  test('HEAD sends headers only', async () => {
    const r = await get(fileApp(file('name.txt')), {}, 'HEAD')
    assert.equal(r.headers['content-length'], '4')
    assert.equal(r.bytes.length, 0)
  })
})

describe('res.sendFile(): options', () => {
  test('maxAge: milliseconds or ms strings, floored, clamped to [0, 1 year]', async () => {
    const cases: Array<[unknown, string]> = [
      [20000, 'public, max-age=20'],
      [21911.23, 'public, max-age=21'],
      [-20000, 'public, max-age=0'],
      [99999999999, 'public, max-age=31536000'],
      ['20000', 'public, max-age=20'],
      ['20m', 'public, max-age=1200'],
      ['20d', 'public, max-age=1728000'],
    ]
    for (const [maxAge, expected] of cases) {
      assert.equal((await get(fileApp(file('name.txt'), { maxAge }))).headers['cache-control'], expected, String(maxAge))
    }
  })

  describe('root', () => {
    test('relative paths, and ".." that stays inside, resolve under the root', async () => {
      assert.equal((await get(fileApp('name.txt', { root: tree.root }))).text, 'tobi')
      assert.equal((await get(fileApp('fake/../name.txt', { root: tree.root }))).text, 'tobi')
      assert.equal((await get(fileApp('/name.txt', { root: tree.root }))).text, 'tobi')
    })

    test('".." leaving the root is a 403, even back into it', async () => {
      assert.equal((await get(fileApp('../outside/secret.txt', { root: tree.root }))).status, 403)
      assert.equal((await get(fileApp('../root/name.txt', { root: tree.root }))).status, 403)
      assert.equal((await get(fileApp('..\\outside\\secret.txt', { root: tree.root }))).status, 403)
      assert.equal((await get(fileApp('../root-secret/secret.txt', { root: tree.root }))).status, 403)
    })

    test('an absolute path is taken as relative to the root', async () => {
      const r = await get(fileApp(path.join(tree.base, 'outside', 'secret.txt'), { root: tree.root }))
      assert.equal(r.status, 404)
      assert.ok(!r.text.includes(SECRET))
    })

    test('a symbolic link inside the root pointing outside it is not followed', posixOnly, async () => {
      for (const name of ['link-out.txt', 'linkdir-out/secret.txt', 'link-sibling.txt']) {
        const r = await get(fileApp(name, { root: tree.root, dotfiles: 'allow' }))
        assert.equal(r.status, 404, name)
        assert.ok(!r.text.includes('secret-content'), name)
      }
      assert.equal((await get(fileApp('link-in.txt', { root: tree.root }))).text, '- groceries')
    })
  })

  test('lastModified: false sends no Last-Modified and ignores If-Modified-Since', async () => {
    const future = new Date(Date.now() + 99999).toUTCString()
    assert.equal((await get(fileApp(file('page.html'), { lastModified: true }), { 'If-Modified-Since': future })).status, 304)
    const off = fileApp(file('page.html'), { lastModified: false })
    off.disable('etag')
    const r = await get(off, { 'If-Modified-Since': future })
    assert.equal(r.status, 200)
    assert.equal(r.headers['last-modified'], undefined)
  })

  describe('headers', () => {
    test('are set on the response; the last of duplicate names wins; they may set Content-Type', async () => {
      const r = await get(fileApp(file('page.html'), { headers: { 'X-Foo': 'Bar', 'x-foo': 'bar', 'Content-Type': 'text/x-custom' } }))
      assert.equal(r.headers['x-foo'], 'bar')
      assert.equal(r.headers['content-type'], 'text/x-custom')
    })

    test('are not set when the file is not sent', async () => {
      const r = await get(fileApp(file('missing'), { headers: { 'X-Foo': 'Bar' } }))
      assert.equal(r.status, 404)
      assert.equal(r.headers['x-foo'], undefined)
    })
  })

  describe('dotfiles', () => {
    test('"ignore" by default (404)', async () => {
      assert.equal((await get(fileApp(file('.hidden')))).status, 404)
      assert.equal((await get(fileApp(file('.dotdir/inner.txt')))).status, 404)
    })

    test('"deny" is a 403, "allow" serves', async () => {
      assert.equal((await get(fileApp(file('.hidden'), { dotfiles: 'deny' }))).status, 403)
      assert.equal((await get(fileApp(file('.hidden'), { dotfiles: 'allow' }))).text, 'dot file')
    })

    test('with a root only the part below it counts', async () => {
      const r = await get(fileApp('inner.txt', { root: path.join(tree.root, '.dotdir') }))
      assert.equal(r.text, 'inside a dot directory')
    })
  })

  test('acceptRanges: true answers ranges, false sends the whole file without Accept-Ranges', async () => {
    const on = await get(fileApp(file('nums.txt'), { acceptRanges: true }), { Range: 'bytes=0-4' })
    assert.equal(on.status, 206)
    assert.equal(on.text, '12345')
    const off = await get(fileApp(file('nums.txt'), { acceptRanges: false }), { Range: 'bytes=0-4' })
    assert.equal(off.status, 200)
    assert.equal(off.text, '123456789')
    assert.equal(off.headers['accept-ranges'], undefined)
  })

  test('cacheControl: false sends no Cache-Control', async () => {
    assert.equal((await get(fileApp(file('page.html'), { cacheControl: false, maxAge: 1000 }))).headers['cache-control'], undefined)
  })

  test('immutable adds the directive', async () => {
    assert.equal((await get(fileApp(file('page.html'), { immutable: true }))).headers['cache-control'], 'public, max-age=0, immutable')
  })

  test('start and end send a window of the file', async () => {
    assert.equal((await get(fileApp(file('name.txt'), { start: 0, end: 1 }))).text, 'to')
    assert.equal((await get(fileApp(file('nums.txt'), { start: 2, end: 4 }))).text, '345')
  })
})

describe('res.sendFile(): callback', () => {
  test('fn() without error once the file is sent, and for HEAD and 304', async () => {
    const results: unknown[] = []
    const app = fileApp(file('name.txt'), (err: unknown) => results.push(err))
    const first = await get(app)
    await get(app, {}, 'HEAD')
    await get(app, { 'If-None-Match': String(first.headers.etag) })
    await new Promise((r) => setImmediate(r))
    assert.deepEqual(results, [undefined, undefined, undefined])
  })

  test('fn(err) with status 404 when the file is missing; the callback must answer', async () => {
    const app = appWith((_req, res) => {
      res.sendFile(file('missing'), (err: Any) => res.send(err ? `got ${err.status} ${err.code}` : 'no error'))
    })
    const r = await get(app)
    assert.equal(r.status, 200)
    assert.equal(r.text, 'got 404 ENOENT')
  })

  test('fn(err) with code EISDIR for a directory: Express\'s error, "EISDIR, read", with no status (5.x and 4.x beside Express)', async () => {
    const app = appWith((_req, res) => res.sendFile(file('dir'), (err: Any) => res.send(String(err?.code))))
    assert.equal((await get(app)).text, 'EISDIR')
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { express4, express5 } = require('../helpers/side-by-side') as { express4: Any; express5: Any }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { webfw4 } = require('../helpers/webfw') as { webfw4: Any }
    const described = async (factory: Any): Promise<string> => {
      const a = factory()
      a.get('/', (_req: Any, res: Any) => res.sendFile(file('dir'), (err: Any) => res.send(JSON.stringify([err?.message, err?.code, err?.status, Object.keys(err ?? {})]))))
      return withServer(a, async ({ port }) => (await send(port, { method: 'GET', path: '/' })).text)
    }
    assert.equal(await described(webfw), await described(express5))
    assert.equal(await described(webfw4), await described(express4))
    assert.equal(await described(webfw), JSON.stringify(['EISDIR, read', 'EISDIR', undefined, ['code']]))
  })

  test('fn(err) with ECONNABORTED when the client is gone', async () => {
    const errors = new Collector<Any>()
    const app = webfw()
    app.post('/', (req: Any, res: Any) => {
      req.on('close', () => res.sendFile(file('name.txt'), errors.push))
    })
    await withServer(app, async ({ port }) => {
      await abortUpload(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n', Buffer.alloc(10))
      await errors.waitFor(1, 'callbacks')
    })
    assert.equal(errors.length, 1)
    assert.equal(errors.items[0].code, 'ECONNABORTED')
  })

  test('without fn, an abort is not an error for the app', async () => {
    const seen: Any[] = []
    const app = webfw()
    app.post('/', (req: Any, res: Any) => {
      req.on('close', () => res.sendFile(file('name.txt')))
    })
    app.use((err: Any, _req: Any, _res: Any, _next: Any) => seen.push(err))
    await withServer(app, async ({ port }) => {
      await abortUpload(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n', Buffer.alloc(10))
      await new Promise((r) => setTimeout(r, 100))
    })
    assert.deepEqual(seen, [])
  })

  test('fn runs in the async context of the call', async () => {
    const store = new AsyncLocalStorage<string>()
    const seen: unknown[] = []
    const app = appWith((_req, res) =>
      store.run('ctx', () =>
        res.sendFile(file('missing'), () => {
          seen.push(store.getStore())
          res.end()
        }),
      ),
    )
    await get(app)
    const ok = appWith((_req, res) => store.run('ok', () => res.sendFile(file('name.txt'), () => seen.push(store.getStore()))))
    await get(ok)
    await new Promise((r) => setImmediate(r))
    assert.deepEqual(seen, ['ctx', 'ok'])
  })
})
