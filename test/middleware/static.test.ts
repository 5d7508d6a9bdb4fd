/**
 * webfw.static(root, options): every option of the Static-file table,
 * conditional and range requests, HEAD, the trailing-slash redirect, and the
 * rule that nothing outside the root is ever served or named.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { withServer } from '../helpers/http'
import { send, type Reply } from '../helpers/client'
import { makeTree, SECRET, SIBLING_SECRET, type Tree } from '../helpers/files'
import { internal, webfw, type Any } from '../helpers/webfw'

let tree: Tree
before(() => {
  tree = makeTree()
})
after(() => tree.remove())

const posixOnly = { skip: process.platform === 'win32' ? 'symbolic links and backslash names' : false }

/** An app: static middleware, then a marker answering 404 "fell through", then an error reporter. */
function staticApp(options?: Any, rootPath?: string, factory: Any = webfw): Any {
  const app = factory()
  app.use(factory.static(rootPath ?? tree.root, options))
  app.use((req: Any, res: Any) => res.status(404).send(`fell through ${req.method}`))
  app.use((err: Any, _req: Any, res: Any, _next: Any) => {
    res.status(err.status || 500).json({ status: err.status, code: err.code, message: err.message, stack: err.stack })
  })
  return app
}

async function get(app: Any, pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return withServer(app, ({ port }) => send(port, { method, path: pathname, headers }))
}

describe('static(): serving files', () => {
  test('is a two-argument factory, like express.static', () => {
    assert.equal(webfw.static.length, 2)
  })

  test('the root is required and must be a string', () => {
    assert.throws(() => webfw.static(), /root path required/)
    assert.throws(() => webfw.static(42), /root path must be a string/)
  })

  test('serves a file with its type, length, validators and cache headers', async () => {
    const r = await get(staticApp(), '/todo.txt')
    assert.equal(r.status, 200)
    assert.equal(r.text, '- groceries')
    assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8')
    assert.equal(r.headers['content-length'], '11')
    assert.match(String(r.headers.etag), /^W\/"[^"]+"$/)
    assert.match(String(r.headers['last-modified']), /^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/)
    assert.equal(r.headers['cache-control'], 'public, max-age=0')
    assert.equal(r.headers['accept-ranges'], 'bytes')
  })

  test('nested paths, percent-encoded names and zero-length files', async () => {
    const app = staticApp()
    assert.equal((await get(app, '/dir/nested.txt')).text, 'nested')
    assert.equal((await get(app, '/%25%20of%20dogs.txt')).text, '20%')
    const empty = await get(app, '/empty.txt')
    assert.equal(empty.status, 200)
    assert.equal(empty.headers['content-length'], '0')
  })

  test('a "../" that stays inside the root is resolved', async () => {
    assert.equal((await get(staticApp(), '/dir/../todo.txt')).text, '- groceries')
  })

  test('HEAD gets the headers and no body', async () => {
    const r = await get(staticApp(), '/todo.txt', {}, 'HEAD')
    assert.equal(r.status, 200)
    assert.equal(r.headers['content-length'], '11')
    assert.equal(r.bytes.length, 0)
  })

  test('other methods fall through (fallthrough) or get 405 with Allow', async () => {
    assert.equal((await get(staticApp(), '/todo.txt', {}, 'POST')).text, 'fell through POST')
    const r = await get(staticApp({ fallthrough: false }), '/todo.txt', {}, 'OPTIONS')
    assert.equal(r.status, 405)
    assert.equal(r.headers.allow, 'GET, HEAD')
  })

  test('a file larger than one read chunk is streamed whole, and in ranges', async () => {
    const fs = await import('node:fs')
    const big = Buffer.alloc(300 * 1024)
    for (let i = 0; i < big.length; i++) big[i] = i % 251
    fs.writeFileSync(path.join(tree.root, 'big.bin'), big)
    const whole = await get(staticApp(), '/big.bin')
    assert.equal(whole.status, 200)
    assert.ok(whole.bytes.equals(big))
    const part = await get(staticApp(), '/big.bin', { Range: 'bytes=100000-200000' })
    assert.equal(part.status, 206)
    assert.ok(part.bytes.equals(big.subarray(100000, 200001)))
  })

  test('a small file that shrinks between stat and read is an error, not a short body', async () => {
    const fs = await import('node:fs')
    const file = path.join(tree.root, 'shrinking.txt')
    fs.writeFileSync(file, 'long enough content')
    const r = await get(staticApp({ setHeaders: () => fs.truncateSync(file, 4) }), '/shrinking.txt')
    assert.equal(r.status, 500)
    assert.ok(!r.text.includes('long'))
  })

  test('a status set earlier is kept', async () => {
    const app = webfw()
    app.use((_req: Any, res: Any, next: Any) => {
      res.status(501)
      next()
    })
    app.use(webfw.static(tree.root))
    const r = await get(app, '/todo.txt')
    assert.equal(r.status, 501)
    assert.equal(r.text, '- groceries')
  })

  test('a root that is a file serves that file at the mount point', async () => {
    const app = webfw()
    app.use('/todo.txt', webfw.static(path.join(tree.root, 'todo.txt')))
    assert.equal((await get(app, '/todo.txt')).text, '- groceries')
    assert.equal((await get(app, '/todo.txt/')).status, 404)
  })
})

