/**
 * The bytes of a header value beyond ASCII: Express's res.send turns a
 * string body into a Buffer whenever it makes an ETag (or the body is 1000
 * characters or more), so node:http writes the head as Latin-1 ("é" is
 * 0xE9); with a string body it writes head and body as UTF-8 (0xC3 0xA9).
 * webfw keeps short string bodies as strings, and writes a Buffer where
 * Express would once `res.set` (or a method built on it) stored such a
 * value. Each response is compared byte for byte with Express 5's and
 * Express 4's (src/response/header-bytes.ts).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import path from 'node:path'
import { rawHttp } from '../helpers/call'
import { sendRaw } from '../helpers/client'
import { withServer } from '../helpers/http'
import { makeTree } from '../helpers/files'
import { webfw, webfw4, type Any } from '../helpers/webfw'

import { express4, express5 } from '../helpers/side-by-side'

const routes: Record<string, (req: Any, res: Any) => void> = {
  set: (_req, res) => res.set('X-Name', 'José').send('hi'),
  array: (_req, res) => res.set('X-Name', ['a', 'José']).json({ a: 'é' }),
  attachment: (_req, res) => res.attachment('résumé.pdf').send('x'),
  append: (_req, res) => res.append('X-L', 'ü').append('X-L', 'b').send('é body'),
  long: (_req, res) => res.set('X-Name', 'José').send('y'.repeat(1200)),
  ascii: (_req, res) => res.set('X-Name', 'Jose').send('é'),
  // node:http's own setHeader before an ASCII body: not watched, yet written
  // as Express writes it (an ASCII body goes out as Latin-1 where Express
  // would have made it a Buffer).
  setHeader: (_req, res) => {
    res.setHeader('X-Name', 'José')
    res.send('hi')
  },
  setHeaderJson: (_req, res) => {
    res.setHeader('X-Name', 'José')
    res.json({ a: 1 })
  },
}

function appFor(factory: Any, etag: unknown): Any {
  const app = factory()
  app.disable('x-powered-by')
  app.set('etag', etag)
  for (const [name, fn] of Object.entries(routes)) app.all('/' + name, fn)
  return app
}

/** Every route's raw response (without its Date), for GET and HEAD. */
async function responses(factory: Any, etag: unknown): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const name of Object.keys(routes)) {
    for (const method of ['GET', 'HEAD']) {
      const raw = await rawHttp(appFor(factory, etag), `${method} /${name} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
      out[`${method} ${name}`] = raw.replace(/\r\nDate: [^\r]*/, '')
    }
  }
  return out
}

describe('header values beyond ASCII go out in the bytes Express sends', () => {
  for (const [label, ours, theirs] of [['5.x', webfw, express5], ['4.x', webfw4, express4]] as const) {
    for (const etag of ['weak', false, (body: Buffer) => `"${body.length}"`]) {
      test(`${label}, etag ${typeof etag === 'function' ? 'function' : etag}`, async () => {
        const expected = await responses(theirs, etag)
        // Express's own bytes, so the comparison cannot pass on a wrong reference.
        assert.match(expected['GET set'], etag === false ? /X-Name: JosÃ©\r\n/ : /X-Name: José\r\n/)
        assert.match(expected['GET long'], /X-Name: José\r\n/)
        assert.match(expected['GET setHeader'], etag === false ? /X-Name: JosÃ©\r\n/ : /X-Name: José\r\n/)
        assert.deepEqual(await responses(ours, etag), expected)
      })
    }
  }

  test('res.download with a Latin-1 file name: the header goes out as Express 4 sends it (Latin-1)', async () => {
    // node:http rewrites a Content-Disposition beyond ASCII when end() is
    // given the body before the head is out; Express's send writes the head first.
    const tree = makeTree()
    try {
      const file = path.join(tree.root, 'todo.txt')
      const answer = async (factory: Any) => {
        const app = factory()
        app.get('/', (_req: Any, res: Any) => res.download(file, 'résumé.txt'))
        // (written without ending the socket: a half-closed client gets no streamed file)
        const raw = await withServer(app, ({ port }) => sendRaw(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'))
        return /Content-Disposition: [^\r]*/.exec(raw)?.[0]
      }
      const theirs = await answer(express4)
      assert.equal(theirs, 'Content-Disposition: attachment; filename="résumé.txt"')
      assert.equal(await answer(webfw4), theirs)
    } finally {
      tree.remove()
    }
  })

  test('a value stored with node:http\'s own setHeader before a body beyond ASCII keeps node:http\'s bytes (UTF-8)', async () => {
    const app = webfw()
    app.get('/', (_req: Any, res: Any) => {
      res.setHeader('X-Name', 'José')
      res.send('hé')
    })
    const raw = await rawHttp(app, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    assert.match(raw, /X-Name: JosÃ©\r\n/)
    assert.match(raw, /\r\n\r\nhÃ©$/)
  })
})
