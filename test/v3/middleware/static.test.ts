/**
 * `webfw.static` in 3.x, where it keeps Connect 2's contract: the older
 * `hidden: true` serves dotfiles, and a directory named without its slash is
 * a 303 to the path with it, built from the original URL when mounted.
 * 4.x keeps its 301 (and reads `hidden` too), 5.x its 301 and no `hidden`.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { send } from '../../helpers/client'
import { withServer } from '../../helpers/http'
import { webfw, webfw4, type Any } from '../../helpers/webfw'
import { serveApp, webfw3 } from './support'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw3-static-'))
fs.writeFileSync(path.join(root, '.hidden'), 'I am hidden')
fs.writeFileSync(path.join(root, 'todo.txt'), '- groceries')
fs.mkdirSync(path.join(root, 'users'))
fs.writeFileSync(path.join(root, 'users', 'index.html'), '<p>tobi, loki, jane</p>')
after(() => fs.rmSync(root, { recursive: true, force: true }))

const warnings: string[] = []
process.on('warning', (w: Error & { code?: string }) => {
  if (w.code === 'WEBFW_DEPRECATED') warnings.push(w.message)
})

/** Static at `mount` (or unmounted), then "fell through" as a 404. */
function staticApp(factory: Any, options?: Any, mount?: string) {
  const app = factory()
  if (mount) app.use(mount, factory.static(root, options))
  else app.use(factory.static(root, options))
  app.use((_req: Any, res: Any) => {
    res.statusCode = 404
    res.end('fell through')
  })
  return app
}

const get = (app: Any, p: string) => withServer(app, ({ port }) => send(port, { method: 'GET', path: p }))

describe('3.x static: hidden', () => {
  test('dotfiles are ignored by default', async () => {
    assert.equal((await get(staticApp(webfw3), '/.hidden')).text, 'fell through')
  })

  test('hidden: true serves them (with a deprecation naming dotfiles)', async () => {
    const res = await get(staticApp(webfw3, { hidden: true }), '/.hidden')
    assert.equal(res.status, 200)
    assert.equal(res.text, 'I am hidden')
    assert.ok(warnings.some((m) => m.includes("use dotfiles: 'allow'")), warnings.join('\n'))
  })

  test('hidden: false keeps them ignored; dotfiles wins over hidden', async () => {
    assert.equal((await get(staticApp(webfw3, { hidden: false }), '/.hidden')).text, 'fell through')
    assert.equal((await get(staticApp(webfw3, { hidden: true, dotfiles: 'ignore' }), '/.hidden')).text, 'fell through')
    assert.equal((await get(staticApp(webfw3, { hidden: false, dotfiles: 'allow' }), '/.hidden')).text, 'I am hidden')
  })

  test('4.x reads hidden as well (as Express 4 did); 5.x does not', async () => {
    assert.equal((await get(staticApp(webfw4, { hidden: true }), '/.hidden')).text, 'I am hidden')
    assert.equal((await get(staticApp(webfw, { hidden: true }), '/.hidden')).text, 'fell through')
  })
})

describe('3.x static: the trailing-slash redirect is a 303', () => {
  test('a directory without its slash, query kept', () =>
    serveApp(
      (a) => a.use(webfw3.static(root)),
      async ({ port }) => {
        const res = await send(port, { method: 'GET', path: '/users?name=john' })
        assert.equal(res.status, 303)
        assert.equal(res.headers.location, '/users/?name=john')
        const index = await send(port, { method: 'GET', path: '/users/' })
        assert.equal(index.text, '<p>tobi, loki, jane</p>')
      },
    ))

  test('mounted: the Location is built from the original URL', () =>
    serveApp(
      (a) => a.use('/static', webfw3.static(root)),
      async ({ port }) => {
        const res = await send(port, { method: 'GET', path: '/static/users' })
        assert.equal(res.status, 303)
        assert.equal(res.headers.location, '/static/users/')
      },
    ))

  test('mounted on the directory itself: the mount point redirects to itself with a slash', () =>
    serveApp(
      (a) => a.use('/users', webfw3.static(path.join(root, 'users'))),
      async ({ port }) => {
        const res = await send(port, { method: 'GET', path: '/users' })
        assert.equal(res.status, 303)
        assert.equal(res.headers.location, '/users/')
      },
    ))

  test('4.x and 5.x keep their 301', async () => {
    for (const factory of [webfw4, webfw]) {
      const res = await get(staticApp(factory, undefined, '/static'), '/static/users')
      assert.equal(res.status, 301)
      assert.equal(res.headers.location, '/static/users/')
    }
  })
})