describe('static(): options', () => {
  describe('dotfiles', () => {
    test('"ignore" by default: dotfiles and files in dot-directories do not exist', async () => {
      assert.equal((await get(staticApp(), '/.hidden')).text, 'fell through GET')
      assert.equal((await get(staticApp(), '/.dotdir/inner.txt')).text, 'fell through GET')
    })

    test('"deny" answers 403 (next() with fallthrough, next(err) without)', async () => {
      assert.equal((await get(staticApp({ dotfiles: 'deny' }), '/.hidden')).text, 'fell through GET')
      assert.equal((await get(staticApp({ dotfiles: 'deny', fallthrough: false }), '/.hidden')).status, 403)
    })

    test('"ignore" without fallthrough is a 404 error', async () => {
      assert.equal((await get(staticApp({ dotfiles: 'ignore', fallthrough: false }), '/.hidden')).status, 404)
    })

    test('"allow" serves them', async () => {
      assert.equal((await get(staticApp({ dotfiles: 'allow' }), '/.hidden')).text, 'dot file')
      assert.equal((await get(staticApp({ dotfiles: 'allow' }), '/.dotdir/inner.txt')).text, 'inside a dot directory')
    })

    test('the 4.x default (undefined) hides dotfiles but serves files in dot-directories', async () => {
      const { profile5 } = internal('profile')
      const serve4 = internal('middleware/static').createStatic({ ...profile5, staticDotfiles: undefined })
      const factory = Object.assign(() => webfw(), { static: serve4 })
      assert.equal((await get(staticApp(undefined, undefined, factory), '/.hidden')).text, 'fell through GET')
      assert.equal((await get(staticApp(undefined, undefined, factory), '/.dotdir/inner.txt')).text, 'inside a dot directory')
    })

    test('a link to a dotfile is hidden like the dotfile', posixOnly, async () => {
      assert.equal((await get(staticApp(), '/to-hidden.txt')).text, 'fell through GET')
    })

    test('any other value is refused, by each GET the middleware takes (as send refuses it)', async () => {
      const r = await get(staticApp({ dotfiles: 'show' }), '/todo.txt')
      assert.equal(r.status, 500)
      assert.match(r.json().message, /dotfiles option/)
    })
  })

  test('etag: false sends no ETag', async () => {
    const r = await get(staticApp({ etag: false }), '/todo.txt')
    assert.equal(r.headers.etag, undefined)
  })

  test('etag ignores the app setting', async () => {
    const app = staticApp()
    app.disable('etag')
    assert.ok((await get(app, '/todo.txt')).headers.etag)
  })

  describe('extensions', () => {
    test('off by default', async () => {
      assert.equal((await get(staticApp(), '/doc')).text, 'fell through GET')
    })

    test('a string or a list, tried in order', async () => {
      assert.equal((await get(staticApp({ extensions: 'html' }), '/doc')).text, '<p>doc as html</p>')
      assert.equal((await get(staticApp({ extensions: ['htm', 'txt', 'html'] }), '/doc')).text, 'doc as text')
      assert.equal((await get(staticApp({ extensions: ['htm', 'txt'] }), '/missing')).text, 'fell through GET')
    })

    test('false disables; other values are refused', async () => {
      assert.equal((await get(staticApp({ extensions: false }), '/doc')).text, 'fell through GET')
      const refused = await get(staticApp({ extensions: [1] }), '/doc')
      assert.equal(refused.status, 500)
      assert.match(refused.json().message, /extensions option/)
    })
  })

  describe('fallthrough', () => {
    test('true (default): missing files, malformed URLs and traversal call next()', async () => {
      for (const p of ['/missing.txt', '/%', '/dir/../../todo.txt']) {
        assert.equal((await get(staticApp(), p)).text, 'fell through GET', p)
      }
    })

    test('false: the same cases become errors (404, 400, 403)', async () => {
      const app = staticApp({ fallthrough: false })
      const missing = await get(app, '/missing.txt')
      assert.equal(missing.status, 404)
      assert.equal(missing.json().code, 'ENOENT')
      assert.equal((await get(app, '/%')).status, 400)
      assert.equal((await get(app, '/dir/../../todo.txt')).status, 403)
    })

    test('a too-long path is a 404 ENAMETOOLONG', async () => {
      const r = await get(staticApp({ fallthrough: false }, tree.root + '/x'.repeat(5000)), '/')
      assert.equal(r.status, 404)
      assert.equal(r.json().code, 'ENAMETOOLONG')
    })
  })

  test('immutable adds the directive to Cache-Control', async () => {
    assert.equal((await get(staticApp({ immutable: true, maxAge: '1h' }), '/todo.txt')).headers['cache-control'], 'public, max-age=3600, immutable')
    assert.equal((await get(staticApp({ immutable: false, maxAge: '1h' }), '/todo.txt')).headers['cache-control'], 'public, max-age=3600')
  })

  describe('index', () => {
    test('index.html by default', async () => {
      const r = await get(staticApp(), '/dir/')
      assert.equal(r.text, '<p>dir index</p>')
      assert.match(String(r.headers['content-type']), /html/)
    })

    test('a custom name or list', async () => {
      assert.equal((await get(staticApp({ index: 'home.htm' }), '/dir/')).text, 'home page')
      assert.equal((await get(staticApp({ index: ['none.html', 'home.htm'] }), '/dir/')).text, 'home page')
    })

    test('false: a directory falls through', async () => {
      assert.equal((await get(staticApp({ index: false }), '/dir/')).text, 'fell through GET')
    })

    test('a directory without an index falls through', async () => {
      assert.equal((await get(staticApp(), '/bare/')).text, 'fell through GET')
    })
  })

  test('lastModified: false sends no Last-Modified and ignores If-Modified-Since', async () => {
    const future = new Date(Date.now() + 100000).toUTCString()
    const r = await get(staticApp({ lastModified: false, etag: false }), '/todo.txt', { 'If-Modified-Since': future })
    assert.equal(r.status, 200)
    assert.equal(r.headers['last-modified'], undefined)
  })

  describe('maxAge', () => {
    test('milliseconds, ms-format strings, capped at one year', async () => {
      assert.equal((await get(staticApp({ maxAge: 20000 }), '/todo.txt')).headers['cache-control'], 'public, max-age=20')
      assert.equal((await get(staticApp({ maxAge: '30d' }), '/todo.txt')).headers['cache-control'], 'public, max-age=2592000')
      assert.equal((await get(staticApp({ maxAge: Infinity }), '/todo.txt')).headers['cache-control'], 'public, max-age=31536000')
      assert.equal((await get(staticApp({ maxage: 5000 }), '/todo.txt')).headers['cache-control'], 'public, max-age=5')
    })
  })

  test('cacheControl: false sends no Cache-Control, whatever maxAge', async () => {
    assert.equal((await get(staticApp({ cacheControl: false, maxAge: 1000 }), '/todo.txt')).headers['cache-control'], undefined)
  })

  test('acceptRanges: false sends no Accept-Ranges and ignores Range', async () => {
    const r = await get(staticApp({ acceptRanges: false }), '/nums.txt', { Range: 'bytes=0-3' })
    assert.equal(r.status, 200)
    assert.equal(r.text, '123456789')
    assert.equal(r.headers['accept-ranges'], undefined)
    assert.equal(r.headers['content-range'], undefined)
  })

  describe('redirect', () => {
    test('a directory without its slash is redirected (301) with the query kept', async () => {
      const r = await get(staticApp(), '/dir?x=1')
      assert.equal(r.status, 301)
      assert.equal(r.headers.location, '/dir/?x=1')
      assert.equal(r.headers['content-security-policy'], "default-src 'none'")
      assert.equal(r.headers['x-content-type-options'], 'nosniff')
      assert.match(String(r.headers['content-type']), /^text\/html/)
    })

    test('the body names the escaped target and contains no link', async () => {
      const app = webfw()
      app.use((req: Any, _res: Any, next: Any) => {
        // A path that needs escaping both in the URL and in HTML.
        req.url = req.originalUrl = '/snow%20%E2%98%83'
        next()
      })
      app.use(webfw.static(tree.root))
      const r = await get(app, '/snow')
      assert.equal(r.headers.location, '/snow%20%E2%98%83/')
      assert.match(r.text, />Redirecting to \/snow%20%E2%98%83\/</)
      assert.ok(!/<a[\s>]/i.test(r.text), 'no anchor in the body')
      assert.ok(!/href/i.test(r.text), 'no href in the body')
    })

    test('markup in the path is escaped in the body', async () => {
      const app = webfw()
      app.use((req: Any, _res: Any, next: Any) => {
        req.url = '/dir'
        req.originalUrl = '/dir?<script>'
        next()
      })
      app.use(webfw.static(tree.root))
      const r = await get(app, '/x')
      assert.equal(r.status, 301)
      assert.ok(!r.text.includes('<script>'))
    })

    test('a leading // never gives a protocol-relative Location', async () => {
      for (const p of ['//dir', '///dir', '//linkdir-in']) {
        const r = await get(staticApp(), p)
        assert.equal(r.status, 301, p)
        assert.match(String(r.headers.location), /^\/[^/\\]/, p)
      }
    })

    test('a backslash after the slash is encoded, so /\\host never reaches a browser', posixOnly, async () => {
      const r = await get(staticApp(), '//\\evil')
      assert.equal(r.status, 301)
      assert.equal(r.headers.location, '/%5Cevil/')
    })

    test('relative to the original URL when mounted, and at the mount point itself', async () => {
      const app = webfw()
      app.use('/static', webfw.static(tree.root))
      app.use('/d', webfw.static(path.join(tree.root, 'dir')))
      assert.equal((await get(app, '/static/dir')).headers.location, '/static/dir/')
      assert.equal((await get(app, '/static')).headers.location, '/static/')
      assert.equal((await get(app, '/d')).headers.location, '/d/')
    })

    test('false: the directory falls through instead', async () => {
      assert.equal((await get(staticApp({ redirect: false }), '/dir')).text, 'fell through GET')
      assert.equal((await get(staticApp({ redirect: false, fallthrough: false }), '/dir')).status, 404)
    })
  })

  describe('setHeaders', () => {
    test('runs with (res, path, stat) before the file headers, which do not overwrite it', async () => {
      const calls: Any[] = []
      const setHeaders = (res: Any, file: string, stat: Any) => {
        calls.push({ file, size: stat.size })
        res.setHeader('X-Custom', 'set')
        res.setHeader('Cache-Control', 'no-store')
      }
      const r = await get(staticApp({ setHeaders }), '/nums.txt')
      assert.equal(r.headers['x-custom'], 'set')
      assert.equal(r.headers['cache-control'], 'no-store')
      assert.deepEqual(calls, [{ file: path.join(tree.root, 'nums.txt'), size: 9 }])
    })

    test('is not called for a missing file or a redirect', async () => {
      let called = 0
      const app = staticApp({ setHeaders: () => called++ })
      assert.equal((await get(app, '/missing')).headers['x-custom'], undefined)
      assert.equal((await get(app, '/dir')).status, 301)
      assert.equal(called, 0)
    })

    test('a throwing setHeaders becomes next(err)', async () => {
      const r = await get(staticApp({ setHeaders: () => { throw new Error('boom') } }), '/todo.txt')
      assert.equal(r.status, 500)
    })

    test('must be a function', () => {
      assert.throws(() => webfw.static(tree.root, { setHeaders: 3 }), /setHeaders.*function/)
    })
  })
})

