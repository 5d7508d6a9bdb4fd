/**
 * File transfer in 4.x: the deprecated `res.sendfile` (URL-style path,
 * relative to the working directory or `root`), `res.sendFile` ETags from the
 * `etag` option, Express 4's Content-Type ("charset=UTF-8") and always-quoted
 * Content-Disposition file names, and Node's message (with the path) for a
 * missing file.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { call } from '../helpers/call'
import { makeTree } from '../helpers/files'
import { webfw, webfw3, webfw4, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')

const tree = makeTree()
// sendfile paths are relative to the working directory (and may not go up
// from it): work from the tree's base for this file.
const cwd = process.cwd()
process.chdir(tree.base)
after(() => {
  process.chdir(cwd)
  tree.remove()
})

const relRoot = 'root'

function app4(fn: (req: Any, res: Any, next: Any) => void): Any {
  const app = webfw4()
  app.set('env', 'test')
  app.use(fn)
  app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status || 500).send(`error ${err.status}`))
  return app
}

describe('res.sendfile (4.x)', () => {
  test('sends a file named relative to the working directory', async () => {
    const res = await call(app4((_req, res) => res.sendfile(path.join(relRoot, 'todo.txt'))))
    assert.deepEqual([res.status, res.body, res.headers['content-type']], [200, '- groceries', 'text/plain; charset=UTF-8'])
  })

  test('the path is percent-decoded once', async () => {
    const res = await call(app4((_req, res) => res.sendfile(path.join(relRoot, '%25%20of%20dogs.txt'))))
    assert.equal(res.body, '20%')
    const bad = await call(app4((_req, res) => res.sendfile(path.join(relRoot, '%E0%A4%A'))))
    assert.equal(bad.status, 400)
  })

  test('".." is refused without a root, allowed inside one, refused out of it', async () => {
    assert.equal((await call(app4((_req, res) => res.sendfile(relRoot + '/dir/../todo.txt')))).status, 403)
    const inside = await call(app4((_req, res) => res.sendfile('dir/../todo.txt', { root: relRoot })))
    assert.equal(inside.body, '- groceries')
    assert.equal((await call(app4((_req, res) => res.sendfile('../outside/secret.txt', { root: relRoot })))).status, 403)
  })

  test('a directory: its index with a trailing slash, else on to the next handler', async () => {
    assert.equal((await call(app4((_req, res) => res.sendfile(path.join(relRoot, 'dir') + '/')))).body, '<p>dir index</p>')
    assert.equal((await call(app4((_req, res) => res.sendfile(path.join(relRoot, 'dir'))))).status, 404)
  })

  test('the callback gets the system error as Node words it, with the path, as Express 4', async () => {
    const report = (res: Any) => (err: Any) => res.send(`${err.status} ${err.code} ${err.message}`)
    const app = app4((_req, res) => res.sendfile(path.join(relRoot, 'nope.txt'), report(res)))
    const res = await call(app)
    const missing = path.join(process.cwd(), relRoot, 'nope.txt')
    assert.equal(res.body, `404 ENOENT ENOENT: no such file or directory, stat '${missing}'`)
    const reference = express4()
    reference.use((_req: Any, res: Any) => res.sendfile(path.join(relRoot, 'nope.txt'), report(res)))
    assert.equal((await call(reference)).body, res.body)
  })

  test('dotfiles are ignored unless allowed, and options apply', async () => {
    assert.equal((await call(app4((_req, res) => res.sendfile(path.join(relRoot, '.hidden'))))).status, 404)
    const allowed = await call(app4((_req, res) => res.sendfile(path.join(relRoot, '.hidden'), { dotfiles: 'allow', maxAge: 60_000 })))
    assert.deepEqual([allowed.body, allowed.headers['cache-control']], ['dot file', 'public, max-age=60'])
  })

  test('does not exist in 5.x', () => {
    assert.equal(webfw.response.sendfile, undefined)
  })
})

describe('res.sendFile (4.x)', () => {
  test('ETag follows the etag option, not the app setting (5.x: the app setting)', async () => {
    const file = path.join(tree.root, 'todo.txt')
    const send = (_req: Any, res: Any) => res.sendFile(file, { etag: false })
    assert.equal((await call(app4(send))).headers.etag, undefined)
    const five = webfw()
    five.use(send)
    assert.match(String((await call(five)).headers.etag), /^W\/"/)
    const off = app4((_req, res) => res.sendFile(file))
    off.disable('etag')
    assert.match(String((await call(off)).headers.etag), /^W\/"/)
  })

  test('a missing file: 404 with Node\'s message naming the path, code ENOENT, as Express 4 (and 3.x)', async () => {
    const missing = path.join(tree.root, 'nope.txt')
    const report = (_req: Any, res: Any) =>
      res.sendFile(missing, (err: Any) => res.status(err.status).json({ message: err.message, code: err.code, status: err.status, expose: err.expose }))
    const expected = { message: `ENOENT: no such file or directory, stat '${missing}'`, code: 'ENOENT', status: 404, expose: false }
    for (const [name, factory] of [['webfw/v4', webfw4], ['webfw/v3', webfw3], ['express 4', express4]] as const) {
      const app = factory()
      app.use(report)
      const res = await call(app)
      assert.deepEqual([name, res.status, JSON.parse(res.body)], [name, 404, expected])
    }
    // Without a callback the error reaches the error handler, with the same message.
    const unhandled = webfw4()
    unhandled.use((_req: Any, res: Any) => res.sendFile(missing))
    unhandled.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status).send(err.message))
    assert.equal((await call(unhandled)).body, expected.message)
  })

  test('Content-Type as Express 4 writes it', async () => {
    const res = await call(app4((_req, res) => res.sendFile(path.join(tree.root, 'page.html'))))
    assert.equal(res.headers['content-type'], 'text/html; charset=UTF-8')
  })
})

describe('res.download (4.x)', () => {
  test('quotes the file name always', async () => {
    const res = await call(app4((_req, res) => res.download(path.join(tree.root, 'todo.txt'), 'list.txt')))
    assert.equal(res.headers['content-disposition'], 'attachment; filename="list.txt"')
    assert.equal(res.body, '- groceries')
  })
})

describe('res.download without a path, beside Express', () => {
  test('throws what Express 5 and Express 4 throw (4.x resolves the path before naming it)', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { express4, express5 } = require('../helpers/side-by-side') as { express4: Any; express5: Any }
    const outcome = async (factory: Any): Promise<string> => {
      const a = factory()
      a.get('/', (_req: Any, res: Any) => {
        try {
          res.download()
          res.end('no throw')
        } catch (err) {
          res.end((err as Error).constructor.name + ': ' + (err as Error).message)
        }
      })
      return (await call(a)).body
    }
    const [ours5, theirs5, ours4, theirs4] = [await outcome(webfw), await outcome(express5), await outcome(webfw4), await outcome(express4)]
    assert.equal(ours5, theirs5)
    assert.equal(ours4, theirs4)
    assert.match(ours4, /"paths\[0\]" argument/)
  })
})
