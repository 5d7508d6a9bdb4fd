/**
 * Path traversal and symbolic-link escape out of a static root, a sendFile
 * root and a download root: every encoding of `..` (plain, percent-encoded,
 * mixed case, with backslashes, overlong UTF-8, double-encoded, fullwidth),
 * NUL bytes, absolute paths, links pointing outside, and a sibling whose
 * name extends the root's. None of them ever serves a byte from outside;
 * each is a 400, 403 or 404 (or the next handler's 404 with fallthrough).
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { makeTree, SECRET, SIBLING_SECRET, type Tree } from '../helpers/files'
import { serve, type Running } from '../helpers/http'
import { webfw, type Any } from '../helpers/webfw'
import { converse } from './support'

let tree: Tree
let srv: Running

before(async () => {
  tree = makeTree()
  const app = webfw()
  app.set('env', 'test')
  app.use('/ft', webfw.static(tree.root))
  app.use('/strict', webfw.static(tree.root, { fallthrough: false }))
  app.get('/sendfile/*name', (req: Any, res: Any, next: Any) =>
    res.sendFile(req.params.name.join('/'), { root: tree.root }, (err: Any) => err && next(err)),
  )
  app.get('/sendfile-query', (req: Any, res: Any, next: Any) =>
    res.sendFile(String(req.query.f), { root: tree.root }, (err: Any) => err && next(err)),
  )
  app.get('/sendfile-joined', (req: Any, res: Any, next: Any) =>
    // concatenated, not path.join()ed: join would resolve the ".." before sendFile sees it
    res.sendFile(tree.root + '/' + String(req.query.f), (err: Any) => err && next(err)),
  )
  app.get('/download-query', (req: Any, res: Any, next: Any) =>
    res.download(String(req.query.f), 'x.txt', { root: tree.root }, (err: Any) => err && next(err)),
  )
  app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status ?? 500).send('error ' + (err.status ?? 500)))
  srv = await serve(app)
})

after(async () => {
  await srv.close()
  tree.remove()
})

async function get(target: string): Promise<{ status: number; text: string }> {
  const reply = await converse(srv.port, `GET ${target} HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n`).reply
  return { status: reply.status, text: reply.text }
}

function refused(reply: { status: number; text: string }, context: string): void {
  assert.ok(!reply.text.includes(SECRET) && !reply.text.includes(SIBLING_SECRET), `${context}: served a file from outside the root`)
  assert.ok([400, 403, 404].includes(reply.status), `${context}: status ${reply.status}`)
}

const TRAVERSALS = [
  '/../outside/secret.txt',
  '/../../../../../../etc/passwd',
  '/%2e%2e/outside/secret.txt',
  '/%2E%2E/outside/secret.txt',
  '/%2e%2e%2foutside%2fsecret.txt',
  '/..%2foutside%2fsecret.txt',
  '/..%2Foutside/secret.txt',
  '/.%2e/outside/secret.txt',
  '/%2e./outside/secret.txt',
  '/..\\outside\\secret.txt',
  '/..%5coutside%5csecret.txt',
  '/%5c..%5coutside%5csecret.txt',
  '/dir/../../outside/secret.txt',
  '/dir/%2e%2e/%2e%2e/outside/secret.txt',
  '/dir/..%2f..%2foutside/secret.txt',
  '/%252e%252e/outside/secret.txt',
  '/%c0%ae%c0%ae/outside/secret.txt',
  '/%ef%bc%8e%ef%bc%8e/outside/secret.txt',
  '/..%00/outside/secret.txt',
  '/todo.txt%00.html',
  '/%00',
  '/../root-secret/secret.txt',
  '/%2e%2e/root-secret/secret.txt',
  '//../outside/secret.txt',
  '/link-out.txt',
  '/linkdir-out/secret.txt',
  '/link-sibling.txt',
  '/linkdir-out/../outside/secret.txt',
  '/.hidden',
  '/%2ehidden',
  '/.dotdir/inner.txt',
]

describe('static root', () => {
  for (const mount of ['/ft', '/strict']) {
    it(`${mount}: no traversal or link leaves the root`, async () => {
      for (const t of TRAVERSALS) refused(await get(mount + t), mount + t)
    })
  }

  it('an absolute-form request target is no way around it', async () => {
    for (const t of ['/../outside/secret.txt', '/%2e%2e/outside/secret.txt']) refused(await get('http://h/ft' + t), t)
  })

  it('files inside (and links that stay inside) are still served', async () => {
    assert.equal((await get('/ft/todo.txt')).status, 200)
    assert.equal((await get('/ft/link-in.txt')).status, 200)
    assert.equal((await get('/ft/linkdir-in/nested.txt')).status, 200)
    assert.equal((await get('/ft/dir/../todo.txt')).status, 200)
  })
})

describe('res.sendFile and res.download with a root', () => {
  const names = [
    '../outside/secret.txt',
    'dir/../../outside/secret.txt',
    '..\\outside\\secret.txt',
    '/../outside/secret.txt',
    '../root-secret/secret.txt',
    'link-out.txt',
    'linkdir-out/secret.txt',
    'link-sibling.txt',
    'todo.txt\u0000.html',
    '/etc/passwd',
  ]
  it('route parameters (decoded by the router) cannot leave the root', async () => {
    for (const n of names) refused(await get('/sendfile/' + n.split('/').map(encodeURIComponent).join('/')), n)
  })
  it('query values cannot leave the root', async () => {
    const all = [...names, path.join(tree.outside, 'secret.txt')]
    for (const n of all) {
      refused(await get('/sendfile-query?f=' + encodeURIComponent(n)), 'sendFile ' + n)
      refused(await get('/download-query?f=' + encodeURIComponent(n)), 'download ' + n)
    }
  })
  it('without a root, a path still holding ".." is refused', async () => {
    for (const n of ['../outside/secret.txt', 'dir/../../outside/secret.txt', '..\\outside\\secret.txt']) {
      refused(await get('/sendfile-joined?f=' + encodeURIComponent(n)), n)
    }
    assert.equal((await get('/sendfile-joined?f=todo.txt')).status, 200)
  })
})