describe('static(): conditional requests', () => {
  test('If-None-Match with the current ETag is a 304 without body or content headers', async () => {
    const app = staticApp()
    const first = await get(app, '/todo.txt')
    const r = await get(app, '/todo.txt', { 'If-None-Match': String(first.headers.etag) })
    assert.equal(r.status, 304)
    assert.equal(r.bytes.length, 0)
    assert.equal(r.headers['content-type'], undefined)
    assert.equal((await get(app, '/todo.txt', { 'If-None-Match': 'W/"other"' })).status, 200)
  })

  test('If-Modified-Since at or after Last-Modified is a 304', async () => {
    const app = staticApp()
    const first = await get(app, '/todo.txt')
    assert.equal((await get(app, '/todo.txt', { 'If-Modified-Since': String(first.headers['last-modified']) })).status, 304)
    assert.equal((await get(app, '/todo.txt', { 'If-Modified-Since': new Date(0).toUTCString() })).status, 200)
  })

  test('If-Match that fails is a 412; "*" and the current tag pass', async () => {
    const app = staticApp()
    const first = await get(app, '/todo.txt')
    assert.equal((await get(app, '/todo.txt', { 'If-Match': '"foo"' })).status, 412)
    assert.equal((await get(app, '/todo.txt', { 'If-Match': '*' })).status, 200)
    assert.equal((await get(app, '/todo.txt', { 'If-Match': `"x", ${first.headers.etag}` })).status, 200)
  })

  test('If-Unmodified-Since before Last-Modified is a 412', async () => {
    const app = staticApp()
    assert.equal((await get(app, '/todo.txt', { 'If-Unmodified-Since': new Date(0).toUTCString() })).status, 412)
    assert.equal((await get(app, '/todo.txt', { 'If-Unmodified-Since': new Date(Date.now() + 100000).toUTCString() })).status, 200)
  })
})

