/**
 * `webfw.static` over HTTP/2: files with their headers, index files and the
 * directory redirect, dotfiles, extension fallbacks, single and multiple
 * ranges, conditional requests (If-None-Match, If-Modified-Since, If-Match,
 * If-Range), HEAD, and files larger than one read, as over HTTP/1.1.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { makeTree, type Tree } from '../helpers/files'
import { h2setups, serveForSuite } from './setups'
import type { Any } from '../helpers/webfw'
import fs from 'node:fs'
import path from 'node:path'

let tree: Tree
before(() => {
  tree = makeTree()
  fs.writeFileSync(path.join(tree.root, 'large.bin'), Buffer.alloc(300 * 1024, 0x61))
})
after(() => tree.remove())

function staticApp(factory: Any): Any {
  const app = factory()
  app.use('/files', factory.static(tree.root, { extensions: ['html'], maxAge: '1h' }))
  app.use('/deny', factory.static(tree.root, { dotfiles: 'deny', fallthrough: false }))
  app.use((req: Any, res: Any) => res.status(404).send('fell through'))
  app.use((err: Any, req: Any, res: Any, next: Any) => res.status(err.status ?? 500).send(`error ${err.status}`))
  return app
}

for (const setup of h2setups) {
  describe(`static files over HTTP/2 (${setup.label})`, () => {
    const h2 = serveForSuite(setup, () => staticApp(setup.factory))

    it('serves files with type, length, caching headers; index, redirect, extensions, dotfiles', async () => {
      const file = await h2.sameAsHttp1({ path: '/files/todo.txt' })
      assert.equal(file.status, 200)
      assert.equal(file.text, '- groceries')
      assert.equal(file.headers['cache-control'], 'public, max-age=3600')
      assert.equal((await h2.sameAsHttp1({ path: '/files/dir/' })).text, '<p>dir index</p>')
      const redirect = await h2.sameAsHttp1({ path: '/files/dir' })
      assert.equal(redirect.status, 301)
      assert.equal(redirect.headers.location, '/files/dir/')
      assert.equal((await h2.sameAsHttp1({ path: '/files/page' })).text, '<p>page</p>')
      assert.equal((await h2.sameAsHttp1({ path: '/files/.hidden' })).text, 'fell through')
      assert.equal((await h2.sameAsHttp1({ path: '/deny/.hidden' })).status, 403)
      assert.equal((await h2.sameAsHttp1({ path: '/files/missing.txt' })).text, 'fell through')
      assert.equal((await h2.sameAsHttp1({ path: '/files/%E2%98%83' })).text, 'fell through')
      assert.equal((await h2.sameAsHttp1({ path: '/files/%20of%20dogs.txt' })).status, 404)
      assert.equal((await h2.sameAsHttp1({ path: '/files/%25%20of%20dogs.txt' })).text, '20%')
    })

    it('ranges: one range 206, an unsatisfiable one 416, several the whole file', async () => {
      const one = await h2.sameAsHttp1({ path: '/files/nums.txt', headers: { range: 'bytes=2-4' } })
      assert.equal(one.status, 206)
      assert.equal(one.text, '345')
      assert.equal(one.headers['content-range'], 'bytes 2-4/9')
      assert.equal((await h2.sameAsHttp1({ path: '/files/nums.txt', headers: { range: 'bytes=-3' } })).text, '789')
      const none = await h2.sameAsHttp1({ path: '/files/nums.txt', headers: { range: 'bytes=20-30' } })
      assert.equal(none.status, 416)
      assert.equal((await h2.sameAsHttp1({ path: '/files/nums.txt', headers: { range: 'bytes=0-1,4-5' } })).status, 200)
    })

    it('conditional requests: 304, 412 and If-Range', async () => {
      const file = await h2.sameAsHttp1({ path: '/files/nums.txt' })
      const etag = file.headers.etag as string
      const modified = file.headers['last-modified'] as string
      assert.equal((await h2.sameAsHttp1({ path: '/files/nums.txt', headers: { 'if-none-match': etag } })).status, 304)
      assert.equal((await h2.sameAsHttp1({ path: '/files/nums.txt', headers: { 'if-modified-since': modified } })).status, 304)
      assert.equal((await h2.sameAsHttp1({ path: '/files/nums.txt', headers: { 'if-match': '"other"' } })).status, 412)
      const ifRange = await h2.sameAsHttp1({ path: '/files/nums.txt', headers: { range: 'bytes=0-0', 'if-range': etag } })
      assert.equal(ifRange.status, 206)
      const stale = await h2.sameAsHttp1({ path: '/files/nums.txt', headers: { range: 'bytes=0-0', 'if-range': '"old"' } })
      assert.equal(stale.status, 200)
      assert.equal(stale.text, '123456789')
    })

    it('HEAD, and a file larger than one read, whole and in a range', async () => {
      const head = await h2.sameAsHttp1({ method: 'HEAD', path: '/files/large.bin' })
      assert.equal(head.headers['content-length'], String(300 * 1024))
      assert.equal(head.bytes.length, 0)
      assert.equal((await h2.sameAsHttp1({ path: '/files/large.bin' })).bytes.length, 300 * 1024)
      const tail = await h2.sameAsHttp1({ path: '/files/large.bin', headers: { range: 'bytes=100000-' } })
      assert.equal(tail.bytes.length, 300 * 1024 - 100000)
      assert.equal((await h2.sameAsHttp1({ method: 'HEAD', path: '/files/empty.txt' })).status, 200)
    })
  })
}
