/**
 * res.download(path, [filename], [options], [fn]): the attachment header,
 * the argument shapes, options passed on to sendFile, and failures.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { withServer } from '../helpers/http'
import { send, type Reply } from '../helpers/client'
import { makeTree, type Tree } from '../helpers/files'
import { webfw, type Any } from '../helpers/webfw'

let tree: Tree
before(() => {
  tree = makeTree()
})
after(() => tree.remove())

function appWith(handler: (req: Any, res: Any, next: Any) => void): Any {
  const app = webfw()
  app.get('/', handler)
  app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status || 500).send(`error ${err.status}`))
  return app
}

async function get(app: Any, headers: Record<string, string> = {}): Promise<Reply> {
  return withServer(app, ({ port }) => send(port, { method: 'GET', path: '/', headers }))
}

function file(name: string): string {
  return path.join(tree.root, name)
}

describe('res.download()', () => {
  test('sends the file as an attachment named after it', async () => {
    const r = await get(appWith((_req, res) => res.download(file('page.html'))))
    assert.equal(r.status, 200)
    assert.equal(r.text, '<p>page</p>')
    assert.equal(r.headers['content-disposition'], 'attachment; filename=page.html')
    assert.equal(r.headers['content-type'], 'text/html; charset=utf-8')
  })

  test('a relative path without root is resolved from the working directory', async () => {
    const rel = path.relative(process.cwd(), file('name.txt'))
    const r = await get(appWith((_req, res) => res.download(rel)))
    assert.equal(r.text, 'tobi')
    assert.equal(r.headers['content-disposition'], 'attachment; filename=name.txt')
  })

  test('an alternate filename, quoted or encoded as content-disposition requires', async () => {
    assert.equal((await get(appWith((_req, res) => res.download(file('page.html'), 'document')))).headers['content-disposition'], 'attachment; filename=document')
    assert.equal(
      (await get(appWith((_req, res) => res.download(file('page.html'), 'my report.html')))).headers['content-disposition'],
      'attachment; filename="my report.html"',
    )
    assert.equal(
      (await get(appWith((_req, res) => res.download(file('page.html'), '日本語.txt')))).headers['content-disposition'],
      "attachment; filename=\"???.txt\"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.txt",
    )
  })

  test('range requests are answered', async () => {
    const r = await get(appWith((_req, res) => res.download(file('nums.txt'))), { Range: 'bytes=0-2' })
    assert.equal(r.status, 206)
    assert.equal(r.text, '123')
    assert.equal(r.headers['content-range'], 'bytes 0-2/9')
  })

  describe('argument shapes', () => {
    async function shape(call: (res: Any, done: (err?: unknown) => void) => void) {
      const calls: unknown[] = []
      const r = await get(appWith((_req, res) => call(res, (err) => calls.push(err ?? 'ok'))))
      await new Promise((resolve) => setImmediate(resolve))
      return { r, calls }
    }

    test('(path, fn)', async () => {
      const { r, calls } = await shape((res, fn) => res.download(file('name.txt'), fn))
      assert.equal(r.headers['content-disposition'], 'attachment; filename=name.txt')
      assert.deepEqual(calls, ['ok'])
    })

    test('(path, filename, fn)', async () => {
      const { r, calls } = await shape((res, fn) => res.download(file('name.txt'), 'doc', fn))
      assert.equal(r.headers['content-disposition'], 'attachment; filename=doc')
      assert.deepEqual(calls, ['ok'])
    })

    test('(path, options, fn)', async () => {
      const { r, calls } = await shape((res, fn) => res.download(file('name.txt'), { maxAge: '4h' }, fn))
      assert.equal(r.headers['cache-control'], 'public, max-age=14400')
      assert.equal(r.headers['content-disposition'], 'attachment; filename=name.txt')
      assert.deepEqual(calls, ['ok'])
    })

    test('(path, filename, options, fn)', async () => {
      const { r, calls } = await shape((res, fn) => res.download(file('.hidden'), 'doc', { dotfiles: 'allow' }, fn))
      assert.equal(r.text, 'dot file')
      assert.equal(r.headers['content-disposition'], 'attachment; filename=doc')
      assert.deepEqual(calls, ['ok'])
    })
  })

  describe('options', () => {
    test('are those of sendFile (dotfiles, maxAge, root)', async () => {
      const r = await get(appWith((_req, res) => res.download('.hidden', { root: tree.root, dotfiles: 'allow', maxAge: '4h' })))
      assert.equal(r.text, 'dot file')
      assert.equal(r.headers['cache-control'], 'public, max-age=14400')
      assert.equal(r.headers['content-disposition'], 'attachment; filename=.hidden')
    })

    test('headers are sent, but a Content-Disposition among them is replaced (any case)', async () => {
      for (const key of ['Content-Disposition', 'content-disposition']) {
        const r = await get(
          appWith((_req, res) => res.download(file('page.html'), 'doc', { headers: { 'X-Foo': 'Bar', [key]: 'inline', 'content-type': 'text/x-custom' } })),
        )
        assert.equal(r.headers['x-foo'], 'Bar')
        assert.equal(r.headers['content-type'], 'text/x-custom')
        assert.equal(r.headers['content-disposition'], 'attachment; filename=doc')
      }
    })

    test('the options object given is not altered', async () => {
      const options = { headers: { 'X-Foo': 'Bar' }, maxAge: 1000 }
      await get(appWith((_req, res) => res.download(file('page.html'), options)))
      assert.deepEqual(options, { headers: { 'X-Foo': 'Bar' }, maxAge: 1000 })
    })

    test('root: leaving it is a 403 without Content-Disposition', async () => {
      for (const p of ['../outside/secret.txt', '../root/name.txt']) {
        const r = await get(appWith((_req, res) => res.download(p, { root: tree.root })))
        assert.equal(r.status, 403, p)
        assert.equal(r.headers['content-disposition'], undefined)
      }
      const inside = await get(appWith((_req, res) => res.download('fake/../name.txt', { root: tree.root })))
      assert.equal(inside.text, 'tobi')
      assert.equal(inside.headers['content-disposition'], 'attachment; filename=name.txt')
    })
  })

  describe('failure', () => {
    test('fn(err) gets status and code, and no Content-Disposition is left set', async () => {
      const r = await get(
        appWith((_req, res, next) =>
          res.download(file('missing.html'), (err: Any) => {
            if (!err) return next(new Error('expected an error'))
            res.send(`got ${err.status} ${err.code}`)
          }),
        ),
      )
      assert.equal(r.text, 'got 404 ENOENT')
      assert.equal(r.headers['content-disposition'], undefined)
    })

    test('without fn the error goes to next(err)', async () => {
      const r = await get(appWith((_req, res) => res.download(file('missing.html'), { headers: { 'X-Foo': 'Bar' } })))
      assert.equal(r.status, 404)
      assert.equal(r.text, 'error 404')
      assert.equal(r.headers['x-foo'], undefined)
    })
  })
})