describe('static(): ranges', () => {
  const cases: Array<[string, number, string, string | undefined]> = [
    ['bytes=0-4', 206, '12345', 'bytes 0-4/9'],
    ['bytes=0-0', 206, '1', 'bytes 0-0/9'],
    ['bytes=-3', 206, '789', 'bytes 6-8/9'],
    ['bytes=3-', 206, '456789', 'bytes 3-8/9'],
    ['bytes=2-50', 206, '3456789', 'bytes 2-8/9'],
    ['bytes=0-1,4-5', 200, '123456789', undefined],
    ['asdf', 200, '123456789', undefined],
  ]
  for (const [range, status, body, contentRange] of cases) {
    test(`Range: ${range} → ${status}`, async () => {
      const r = await get(staticApp(), '/nums.txt', { Range: range })
      assert.equal(r.status, status)
      assert.equal(r.text, body)
      assert.equal(r.headers['content-range'], contentRange)
      assert.equal(r.headers['content-length'], String(body.length))
    })
  }

  test('an unsatisfiable range is a 416 with Content-Range bytes */size', async () => {
    const r = await get(staticApp({ fallthrough: false }), '/nums.txt', { Range: 'bytes=9-50' })
    assert.equal(r.status, 416)
    assert.equal(r.headers['content-range'], 'bytes */9')
  })

  test('If-Range: the current ETag or date gives the range, anything else the whole file', async () => {
    const app = staticApp()
    const first = await get(app, '/nums.txt')
    assert.equal((await get(app, '/nums.txt', { Range: 'bytes=0-1', 'If-Range': String(first.headers.etag) })).status, 206)
    assert.equal((await get(app, '/nums.txt', { Range: 'bytes=0-1', 'If-Range': '"stale"' })).status, 200)
    assert.equal((await get(app, '/nums.txt', { Range: 'bytes=0-1', 'If-Range': String(first.headers['last-modified']) })).status, 206)
    assert.equal((await get(app, '/nums.txt', { Range: 'bytes=0-1', 'If-Range': new Date(0).toUTCString() })).status, 200)
  })

  test('HEAD with a range sends the range headers and no body', async () => {
    const r = await get(staticApp(), '/nums.txt', { Range: 'bytes=0-4' }, 'HEAD')
    assert.equal(r.status, 206)
    assert.equal(r.headers['content-length'], '5')
    assert.equal(r.bytes.length, 0)
  })
})

