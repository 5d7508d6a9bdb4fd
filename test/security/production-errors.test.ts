/**
 * With NODE_ENV=production, no error response carries a stack trace, a
 * filesystem path or an internal message: every error path reachable from
 * a request — router decode errors, throws and rejections, errors passed to
 * next (objects, strings), body parser errors of every kind, static and
 * sendFile/download errors, render errors, res.format's 406, bad arguments
 * to res.status/res.redirect, param triggers, query parsers, errors with
 * headers, errors after the headers went out — answers exactly the
 * production page for its status: the status text, nothing else.
 */
process.env.NODE_ENV = 'production'

import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { after, before, describe, it } from 'node:test'
import statuses from 'statuses'
import { serve, type Running } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'
import { inspect } from 'node:util'
import { converse, header, type RawReply } from './support'

// The server's error log (console.error in production): kept here for the
// whole (one-file) test process, and checked at the end.
const logged: string[] = []
console.error = (...args: unknown[]) => {
  logged.push(args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' '))
}

/** The production error page of the final handler for `status`. */
function page(status: number): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>' +
    (statuses.message as Record<number, string>)[status] +
    '</pre>\n</body>\n</html>\n'
  )
}

const SECRET_TEXT = 'SECRET-INTERNAL-DETAIL'
let dir: string
let views: string
let srv5: Running
let srv4: Running

function build(factory: Any): Any {
  const app = factory()
  assert.equal(app.get('env'), 'production')
  app.set('views', views)
  app.engine('boom', (_file: string, _opts: unknown, cb: Any) => cb(new Error(`${SECRET_TEXT} in template ${views}/x.boom line 3`)))
  app.engine('throws', () => {
    throw new Error(`${SECRET_TEXT} thrown by the engine`)
  })
  app.param('pid', (_req: Any, _res: Any, next: Any) => next(new Error(`${SECRET_TEXT} in a param trigger`)))

  app.get('/p/:id', (req: Any, res: Any) => res.send(req.params.id))
  app.get('/param/:pid', (_req: Any, res: Any) => res.send('never'))
  app.get('/throw', () => {
    throw new Error(`${SECRET_TEXT} at /srv/app/routes.js:10`)
  })
  app.get('/throw-status', () => {
    throw Object.assign(new Error(`${SECRET_TEXT} forbidden for user 42`), { status: 403, expose: true })
  })
  app.get('/reject', async () => {
    await Promise.resolve()
    throw new Error(`${SECRET_TEXT} rejected`)
  })
  app.get('/next-string', (_req: Any, _res: Any, next: Any) => next(`${SECRET_TEXT} as a string`))
  app.get('/next-object', (_req: Any, _res: Any, next: Any) => next({ status: 502, message: `${SECRET_TEXT} db at 10.0.0.1`, stack: `${SECRET_TEXT}\n    at /srv/app/db.js:1:1` }))
  app.get('/next-number', (_req: Any, _res: Any, next: Any) => next(42))
  app.get('/err-headers', (_req: Any, _res: Any, next: Any) => next(Object.assign(new Error(SECRET_TEXT), { status: 401, headers: { 'WWW-Authenticate': 'Basic realm="app"' } })))
  app.get('/after-headers', (_req: Any, res: Any, next: Any) => {
    res.write('partial ')
    next(new Error(`${SECRET_TEXT} after the headers`))
  })
  app.post('/json', factory.json({ limit: 64, verify: (req: Any) => { if (req.headers['x-fail-verify']) throw new Error(`${SECRET_TEXT} verify`) } }), (req: Any, res: Any) => res.json(req.body))
  app.post('/form', factory.urlencoded({ extended: true, parameterLimit: 2, depth: 1 }), (req: Any, res: Any) => res.json(req.body))
  app.use('/static', factory.static(dir, { fallthrough: false, dotfiles: 'deny' }))
  app.get('/sendfile-missing', (_req: Any, res: Any, next: Any) => res.sendFile(path.join(dir, 'missing.txt'), (err: Any) => next(err)))
  app.get('/sendfile-missing-nocb', (_req: Any, res: Any) => res.sendFile(path.join(dir, 'missing.txt')))
  app.get('/sendfile-outside', (_req: Any, res: Any) => res.sendFile('../../etc/passwd', { root: dir }))
  app.get('/sendfile-nul', (_req: Any, res: Any) => res.sendFile('a\u0000b', { root: dir }))
  app.get('/download-missing', (_req: Any, res: Any) => res.download(path.join(dir, 'nope.pdf')))
  app.get('/render-missing', (_req: Any, res: Any) => res.render('no-such-view'))
  app.get('/render-callback-error', (_req: Any, res: Any) => res.render('x.boom'))
  app.get('/render-throws', (_req: Any, res: Any) => res.render('x.throws'))
  app.get('/render-no-engine', (_req: Any, res: Any) => res.render('no-extension'))
  app.get('/format', (_req: Any, res: Any) => res.format({ 'application/json': () => res.json({}) }))
  // 1000: out of range for both profiles (4.x leaves 600-999 to the runtime, which accepts them).
  app.get('/redirect-bad', (_req: Any, res: Any) => res.redirect(1000, '/'))
  app.get('/status-bad', (_req: Any, res: Any) => res.status('abc').send('x'))
  app.get('/query-parser', (req: Any, res: Any) => res.json(req.query))
  app.get('/json-circular', (_req: Any, res: Any) => {
    const o: Any = {}
    o.self = o
    res.json(o)
  })
  return app
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-prod-'))
  views = path.join(dir, 'views')
  fs.mkdirSync(views)
  fs.writeFileSync(path.join(views, 'x.boom'), 'x')
  fs.writeFileSync(path.join(views, 'x.throws'), 'x')
  fs.writeFileSync(path.join(dir, 'file.txt'), '0123456789')
  fs.writeFileSync(path.join(dir, '.env'), 'SECRET=1')
  fs.mkdirSync(path.join(dir, 'sub'))
  srv5 = await serve(build(webfw))
  const app4 = build(webfw4)
  srv4 = await serve(app4)
})

