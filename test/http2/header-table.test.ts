/**
 * Over HTTP/2 the headers webfw sets itself (X-Powered-By, Content-Type,
 * Content-Length, its own ETag) go straight into node:http2's header table,
 * as over HTTP/1.1 they go into node:http's (src/response/header-table.ts).
 * Counted here: node:http2's own setHeader step is not called for them,
 * nor for an application's header once webfw's setHeader has checked it
 * (src/http2/header-rules.ts), which is stored as node:http2's would. And what that must
 * not change: the fields on the wire, what a writeHead hook sees, a wrapped
 * setHeader/getHeader seeing every call, and setHeader's error once the
 * head is out.
 */
import assert from 'node:assert/strict'
import http2 from 'node:http2'
import { after, before, describe, it } from 'node:test'
import { H2_MODES, h2request, withH2 } from '../helpers/h2'
import { assertHookSaw, hookedJsonApp, sendAfterEndApp, wrapHeaderCalls } from '../helpers/header-cases'
import { type Any, webfw, webfw4 } from '../helpers/webfw'

/** node:http2's response step every setHeader ends in (name checks, then the table). */
const kSetHeader = Object.getOwnPropertySymbols(http2.Http2ServerResponse.prototype).find((s) => s.description === 'setHeader') as symbol
const proto = http2.Http2ServerResponse.prototype as unknown as Record<symbol, (this: unknown, name: string, value: unknown) => unknown>

/** The names node:http2's setHeader step was called with. */
const stored: string[] = []
let original: (this: unknown, name: string, value: unknown) => unknown

before(() => {
  assert.equal(typeof proto[kSetHeader], 'function', "node:http2's response has its setHeader step")
  original = proto[kSetHeader]
  proto[kSetHeader] = function counted(this: unknown, name: string, value: unknown) {
    stored.push(name)
    return original.call(this, name, value)
  }
})
after(() => {
  proto[kSetHeader] = original
})

function bodiesApp(factory: Any): Any {
  const app = factory()
  app.get('/json', (_req: unknown, res: Any) => res.json({ a: 1 }))
  app.get('/html', (_req: unknown, res: Any) => res.send('<p>hi</p>'))
  app.get('/own', (_req: unknown, res: Any) => res.set('X-Own', 'yes').send('<p>hi</p>'))
  return app
}

describe('headers webfw sets on an HTTP/2 response', () => {
  for (const [version, factory] of [
    ['5.x', webfw],
    ['4.x', webfw4],
  ] as const) {
    for (const mode of H2_MODES) {
      it(`are stored without node:http2's setHeader step, and sent (${version}, ${mode})`, async () => {
        await withH2(bodiesApp(factory), mode, async (srv) => {
          stored.length = 0
          const json = await h2request(srv, { path: '/json' })
          assert.equal(json.status, 200)
          assert.equal(json.text, '{"a":1}')
          assert.equal(json.headers['x-powered-by'], 'webfw')
          assert.equal(json.headers['content-type'], 'application/json; charset=utf-8')
          assert.equal(json.headers['content-length'], '7')
          assert.match(String(json.headers.etag), /^W\/"7-[A-Za-z0-9+/]{27}"$/)
          const html = await h2request(srv, { path: '/html' })
          assert.equal(html.headers['content-type'], 'text/html; charset=utf-8')
          assert.equal(html.headers['content-length'], '9')
          // An application's header, once webfw's setHeader has checked it, is stored the same way.
          const own = await h2request(srv, { path: '/own' })
          assert.equal(own.headers['x-own'], 'yes')
          assert.deepEqual(stored, [])
        })
      })
    }
  }

  it("an application's setHeader stores what node:http2's would, and what it refuses still gets its errors", async () => {
    const app = webfw()
    const seen: Record<string, unknown> = {}
    app.get('/', (_req: unknown, res: Any) => {
      res.setHeader('X-Number', 42)
      res.setHeader('Set-Cookie', ['a=1', 'b=2'])
      res.setHeader('TE', 'trailers')
      res.setHeader('X-MiXeD-CaSe', 'kept')
      res.set('Cache-Control', 'no-store')
      seen.table = res.getHeaders()
      seen.stored = [...stored]
      const codes: unknown[] = []
      for (const [name, value] of [['X-Null', null], [42, 'v'], ['Bad Name', 'v'], [':path', '/x'], ['X-CRLF', 'a\r\nb'], ['X-Undefined', undefined]]) {
        try {
          res.setHeader(name, value)
          codes.push('no error')
        } catch (err) {
          codes.push((err as { code?: unknown }).code)
        }
      }
      seen.codes = codes
      res.end('ok')
    })
    stored.length = 0
    const res = await withH2(app, 'h2c-listen', (srv) => h2request(srv))
    assert.deepEqual(seen.stored, [])
    assert.deepEqual({ ...(seen.table as object) }, {
      'x-powered-by': 'webfw',
      'x-number': 42,
      'set-cookie': ['a=1', 'b=2'],
      te: 'trailers',
      'x-mixed-case': 'kept',
      'cache-control': 'no-store',
    })
    assert.deepEqual(seen.codes, [
      'ERR_HTTP2_INVALID_HEADER_VALUE', // null: node:http2's setHeader refuses it
      'ERR_INVALID_ARG_TYPE', // not a string: node:http2's
      'ERR_INVALID_HTTP_TOKEN',
      'ERR_INVALID_HTTP_TOKEN',
      'ERR_INVALID_CHAR',
      'ERR_HTTP_INVALID_HEADER_VALUE',
    ])
    assert.equal(res.headers['x-number'], '42')
    assert.deepEqual(res.headers['set-cookie'], ['a=1', 'b=2'])
    assert.equal(res.headers['x-mixed-case'], 'kept')
    assert.equal(res.headers['cache-control'], 'no-store')
  })

  it('are seen by getHeader, getHeaders and hasHeader, and removeHeader removes them, in a writeHead hook', async () => {
    const { app, seen } = hookedJsonApp(webfw)
    const res = await withH2(app, 'h2c-listen', (srv) => h2request(srv))
    assertHookSaw(seen(), res.headers)
  })

  it('all pass through a setHeader and getHeader wrapped on the response', async () => {
    const app = bodiesApp(webfw)
    const sets: string[] = []
    const gets: string[] = []
    // Wrapped before the app sees the response; the app re-parents it (a server webfw did not make).
    const server = http2.createServer((req: Any, res: Any) => {
      wrapHeaderCalls(res, sets, gets)
      app(req, res)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const res = await h2request({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }, { path: '/json' })
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8; wrapped')
      assert.deepEqual(sets, ['X-Powered-By', 'Content-Type', 'Content-Length', 'ETag'])
      for (const name of ['content-type', 'etag', 'transfer-encoding']) assert.ok(gets.includes(name), name)
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it("after the head is out, res.json and res.send throw node:http2's error from setHeader", async () => {
    const { app, codes } = sendAfterEndApp(webfw)
    const res = await withH2(app, 'h2c-listen', (srv) => h2request(srv))
    assert.equal(res.text, 'done')
    assert.deepEqual(codes, ['ERR_HTTP2_HEADERS_SENT', 'ERR_HTTP2_HEADERS_SENT'])
  })
})
