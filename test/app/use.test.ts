/**
 * app.use / router.use: every path shape (none, string, pattern, RegExp,
 * array) and callback shape (one, several, arrays, nested arrays, routers,
 * apps), and the rewriting of req.url / req.baseUrl / req.originalUrl /
 * req.path inside a mount, restored on the way out.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, type Any } from '../helpers/webfw'

function tag(name: string) {
  return (req: Any, _res: Any, next: Any) => {
    ;(req.seen ??= []).push(`${name}:${req.baseUrl}|${req.url}|${req.path}|${req.originalUrl}`)
    next()
  }
}

function report(app: Any): void {
  app.use((req: Any, res: Any) => res.json(req.seen ?? []))
}

async function seen(app: Any, path: string): Promise<string[]> {
  return withServer(app, async (srv) => JSON.parse((await rawRequest(srv.port, 'GET', path)).body))
}

describe('path shapes', () => {
  test('no path runs for every request, with nothing stripped', async () => {
    const app = webfw()
    app.use(tag('all'))
    report(app)
    assert.deepEqual(await seen(app, '/a/b?q=1'), ['all:|/a/b?q=1|/a/b|/a/b?q=1'])
  })

  test('a string path matches at a segment boundary and is stripped inside', async () => {
    const app = webfw()
    app.use('/blog', tag('blog'))
    report(app)
    assert.deepEqual(await seen(app, '/blog/post/1?x=y'), ['blog:/blog|/post/1?x=y|/post/1|/blog/post/1?x=y'])
    assert.deepEqual(await seen(app, '/blog'), ['blog:/blog|/|/|/blog'])
    assert.deepEqual(await seen(app, '/blogger'), [])
  })

  test('a pattern path sets baseUrl to the matched string', async () => {
    const app = webfw()
    app.use('/user/:id', tag('user'))
    report(app)
    assert.deepEqual(await seen(app, '/user/42/edit'), ['user:/user/42|/edit|/edit|/user/42/edit'])
  })

  test('a RegExp path', async () => {
    const app = webfw()
    app.use(/^\/v\d+/, tag('versioned'))
    report(app)
    assert.deepEqual(await seen(app, '/v2/items'), ['versioned:/v2|/items|/items|/v2/items'])
    assert.deepEqual(await seen(app, '/items'), [])
  })

  test('an array of paths mixing strings, patterns and RegExps', async () => {
    const app = webfw()
    app.use(['/a', '/b/:x', /^\/c/], tag('many'))
    report(app)
    assert.deepEqual(await seen(app, '/a/1'), ['many:/a|/1|/1|/a/1'])
    assert.deepEqual(await seen(app, '/b/2/3'), ['many:/b/2|/3|/3|/b/2/3'])
    assert.deepEqual(await seen(app, '/c/4'), ['many:/c|/4|/4|/c/4'])
    assert.deepEqual(await seen(app, '/d'), [])
  })
})

describe('callback shapes', () => {
  test('several callbacks, arrays and nested arrays run in order', async () => {
    const app = webfw()
    app.use(tag('1'), [tag('2'), [tag('3'), [tag('4')]]], tag('5'))
    app.use('/p', [tag('6')], tag('7'))
    report(app)
    const names = (await seen(app, '/p')).map((s) => s.split(':')[0])
    assert.deepEqual(names, ['1', '2', '3', '4', '5', '6', '7'])
  })

  test('a path given inside an array is a path, not a callback', async () => {
    const app = webfw()
    app.use(['/x'], tag('x'))
    report(app)
    assert.deepEqual(await seen(app, '/x/y'), ['x:/x|/y|/y|/x/y'])
  })

  test('routers nest, and the URL is restored on the way out', async () => {
    const app = webfw()
    const outer = webfw.Router()
    const inner = webfw.Router()
    inner.use(tag('inner'))
    outer.use('/in', inner)
    outer.use(tag('outer-after'))
    app.use('/out', outer)
    app.use(tag('app-after'))
    report(app)
    assert.deepEqual(await seen(app, '/out/in/deep?k=v'), [
      'inner:/out/in|/deep?k=v|/deep|/out/in/deep?k=v',
      'outer-after:/out|/in/deep?k=v|/in/deep|/out/in/deep?k=v',
      'app-after:|/out/in/deep?k=v|/out/in/deep|/out/in/deep?k=v',
    ])
  })

  test('apps are valid middleware and see their mount path stripped', async () => {
    const app = webfw()
    const sub = webfw()
    sub.use(tag('sub'))
    app.use('/sub', sub)
    report(app)
    assert.deepEqual(await seen(app, '/sub/page'), ['sub:/sub|/page|/page|/sub/page'])
  })

  test('a URL whose path is exactly the mount point gets "/" inside and is restored', async () => {
    const app = webfw()
    app.use('/m', tag('m'))
    app.use(tag('after'))
    report(app)
    assert.deepEqual(await seen(app, '/m/?q'), ['m:/m|/?q|/|/m/?q', 'after:|/m/?q|/m/|/m/?q'])
  })

  test('use() matches every method', async () => {
    const app = webfw()
    app.use('/any', (req: Any, res: Any) => res.send(req.method))
    await withServer(app, async (srv) => {
      for (const m of ['GET', 'POST', 'PUT', 'DELETE']) assert.equal((await rawRequest(srv.port, m, '/any/x')).body, m)
    })
  })
})