describe('static(): never outside the root', () => {
  function strict(): Any {
    return staticApp({ fallthrough: false })
  }

  function assertNothingLeaked(r: Reply): void {
    assert.ok(!r.text.includes(SECRET), 'outside secret served')
    assert.ok(!r.text.includes(SIBLING_SECRET), 'sibling secret served')
    assert.ok(!r.text.includes(tree.base), 'a filesystem path appears in the response')
  }

  const refusals: Array<[string, number]> = [
    ['/../outside/secret.txt', 403],
    ['/dir/../../outside/secret.txt', 403],
    ['/%2e%2e/outside/secret.txt', 403],
    ['/%2E%2E%2Foutside%2Fsecret.txt', 403],
    ['/..%5coutside%5csecret.txt', 403],
    ['/dir/..%5c..%5coutside/secret.txt', 403],
    ['/../root-secret/secret.txt', 403],
    ['/%252e%252e/outside/secret.txt', 404],
    ['/todo.txt%00.html', 400],
    ['/%00', 400],
    ['/%2Fetc%2Fpasswd', 404],
  ]
  for (const [p, status] of refusals) {
    test(`${p} → ${status}`, async () => {
      const r = await get(strict(), p)
      assert.equal(r.status, status)
      assertNothingLeaked(r)
    })
  }

  test('an absolute path in the URL is taken as relative to the root', async () => {
    const r = await get(strict(), '/' + encodeURIComponent(path.join(tree.base, 'outside', 'secret.txt')))
    assert.equal(r.status, 404)
    assertNothingLeaked(r)
  })

  test('a symbolic link to a file outside the root does not exist for the request', posixOnly, async () => {
    for (const dotfiles of ['ignore', 'allow']) {
      const r = await get(staticApp({ fallthrough: false, dotfiles }), '/link-out.txt')
      assert.equal(r.status, 404, dotfiles)
      assertNothingLeaked(r)
    }
    assert.equal((await get(staticApp(), '/link-out.txt')).text, 'fell through GET')
  })

  test('a link into a sibling whose name extends the root (root-secret) is outside too', posixOnly, async () => {
    for (const dotfiles of ['ignore', 'allow']) {
      const r = await get(staticApp({ fallthrough: false, dotfiles }), '/link-sibling.txt')
      assert.equal(r.status, 404, dotfiles)
      assertNothingLeaked(r)
    }
  })

  test('a symbolic link to a directory outside the root does not exist either', posixOnly, async () => {
    for (const dotfiles of ['ignore', 'allow']) {
      const r = await get(staticApp({ fallthrough: false, dotfiles }), '/linkdir-out/secret.txt')
      assert.equal(r.status, 404, dotfiles)
      assertNothingLeaked(r)
    }
  })

  test('symbolic links that stay inside the root are followed', posixOnly, async () => {
    assert.equal((await get(strict(), '/link-in.txt')).text, '- groceries')
    assert.equal((await get(strict(), '/linkdir-in/nested.txt')).text, 'nested')
  })

  test('a root reached through a symbolic link still contains its files', posixOnly, async () => {
    const fs = await import('node:fs')
    const alias = path.join(tree.base, 'alias')
    fs.symlinkSync('root', alias)
    assert.equal((await get(staticApp({ fallthrough: false }, alias), '/todo.txt')).text, '- groceries')
    assert.equal((await get(staticApp({ fallthrough: false }, alias), '/link-out.txt')).status, 404)
  })

  test('error responses name no filesystem path, not even in development stacks', async () => {
    const app = webfw()
    app.set('env', 'development')
    app.use(webfw.static(tree.root, { fallthrough: false }))
    for (const p of ['/missing.txt', '/../x', '/%', '/x'.repeat(3000), '/.hidden']) {
      const r = await get(app, p)
      assert.ok(r.status >= 400, p)
      assertNothingLeaked(r)
    }
  })
})

