/**
 * The application object: a request listener for HTTP and HTTPS servers,
 * app.listen in every argument shape, app.locals, app.mountpath, the lazy
 * app.router, app.path(), the mount event, METHOD registration.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { afterImmediates } from '../helpers/collector'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, type Any } from '../helpers/webfw'

const fixtures = path.join(__dirname, '..', '..', 'test', 'fixtures')

function listening(server: http.Server): Promise<void> {
  return new Promise((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())))
}

function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections?.()
    server.close(() => resolve())
  })
}

describe('webfw()', () => {
  test('returns a function that serves http.createServer', async () => {
    const app = webfw()
    assert.equal(typeof app, 'function')
    app.get('/', (_req: Any, res: Any) => res.send('plain http'))
    await withServer(app, async (srv) => {
      const r = await rawRequest(srv.port, 'GET', '/')
      assert.equal(r.status, 200)
      assert.equal(r.body, 'plain http')
    })
  })

  test('serves https.createServer', async () => {
    const app = webfw()
    app.get('/', (req: Any, res: Any) => res.send(`secure=${req.socket.encrypted === true}`))
    const server = https.createServer(
      { key: fs.readFileSync(path.join(fixtures, 'key.pem')), cert: fs.readFileSync(path.join(fixtures, 'cert.pem')) },
      app,
    )
    server.listen(0, '127.0.0.1')
    await listening(server)
    const { port } = server.address() as net.AddressInfo
    const body = await new Promise<string>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port, path: '/', rejectUnauthorized: false }, (res) => {
          let data = ''
          res.on('data', (c) => (data += c))
          res.on('end', () => resolve(data))
        })
        .on('error', reject)
    })
    await close(server)
    assert.equal(body, 'secure=true')
  })

  test('each app is independent', () => {
    const a = webfw()
    const b = webfw()
    a.set('x', 1)
    assert.equal(b.get('x'), undefined)
    assert.notEqual(a.request, b.request)
    assert.equal(a.request.app, a)
    assert.equal(a.response.app, a)
  })
})

describe('app.listen()', () => {
  test('(port, host, callback) returns the listening server', async () => {
    const app = webfw()
    app.get('/', (_req: Any, res: Any) => res.send('listen'))
    let called = false
    const server = app.listen(0, '127.0.0.1', () => {
      called = true
    })
    assert.ok(server instanceof http.Server)
    await listening(server)
    await new Promise((r) => setImmediate(r))
    assert.equal(called, true)
    const { port, address } = server.address() as net.AddressInfo
    assert.equal(address, '127.0.0.1')
    const r = await rawRequest(port, 'GET', '/')
    assert.equal(r.body, 'listen')
    await close(server)
  })

  test('(callback) alone assigns a free port', async () => {
    const app = webfw()
    const server = await new Promise<http.Server>((resolve) => {
      const s = app.listen(() => resolve(s))
    })
    assert.ok((server.address() as net.AddressInfo).port > 0)
    await close(server)
  })

  test('(port, host, backlog, callback)', async () => {
    const app = webfw()
    const server = await new Promise<http.Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', 7, () => resolve(s))
    })
    assert.equal((server.address() as net.AddressInfo).address, '127.0.0.1')
    await close(server)
  })

  test('(path, callback) listens on a socket path', { skip: process.platform === 'win32' }, async () => {
    const app = webfw()
    app.get('/', (_req: Any, res: Any) => res.send('over a socket'))
    const socketPath = path.join(os.tmpdir(), `webfw-${process.pid}-${Date.now()}.sock`)
    const server = await new Promise<http.Server>((resolve) => {
      const s = app.listen(socketPath, () => resolve(s))
    })
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get({ socketPath, path: '/' }, (res) => {
          let data = ''
          res.on('data', (c) => (data += c))
          res.on('end', () => resolve(data))
        })
        .on('error', reject)
    })
    await close(server)
    assert.equal(body, 'over a socket')
  })

  test('a listen error reaches the callback once', async () => {
    const blocker = net.createServer().listen(0, '127.0.0.1')
    await listening(blocker as unknown as http.Server)
    const { port } = blocker.address() as net.AddressInfo
    const app = webfw()
    const calls: unknown[] = []
    await new Promise<void>((resolve) => {
      app.listen(port, '127.0.0.1', (err: unknown) => {
        calls.push(err)
        // a second call would come from the same failed bind: events already queued
        afterImmediates().then(resolve)
      })
    })
    blocker.close()
    assert.equal(calls.length, 1)
    assert.equal((calls[0] as NodeJS.ErrnoException).code, 'EADDRINUSE')
  })

  test('requests on a listen() server use the app prototypes without re-parenting', async () => {
    const app = webfw()
    app.request.greet = function () {
      return 'hi from ' + this.path
    }
    app.get('/p', (req: Any, res: Any) => res.send(`${req.greet()} ${req instanceof http.IncomingMessage} ${res instanceof http.ServerResponse}`))
    const server = app.listen(0, '127.0.0.1')
    await listening(server)
    const r = await rawRequest((server.address() as net.AddressInfo).port, 'GET', '/p')
    await close(server)
    assert.equal(r.body, 'hi from /p true true')
  })
})

describe('app.locals, app.mountpath, app.router, app.path()', () => {
  test('app.locals persists, has no prototype and exposes settings', () => {
    const app = webfw()
    assert.equal(Object.getPrototypeOf(app.locals), null)
    assert.equal(app.locals.settings, app.settings)
    app.locals.title = 'T'
    assert.equal(app.locals.title, 'T')
  })

  test('app.locals is reachable as req.app.locals', async () => {
    const app = webfw()
    app.locals.name = 'shop'
    app.get('/', (req: Any, res: Any) => res.send(req.app.locals.name))
    await withServer(app, async (srv) => assert.equal((await rawRequest(srv.port, 'GET', '/')).body, 'shop'))
  })

  test('mountpath is "/" until mounted, then the pattern (or the list of patterns)', () => {
    const parent = webfw()
    const one = webfw()
    const many = webfw()
    assert.equal(one.mountpath, '/')
    parent.use('/blog', one)
    parent.use(['/a', '/b/:x'], many)
    assert.equal(one.mountpath, '/blog')
    assert.deepEqual(many.mountpath, ['/a', '/b/:x'])
  })

  test('app.path() is "" for the root and the canonical path of nested apps', () => {
    const root = webfw()
    const blog = webfw()
    const admin = webfw()
    root.use('/blog', blog)
    blog.use('/admin', admin)
    assert.equal(root.path(), '')
    assert.equal(blog.path(), '/blog')
    assert.equal(admin.path(), '/blog/admin')
  })

  test('app.router is created lazily, once, with the routing settings', async () => {
    const app = webfw()
    app.enable('case sensitive routing')
    app.enable('strict routing')
    const router = app.router
    assert.equal(typeof router, 'function')
    assert.equal(app.router, router)
    assert.equal(router.caseSensitive, true)
    assert.equal(router.strict, true)
    router.get('/Direct', (_req: Any, res: Any) => res.send('via app.router'))
    await withServer(app, async (srv) => {
      assert.equal((await rawRequest(srv.port, 'GET', '/Direct')).body, 'via app.router')
      assert.equal((await rawRequest(srv.port, 'GET', '/direct')).status, 404)
    })
  })

  test('the mount event receives the parent, and sub-apps inherit prototypes', async () => {
    const parent = webfw()
    const child = webfw()
    let seen: unknown = null
    child.on('mount', (p: unknown) => (seen = p))
    parent.request.fromParent = () => 'inherited'
    parent.use('/child', child)
    assert.equal(seen, parent)
    assert.equal(child.parent, parent)
    child.get('/', (req: Any, res: Any) => res.send(`${req.fromParent()} ${req.app === child}`))
    parent.get('/', (req: Any, res: Any) => res.send(String(req.app === parent)))
    await withServer(parent, async (srv) => {
      assert.equal((await rawRequest(srv.port, 'GET', '/child')).body, 'inherited true')
      assert.equal((await rawRequest(srv.port, 'GET', '/')).body, 'true')
    })
  })

  test('req.app is restored when a request leaves a sub-app', async () => {
    const parent = webfw()
    const child = webfw()
    child.use((_req: Any, _res: Any, next: Any) => next())
    parent.use(child)
    parent.get('/', (req: Any, res: Any) => res.send(String(req.app === parent && res.app === parent)))
    await withServer(parent, async (srv) => assert.equal((await rawRequest(srv.port, 'GET', '/')).body, 'true'))
  })
})

describe('METHOD, all, route', () => {
  const specMethods = [
    'checkout', 'copy', 'delete', 'get', 'head', 'lock', 'merge', 'mkactivity', 'mkcol', 'move', 'm-search',
    'notify', 'options', 'patch', 'post', 'purge', 'put', 'report', 'search', 'subscribe', 'trace', 'unlock', 'unsubscribe',
  ]

  test('every method of the spec is a registration function', () => {
    const app = webfw()
    for (const m of specMethods) assert.equal(typeof app[m], 'function', m)
  })

  for (const m of specMethods) {
    if (m === 'head' || m === 'connect') continue
    test(`app['${m}'] routes ${m.toUpperCase()} requests`, async () => {
      const app = webfw()
      app[m]('/x', (req: Any, res: Any) => res.set('x-method', req.method).end())
      await withServer(app, async (srv) => {
        const r = await rawRequest(srv.port, m.toUpperCase(), '/x')
        assert.equal(r.status, 200)
        assert.equal(r.headers['x-method'], m.toUpperCase())
        assert.notEqual((await rawRequest(srv.port, m === 'get' ? 'POST' : 'GET', '/x')).headers['x-method'], m.toUpperCase())
      })
    })
  }

  test('app.get(name) with one argument reads a setting', () => {
    const app = webfw()
    app.set('title', 'x')
    assert.equal(app.get('title'), 'x')
  })

  test('app.all matches every method', async () => {
    const app = webfw()
    app.all('/any', (req: Any, res: Any) => res.send(req.method))
    await withServer(app, async (srv) => {
      for (const m of ['GET', 'POST', 'DELETE', 'PATCH']) assert.equal((await rawRequest(srv.port, m, '/any')).body, m)
    })
  })

  test('app.route chains verbs on one route', async () => {
    const app = webfw()
    const route = app
      .route('/book')
      .get((_req: Any, res: Any) => res.send('get'))
      .post((_req: Any, res: Any) => res.send('post'))
    assert.equal(route.path, '/book')
    await withServer(app, async (srv) => {
      assert.equal((await rawRequest(srv.port, 'GET', '/book')).body, 'get')
      assert.equal((await rawRequest(srv.port, 'POST', '/book')).body, 'post')
      assert.equal((await rawRequest(srv.port, 'PUT', '/book')).status, 404)
    })
  })

  test('registration without a handler throws', () => {
    const app = webfw()
    assert.throws(() => app.post('/x'), TypeError)
    assert.throws(() => app.post('/x', 'nope'), TypeError)
    assert.throws(() => app.use(), TypeError)
    assert.throws(() => app.use('/x'), TypeError)
  })
})

describe('http.createServer(app)', () => {
  test('after the first request the server builds requests with the app prototypes', async () => {
    const app = webfw()
    const protos: boolean[] = []
    app.get('/', (req: Any, res: Any) => {
      protos.push(Object.getPrototypeOf(req) === app.request)
      res.send(String(req instanceof http.IncomingMessage))
    })
    await withServer(app, async (srv) => {
      assert.equal((await rawRequest(srv.port, 'GET', '/')).body, 'true')
      assert.equal((await rawRequest(srv.port, 'GET', '/')).body, 'true')
    })
    // first: re-parented to app.request; second: an instance of the app's class
    assert.deepEqual(protos, [true, false])
  })

  test("the app's classes get node:http's constructor arguments (the response options)", async (t) => {
    // rejectNonStandardBodyWrites reaches a response only through its
    // constructor's options: a body written to a HEAD response then throws.
    const app = webfw()
    const seen: [boolean, string][] = []
    app.head('/', (req: Any, res: Any) => {
      let code = 'none'
      try {
        res.write('x')
      } catch (err) {
        code = (err as { code: string }).code
      }
      seen.push([Object.getPrototypeOf(req) !== app.request, code])
      res.end()
    })
    const server = http.createServer({ rejectNonStandardBodyWrites: true } as http.ServerOptions, app)
    await withServer(app, async (srv) => {
      await rawRequest(srv.port, 'HEAD', '/')
      await rawRequest(srv.port, 'HEAD', '/')
    }, server)
    // the first response is node:http's own: it shows whether this Node has the option
    if (seen[0][1] !== 'ERR_HTTP_BODY_NOT_ALLOWED') return t.skip('this Node has no rejectNonStandardBodyWrites')
    assert.deepEqual(seen[1], [true, 'ERR_HTTP_BODY_NOT_ALLOWED'])
  })

  test('a server with other request listeners is left alone', async () => {
    const app = webfw()
    const protos: boolean[] = []
    app.get('/', (req: Any, res: Any) => {
      protos.push(Object.getPrototypeOf(req) === app.request)
      res.end()
    })
    const server = http.createServer(app)
    server.on('request', () => {})
    await withServer(app, async (srv) => {
      await rawRequest(srv.port, 'GET', '/')
      await rawRequest(srv.port, 'GET', '/')
    }, server)
    assert.deepEqual(protos, [true, true])
  })
})
