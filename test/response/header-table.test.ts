/**
 * The headers webfw sets on every response (X-Powered-By, Content-Type,
 * Content-Length, its own ETag) are written straight into node:http's header
 * table. These tests pin what that must not change: the spelling on the wire,
 * what header APIs and writeHead hooks see, wrapped setHeader/getHeader
 * seeing every call, and setHeader's error once the headers are sent.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { runNode } from '../helpers/child'
import { call, rawHttp } from '../helpers/call'
import { assertHookSaw, hookedJsonApp, sendAfterEndApp, wrapHeaderCalls } from '../helpers/header-cases'
import { type Any, packageRoot, webfw, webfw3, webfw4 } from '../helpers/webfw'

const jsonApp = (factory: Any) => {
  const app = factory()
  app.get('/json', (_req: unknown, res: Any) => res.json({ a: 1 }))
  app.get('/html', (_req: unknown, res: Any) => res.send('<p>hi</p>'))
  return app
}

describe('headers webfw sets on a response', () => {
  for (const [version, factory] of [
    ['5.x', webfw],
    ['4.x', webfw4],
  ] as const) {
    it(`keep their spelling on the wire (${version})`, async () => {
      const app = jsonApp(factory)
      const json = await rawHttp(app, 'GET /json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
      assert.match(json, /\r\nX-Powered-By: webfw\r\n/)
      assert.match(json, /\r\nContent-Type: application\/json; charset=utf-8\r\n/)
      assert.match(json, /\r\nContent-Length: 7\r\n/)
      assert.match(json, /\r\nETag: W\/"7-[A-Za-z0-9+/]{27}"\r\n/)
      const html = await rawHttp(app, 'GET /html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
      assert.match(html, /\r\nContent-Type: text\/html; charset=utf-8\r\n/)
      assert.match(html, /\r\nContent-Length: 9\r\n/)
    })
  }

  // res.send's Content-Length: 3.x keeps one the application set, 4.x and
  // 5.x write the body's. Over HEAD, so that a kept value need not match the
  // (unsent) body.
  it('Content-Length: kept when set by the application in 3.x, replaced in 4.x and 5.x', async () => {
    for (const [version, factory, expected] of [
      ['3.x', webfw3, '100'],
      ['4.x', webfw4, '3'],
      ['5.x', webfw, '3'],
    ] as const) {
      const app = factory()
      app.get('/', (_req: unknown, res: Any) => {
        res.setHeader('Content-Length', '100')
        res.send('abc')
      })
      const head = await rawHttp(app, 'HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
      assert.match(head, new RegExp(`\\r\\nContent-Length: ${expected}\\r\\n`), version)
    }
  })

  it('are seen by getHeader, getHeaders and hasHeader, and removeHeader removes them, in a writeHead hook', async () => {
    const { app, seen } = hookedJsonApp(webfw)
    const res = await call(app)
    assertHookSaw(seen(), res.headers)
  })

  it('all pass through a wrapped setHeader and getHeader', async () => {
    const app = jsonApp(webfw)
    const sets: string[] = []
    const gets: string[] = []
    const server = (req: http.IncomingMessage, res: Any) => {
      wrapHeaderCalls(res, sets, gets)
      app(req, res)
    }
    const res = await call(server, '/json')
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8; wrapped')
    assert.deepEqual(sets, ['X-Powered-By', 'Content-Type', 'Content-Length', 'ETag'])
    for (const name of ['content-type', 'etag', 'transfer-encoding']) assert.ok(gets.includes(name), name)
  })

  it('after the headers are sent, res.json and res.send throw setHeader’s error', async () => {
    const { app, codes } = sendAfterEndApp(webfw)
    const res = await call(app)
    assert.equal(res.body, 'done')
    assert.deepEqual(codes, ['ERR_HTTP_HEADERS_SENT', 'ERR_HTTP_HEADERS_SENT'])
  })

  it('inherit no names: constructor, toString and __proto__ are headers like any other', async () => {
    const app = webfw()
    const seen: Record<string, unknown> = {}
    app.get('/', (_req: unknown, res: Any) => {
      // X-Powered-By is in the table already: webfw made it.
      seen.before = [res.hasHeader('constructor'), res.getHeader('toString'), res.hasHeader('__proto__')]
      res.setHeader('Constructor', 'c')
      res.setHeader('__proto__', 'p')
      seen.after = [res.getHeader('constructor'), res.getHeader('__proto__'), Object.keys(res.getHeaders())]
      res.json({ a: 1 })
    })
    const raw = await rawHttp(app, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    assert.deepEqual(seen.before, [false, undefined, false])
    assert.deepEqual(seen.after, ['c', 'p', ['x-powered-by', 'constructor', '__proto__']])
    assert.match(raw, /\r\nConstructor: c\r\n/)
    assert.match(raw, /\r\n__proto__: p\r\n/)
  })

  // The table webfw makes has fast properties, unlike node:http's own
  // (docs/perf.md, "The header table"). V8's own answer, in a child process
  // that may use its natives syntax.
  it('is a table with fast properties when webfw makes it', async () => {
    const code = `
      const http = require('node:http')
      const webfw = require('webfw')
      const kOutHeaders = Object.getOwnPropertySymbols(new http.OutgoingMessage()).find((s) => s.description === 'kOutHeaders')
      const app = webfw()
      let fast
      app.get('/', (req, res) => {
        res.json({ a: 1 })
        fast = %HasFastProperties(res[kOutHeaders])
      })
      const server = app.listen(0, '127.0.0.1', () => {
        http.get({ port: server.address().port, host: '127.0.0.1', path: '/' }, (res) => {
          res.resume()
          res.on('end', () => { console.log(JSON.stringify({ fast, status: res.statusCode })); server.close() })
        })
      })
    `
    const { code: exit, stdout, stderr } = await runNode(code, { flags: ['--allow-natives-syntax'], cwd: packageRoot })
    assert.equal(exit, 0, stderr)
    assert.deepEqual(JSON.parse(stdout.trim()), { fast: true, status: 200 })
  })

  // Each header webfw writes or reads on every response has a property
  // access of its own (src/response/header-table.ts): one access for every
  // name goes megamorphic in V8. V8's inline-cache log (--log-ic) says which
  // state each access of the module reached while res.json and res.send ran.
  it('are each read and written at an access of their own, which stays monomorphic', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-ic-'))
    const logfile = path.join(dir, 'ic.log')
    try {
      const code = `
        const http = require('node:http')
        const webfw = require('webfw')
        const app = webfw()
        app.get('/json', (req, res) => res.json({ a: 1 }))
        app.get('/html', (req, res) => res.send('<p>hi</p>'))
        const get = (port, path) => new Promise((done) => http.get({ port, host: '127.0.0.1', path }, (res) => { res.resume(); res.on('end', done) }))
        const server = app.listen(0, '127.0.0.1', async () => {
          for (let i = 0; i < 20; i++) for (const p of ['/json', '/html']) await get(server.address().port, p)
          server.close()
        })
      `
      const { code: exit, stderr } = await runNode(code, { flags: ['--log-ic', '--no-logfile-per-isolate', `--logfile=${logfile}`], cwd: packageRoot })
      assert.equal(exit, 0, stderr)
      const names = ['x-powered-by', 'content-type', 'content-length', 'etag', 'transfer-encoding']
      // the table's entries (not the response's own properties, whose
      // shapes are node:http's business): seen, and never past monomorphic
      const states = headerTableAccesses(fs.readFileSync(logfile, 'utf8')).filter((s) => names.includes(s.key))
      for (const name of names) assert.ok(states.some((s) => s.key === name), `no access to ${name} logged`)
      assert.deepEqual(
        // V8's states: 1 monomorphic, P polymorphic, N megamorphic
        states.filter((s) => s.state === 'P' || s.state === 'N'),
        [],
      )
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

/**
 * The inline-cache transitions of header-table.js's functions in a V8 log:
 * each IC line names the address of the code it ran in, which a
 * `code-creation` line before it maps to a function and script.
 */
function headerTableAccesses(log: string): { key: string; state: string }[] {
  const codes: { start: number; size: number; name: string }[] = []
  const found: { key: string; state: string }[] = []
  for (const line of log.split('\n')) {
    if (line.startsWith('code-creation,')) {
      const f = line.split(',')
      codes.push({ start: parseInt(f[4], 16), size: Number(f[5]), name: f.slice(6).join(',') })
    } else if (/^(Keyed)?(Load|Store)IC,/.test(line)) {
      // kind, pc, time, line, column, old state, new state, map, key, ...
      const f = line.split(',')
      const pc = parseInt(f[1], 16)
      let code
      for (let i = codes.length - 1; i >= 0 && code === undefined; i--) {
        if (pc >= codes[i].start && pc < codes[i].start + codes[i].size) code = codes[i]
      }
      // accesses inside the module's functions, not its top-level code
      if (code !== undefined && /header-table\.js:\d+:\d+/.test(code.name) && !/header-table\.js:1:1/.test(code.name)) {
        found.push({ key: f[8], state: f[6] })
      }
    }
  }
  return found
}