describe('static(): options the sender checks, as serve-static has send check them', () => {
  /** Builds a static app on `factory`; the outcome of making it and of a GET, a POST and a GET the middleware passes over. */
  async function outcome(factory: Any, options: object): Promise<string[]> {
    let app: Any
    try {
      app = factory()
      app.use('/s', factory.static(tree.root, options))
    } catch (err) {
      return ['not created: ' + (err as Error).message]
    }
    app.use((_req: Any, res: Any) => res.send('fell through'))
    app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status ?? 500).send(`${err.constructor.name}: ${err.message}`))
    return withServer(app, async ({ port }) => {
      const out: string[] = []
      for (const [method, p] of [['GET', '/s/todo.txt'], ['POST', '/s/todo.txt'], ['GET', '/other']]) {
        const r = await send(port, { method, path: p })
        out.push(`${method} ${p}: ${r.status} ${r.text}`)
      }
      return out
    })
  }

  test('a bad dotfiles, index or extensions value fails each GET and HEAD it takes (not the app\'s start); null setHeaders is none', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { express5 } = require('../helpers/side-by-side') as { express5: Any }
    for (const options of [{ dotfiles: 'bogus' }, { dotfiles: null }, { index: 5 }, { extensions: true }, { index: '' }, { setHeaders: null }, { setHeaders: 'x' }]) {
      assert.deepEqual(await outcome(webfw, options), await outcome(express5, options), JSON.stringify(options))
    }
    assert.deepEqual(await outcome(webfw, { dotfiles: 'bogus' }), [
      'GET /s/todo.txt: 500 TypeError: dotfiles option must be "allow", "deny", or "ignore"',
      'POST /s/todo.txt: 200 fell through',
      'GET /other: 200 fell through',
    ])
  })
})