after(async () => {
  await srv5.close()
  await srv4.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

function send(srv: Running, head: string, body?: Buffer): Promise<RawReply> {
  return converse(srv.port, head, body).reply
}

const FORBIDDEN: [string, RegExp][] = [
  ['a stack frame', /\bat .*[:(]\d+/],
  ['a filesystem path', /\/(?:tmp|srv|etc|home|work|usr|var)\/|node_modules|[A-Z]:\\/],
  ['an internal message', new RegExp(SECRET_TEXT)],
  ['a system error code', /\bE[A-Z]{3,}\b/],
  ['a parser message', /Unexpected|JSON|request entity|unsupported charset|unsupported content|parameters|Failed to|lookup view|engine|Invalid status|aborted|exceeded/i],
]

function checkProduction(reply: RawReply, status: number, context: string): void {
  assert.equal(reply.status, status, `${context}: ${reply.text.slice(0, 300)}`)
  for (const [what, re] of FORBIDDEN) {
    assert.doesNotMatch(reply.body, re, `${context}: the body shows ${what}`)
    for (const [name, value] of reply.headers) {
      if (name === 'date' || name === 'content-security-policy') continue
      assert.doesNotMatch(value, re, `${context}: header ${name} shows ${what}`)
    }
  }
  assert.equal(reply.body, page(status), context)
}

const JSON_HEAD = (extra: string, length: number) =>
  `POST /json HTTP/1.1\r\nHost: h\r\nContent-Type: application/json${extra}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`

const GETS: [string, number][] = [
  ['/p/%E0%A4%A', 400],
  ['/param/1', 500],
  ['/throw', 500],
  ['/throw-status', 403],
  ['/reject', 500],
  ['/next-string', 500],
  ['/next-object', 502],
  ['/next-number', 500],
  ['/err-headers', 401],
  ['/static/%ZZ', 400],
  ['/static/../../etc/passwd', 403],
  ['/static/.env', 403],
  ['/static/missing.txt', 404],
  ['/sendfile-missing', 404],
  ['/sendfile-missing-nocb', 404],
  ['/sendfile-outside', 403],
  ['/sendfile-nul', 400],
  ['/download-missing', 404],
  ['/render-missing', 500],
  ['/render-callback-error', 500],
  ['/render-throws', 500],
  ['/render-no-engine', 500],
  ['/redirect-bad', 500],
  ['/status-bad', 500],
  ['/json-circular', 500],
]

for (const [label, srvOf] of [['5.x', () => srv5], ['4.x', () => srv4]] as [string, () => Running][]) {
  describe(`${label} in production`, () => {
    for (const [target, status] of GETS) {
      // 4.x does not turn a rejected promise into next(err) (Express 4 neither).
      if (label === '4.x' && target === '/reject') continue
      it(`GET ${target} -> ${status}, status text only`, async () => {
        const reply = await send(srvOf(), `GET ${target} HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n`)
        checkProduction(reply, status, target)
        if (target === '/err-headers') assert.equal(header(reply, 'www-authenticate'), 'Basic realm="app"')
      })
    }

    it('res.format without a match -> 406', async () => {
      checkProduction(await send(srvOf(), 'GET /format HTTP/1.1\r\nHost: h\r\nAccept: image/png\r\nConnection: close\r\n\r\n'), 406, 'format')
    })

    it('static: unsatisfiable range -> 416, failed precondition -> 412', async () => {
      const r416 = await send(srvOf(), 'GET /static/file.txt HTTP/1.1\r\nHost: h\r\nRange: bytes=100-200\r\nConnection: close\r\n\r\n')
      checkProduction(r416, 416, 'range')
      assert.equal(header(r416, 'content-range'), 'bytes */10')
      checkProduction(await send(srvOf(), 'GET /static/file.txt HTTP/1.1\r\nHost: h\r\nIf-Match: "nope"\r\nConnection: close\r\n\r\n'), 412, 'if-match')
    })

    it('static: a directory without its slash is redirected, a missing index is 404', async () => {
      checkProduction(await send(srvOf(), 'GET /static/sub/ HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n'), 404, 'no index')
    })

    it('body parser errors: every kind answers the status text only', async () => {
      const bad = Buffer.from('{"a":' + SECRET_TEXT)
      checkProduction(await send(srvOf(), JSON_HEAD('', bad.length), bad), 400, 'invalid JSON')
      const strict = Buffer.from('"' + SECRET_TEXT + '"')
      checkProduction(await send(srvOf(), JSON_HEAD('', strict.length), strict), 400, 'strict JSON')
      checkProduction(await send(srvOf(), JSON_HEAD('', 1000), Buffer.alloc(1000, 0x20)), 413, 'too large')
      checkProduction(await send(srvOf(), JSON_HEAD('; charset=x-secret', 2), Buffer.from('{}')), 415, 'unsupported charset')
      checkProduction(await send(srvOf(), JSON_HEAD('\r\nContent-Encoding: x-secret', 2), Buffer.from('{}')), 415, 'unsupported encoding')
      const corrupt = Buffer.from('not gzip at all')
      checkProduction(await send(srvOf(), JSON_HEAD('\r\nContent-Encoding: gzip', corrupt.length), corrupt), 400, 'corrupt gzip')
      const bomb = zlib.gzipSync(Buffer.alloc(1 << 20))
      checkProduction(await send(srvOf(), JSON_HEAD('\r\nContent-Encoding: gzip', bomb.length), bomb), 413, 'gzip bomb')
      checkProduction(await send(srvOf(), JSON_HEAD('\r\nX-Fail-Verify: 1', 2), Buffer.from('{}')), 403, 'verify')
      const form = (body: string) => `POST /form HTTP/1.1\r\nHost: h\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`
      checkProduction(await send(srvOf(), form('a=1&b=2&c=3')), 413, 'too many parameters')
      checkProduction(await send(srvOf(), form('a[b][c][d]=1')), 400, 'too deep')
    })

    it('an error after the headers went out ends the connection without an error page', async () => {
      const reply = await send(srvOf(), 'GET /after-headers HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n')
      assert.equal(reply.closed, true)
      assert.doesNotMatch(reply.text, new RegExp(SECRET_TEXT))
      assert.doesNotMatch(reply.text, /\bat .*:\d+/)
    })

    it('not found: "Cannot GET" and the (escaped) path the client sent, nothing else', async () => {
      const reply = await send(srvOf(), 'GET /nothing/<b>here HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n')
      assert.equal(reply.status, 404)
      assert.match(reply.body, /<pre>Cannot GET \/nothing\/%3Cb%3Ehere<\/pre>/)
    })
  })
}

describe('a query parser that throws', () => {
  it('is a 500 with the status text only', async () => {
    const app = webfw()
    app.set('query parser', () => {
      throw new Error(`${SECRET_TEXT} in the query parser`)
    })
    app.get('/', (req: Any, res: Any) => res.json(req.query))
    const srv = await serve(app)
    try {
      checkProduction(await send(srv, 'GET /?a=1 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n'), 500, 'query parser')
    } finally {
      await srv.close()
    }
  })
})

describe("the details go to the server's log instead", () => {
  it('the logged errors carry the messages and stacks the responses did not', () => {
    const text = logged.join('\n')
    assert.match(text, new RegExp(`${SECRET_TEXT} at /srv/app/routes.js`))
    assert.match(text, /Failed to decode param/)
    assert.match(text, /\n\s+at /, 'stack frames')
  })
})
