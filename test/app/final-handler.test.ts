/**
 * The final handler: what a client gets when nothing handles the request or
 * an error is left unhandled, in development and in production.
 */
import assert from 'node:assert/strict'
import net from 'node:net'
import { describe, test } from 'node:test'
import { afterImmediates } from '../helpers/collector'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, webfw3, webfw4, type Any } from '../helpers/webfw'
import { express4, express5 } from '../helpers/side-by-side'

function appIn(env: string): Any {
  const saved = process.env.NODE_ENV
  process.env.NODE_ENV = env
  try {
    return webfw()
  } finally {
    process.env.NODE_ENV = saved
  }
}

async function get(app: Any, path: string, method = 'GET') {
  return withServer(app, (srv) => rawRequest(srv.port, method, path))
}

describe('404', () => {
  test('Cannot METHOD /path, HTML-escaped, with the security headers', async () => {
    const app = webfw()
    const r = await get(app, '/missing/<script>?q=1', 'POST')
    assert.equal(r.status, 404)
    assert.match(r.body, /<pre>Cannot POST \/missing\/%3Cscript%3E<\/pre>/)
    assert.doesNotMatch(r.body, /<script>/)
    assert.equal(r.headers['content-security-policy'], "default-src 'none'")
    assert.equal(r.headers['x-content-type-options'], 'nosniff')
    assert.equal(r.headers['content-type'], 'text/html; charset=utf-8')
    assert.equal(Number(r.headers['content-length']), Buffer.byteLength(r.body))
  })

  test('HEAD gets the status without a body', async () => {
    const r = await get(webfw(), '/nope', 'HEAD')
    assert.equal(r.status, 404)
    assert.equal(r.body, '')
  })
})

describe('unhandled errors', () => {
  const quiet = (app: Any) => app.set('env', 'test') // keeps the error log out of test output

  test('status from err.status, else err.statusCode, else 500', async () => {
    const app = appIn('test')
    app.get('/s', (_req: Any, _res: Any, next: Any) => next(Object.assign(new Error('teapot'), { status: 418 })))
    app.get('/sc', (_req: Any, _res: Any, next: Any) => next(Object.assign(new Error('gone'), { statusCode: 410 })))
    app.get('/bad', (_req: Any, _res: Any, next: Any) => next(Object.assign(new Error('weird'), { status: 200 })))
    app.get('/plain', () => {
      throw new Error('plain')
    })
    quiet(app)
    assert.equal((await get(app, '/s')).status, 418)
    assert.equal((await get(app, '/sc')).status, 410)
    assert.equal((await get(app, '/bad')).status, 500)
    assert.equal((await get(app, '/plain')).status, 500)
  })

  test('an error status already on the response is kept when the error has none', async () => {
    const app = appIn('test')
    app.get('/', (_req: Any, res: Any, next: Any) => {
      res.status(503)
      next(new Error('down'))
    })
    assert.equal((await get(app, '/')).status, 503)
  })

  test('development shows the stack, escaped', async () => {
    const app = appIn('development')
    quiet(app)
    app.get('/', () => {
      throw new Error('<b>dev detail</b>')
    })
    const r = await get(app, '/')
    assert.equal(r.status, 500)
    assert.match(r.body, /Error: &lt;b&gt;dev detail&lt;\/b&gt;/)
    assert.match(r.body, /at /)
  })

  test('production shows only the status text: no message, no stack, no path', async () => {
    const app = appIn('production')
    app.set('env', 'production')
    const errors: unknown[] = []
    const saved = console.error
    console.error = (e: unknown) => errors.push(e)
    try {
      app.get('/', () => {
        throw new Error('secret detail at /srv/app/secret.js')
      })
      app.get('/404', (_req: Any, _res: Any, next: Any) => next(Object.assign(new Error('db row 17 missing'), { status: 404 })))
      app.get('/str', (_req: Any, _res: Any, next: Any) => next('string secret'))
      const r = await get(app, '/')
      assert.equal(r.status, 500)
      assert.match(r.body, /<pre>Internal Server Error<\/pre>/)
      assert.doesNotMatch(r.body, /secret|\.js|at /)
      const nf = await get(app, '/404')
      assert.match(nf.body, /<pre>Not Found<\/pre>/)
      assert.doesNotMatch(nf.body, /db row/)
      const str = await get(app, '/str')
      assert.doesNotMatch(str.body, /string secret/)
      // the error log runs in a setImmediate queued while the error was handled
      await afterImmediates()
    } finally {
      console.error = saved
    }
    assert.ok(errors.length >= 1, 'the error is still logged on the server')
  })

  test('err.headers are sent with 4xx and 5xx errors', async () => {
    const app = appIn('test')
    app.get('/', (_req: Any, _res: Any, next: Any) =>
      next(Object.assign(new Error('slow down'), { status: 429, headers: { 'Retry-After': '5' } })),
    )
    const r = await get(app, '/')
    assert.equal(r.status, 429)
    assert.equal(r.headers['retry-after'], '5')
  })

  test('an error after headers were sent ends the socket instead of writing twice', async () => {
    const app = appIn('test')
    app.get('/', (_req: Any, res: Any, next: Any) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write('partial')
      next(new Error('late'))
    })
    await withServer(app, async (srv) => {
      const outcome = await new Promise<string>((resolve) => {
        const socket = net.connect(srv.port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'))
        let data = ''
        socket.on('data', (c) => (data += c))
        socket.on('close', () => resolve(data))
        socket.on('error', () => resolve(data))
      })
      assert.match(outcome, /^HTTP\/1\.1 200/)
      assert.match(outcome, /partial/)
      assert.doesNotMatch(outcome, /late|Internal Server Error/)
    })
  })

  test('errors are logged to stderr except in the test environment', async () => {
    const logged: unknown[] = []
    const saved = console.error
    console.error = (e: unknown) => logged.push(e)
    try {
      const dev = appIn('development')
      dev.get('/', (_req: Any, _res: Any, next: Any) => next(new Error('log me')))
      await get(dev, '/')
      const testEnv = appIn('test')
      testEnv.get('/', (_req: Any, _res: Any, next: Any) => next(new Error('quiet')))
      await get(testEnv, '/')
      // the error log runs in a setImmediate queued while the error was handled
      await afterImmediates()
    } finally {
      console.error = saved
    }
    assert.equal(logged.length, 1)
    assert.equal((logged[0] as Error).message, 'log me')
  })

  test('the log is each Express\'s: 5.x the value itself, 4.x and 3.x err.stack (or the value as text)', async () => {
    const errors = [
      Object.assign(new Error('with properties'), { code: 'EBOOM', status: 503, expose: false }),
      'a plain string',
      42,
    ]
    const logOf = async (factory: Any): Promise<unknown[]> => {
      const logged: unknown[] = []
      const saved = console.error
      console.error = (...args: unknown[]) => logged.push(args)
      try {
        for (const err of errors) {
          const app = factory()
          app.set('env', 'development')
          app.get('/', (_req: Any, _res: Any, next: Any) => next(err))
          await get(app, '/')
        }
        await afterImmediates()
      } finally {
        console.error = saved
      }
      return logged
    }
    const five = await logOf(webfw)
    assert.deepEqual(five, await logOf(express5))
    assert.deepEqual(five, [[errors[0]], ['a plain string'], [42]])
    const four = await logOf(webfw4)
    assert.deepEqual(four, await logOf(express4))
    assert.deepEqual(four, [[(errors[0] as Error).stack], ['a plain string'], ['42']])
    assert.deepEqual(await logOf(webfw3), four)
  })
})
