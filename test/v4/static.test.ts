/**
 * webfw.static in 4.x: `dotfiles` undefined by default (a dotfile is not
 * served, a file inside a dot-directory is), and Content-Type as Express 4's
 * static middleware writes it (mime 1's table, "charset=UTF-8").
 */
import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { call } from '../helpers/call'
import { makeTree } from '../helpers/files'
import { webfw, webfw4, type Any } from '../helpers/webfw'

const tree = makeTree()
after(() => tree.remove())

function staticApp(factory: Any, options?: Any): Any {
  const app = factory()
  app.set('env', 'test')
  app.use(factory.static(tree.root, options))
  app.use((req: Any, res: Any) => res.send('fell through ' + req.path))
  return app
}

describe('webfw.static (4.x)', () => {
  test('dotfiles undefined: a dotfile falls through, a file in a dot-directory is served', async () => {
    const app = staticApp(webfw4)
    assert.equal((await call(app, '/.hidden')).body, 'fell through /.hidden')
    assert.equal((await call(app, '/.dotdir/inner.txt')).body, 'inside a dot directory')
    // 5.x ("ignore") hides both
    assert.equal((await call(staticApp(webfw), '/.dotdir/inner.txt')).body, 'fell through /.dotdir/inner.txt')
  })

  test('an explicit dotfiles option still wins', async () => {
    assert.equal((await call(staticApp(webfw4, { dotfiles: 'allow' }), '/.hidden')).body, 'dot file')
    assert.equal((await call(staticApp(webfw4, { dotfiles: 'ignore' }), '/.dotdir/inner.txt')).body, 'fell through /.dotdir/inner.txt')
    assert.equal((await call(staticApp(webfw4, { dotfiles: 'deny', fallthrough: false }), '/.hidden')).status, 403)
  })

  test('Content-Type as send 0.19 writes it: "charset=UTF-8" for text', async () => {
    assert.equal((await call(staticApp(webfw4), '/todo.txt')).headers['content-type'], 'text/plain; charset=UTF-8')
    assert.equal((await call(staticApp(webfw4), '/page.html')).headers['content-type'], 'text/html; charset=UTF-8')
    assert.equal((await call(staticApp(webfw), '/todo.txt')).headers['content-type'], 'text/plain; charset=utf-8')
  })
})
