/**
 * Response splitting through every API that sets a header: a CR or LF
 * (raw, or smuggled as U+560A / U+560D, which a latin1 conversion would
 * turn into LF / CR) in a name, a value, a file name, a cookie part, a URL,
 * a Link target or an error's headers never starts a header of its own.
 * The call throws (the error reaching the error handler), or the
 * character is percent-encoded; the raw bytes the client receives carry no
 * injected line.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { serve, type Running } from '../helpers/http'
import { webfw, type Any } from '../helpers/webfw'
import { converse } from './support'

const INJECTIONS = ['x\r\nX-Injected: 1', 'x\nX-Injected: 1', 'x\rX-Injected: 1', 'x\u560d\u560aX-Injected: 1', 'x\r\n\r\n<script>alert(1)</script>']

type Call = (res: Any, value: string) => void
const CALLS: Record<string, Call> = {
  'res.set(name, value)': (res, v) => res.set('X-Test', v),
  'res.set(value as name)': (res, v) => res.set(v, 'ok'),
  'res.set(object)': (res, v) => res.set({ 'X-Test': v }),
  'res.set(name, array)': (res, v) => res.set('X-Test', ['ok', v]),
  'res.header(name, value)': (res, v) => res.header('X-Test', v),
  'res.append(name, value)': (res, v) => res.append('X-Test', v),
  'res.append(name, array)': (res, v) => res.append('X-Test', ['ok', v]),
  'res.type(mime)': (res, v) => res.type('text/plain' + v),
  'res.type(extension)': (res, v) => res.type(v),
  'res.contentType(mime)': (res, v) => res.contentType('text/html;' + v),
  'res.set(Content-Type)': (res, v) => res.set('Content-Type', 'text/plain' + v),
  'res.location(url)': (res, v) => res.location('/next' + v),
  'res.redirect(url)': (res, v) => res.redirect('/next' + v),
  'res.redirect(status, url)': (res, v) => res.redirect(301, 'http://example.com/' + v),
  'res.cookie(name)': (res, v) => res.cookie('a' + v, 'b'),
  'res.cookie(value)': (res, v) => res.cookie('a', 'b' + v),
  'res.cookie(object value)': (res, v) => res.cookie('a', { v }),
  'res.cookie(path)': (res, v) => res.cookie('a', 'b', { path: '/' + v }),
  'res.cookie(domain)': (res, v) => res.cookie('a', 'b', { domain: 'example.com' + v }),
  'res.cookie(sameSite)': (res, v) => res.cookie('a', 'b', { sameSite: 'lax' + v }),
  'res.cookie(priority)': (res, v) => res.cookie('a', 'b', { priority: 'high' + v }),
  'res.cookie(encode)': (res, v) => res.cookie('a', 'b', { encode: () => v }),
  'res.cookie(signed)': (res, v) => res.cookie('a', 'b' + v, { signed: true }),
  'res.clearCookie(name)': (res, v) => res.clearCookie('a' + v),
  'res.clearCookie(path)': (res, v) => res.clearCookie('a', { path: '/' + v }),
  'res.attachment(name)': (res, v) => res.attachment('report' + v + '.txt'),
  'res.links(url)': (res, v) => res.links({ next: 'http://example.com/' + v }),
  'res.links(rel)': (res, v) => res.links({ ['next' + v]: 'http://example.com/' }),
  'res.vary(field)': (res, v) => res.vary('Accept' + v),
  'res.statusMessage': (res, v) => {
    res.statusMessage = 'OK' + v
  },
  'res.format(key)': (res, v) => res.format({ ['text/plain' + v]: () => res.send('x') }),
  'res.jsonp(callback)': () => {
    throw new Error('handled by its own route')
  },
}

let srv: Running
let dir: string

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-split-'))
  fs.writeFileSync(path.join(dir, 'file.txt'), 'file')
  const app = webfw()
  app.set('env', 'test')
  app.use(webfw.cookieParser('secret'))
  app.get('/call/:name/:i', (req: Any, res: Any) => {
    const value = INJECTIONS[Number(req.params.i)]
    CALLS[req.params.name](res, value)
    if (!res.headersSent) res.send('sent')
  })
  app.get('/jsonp/:i', (req: Any, res: Any) => {
    req.query.callback = 'cb' + INJECTIONS[Number(req.params.i)]
    res.jsonp({ a: 1 })
  })
  app.get('/download/:i', (req: Any, res: Any, next: Any) => {
    res.download(path.join(dir, 'file.txt'), 'name' + INJECTIONS[Number(req.params.i)] + '.txt', (err: Any) => err && next(err))
  })
  app.get('/sendfile-headers/:i', (req: Any, res: Any, next: Any) => {
    res.sendFile('file.txt', { root: dir, headers: { 'X-Test': INJECTIONS[Number(req.params.i)] } }, (err: Any) => err && next(err))
  })
  app.use('/static', webfw.static(dir, { setHeaders: (res: Any) => res.setHeader('X-Static', 'ok') }))
  app.get('/error-headers/:i', (req: Any, _res: Any, next: Any) => {
    const err: Any = new Error('with headers')
    err.status = 401
    err.headers = { 'WWW-Authenticate': 'Basic ' + INJECTIONS[Number(req.params.i)], 'X-Fine': 'kept' }
    next(err)
  })
  srv = await serve(app)
})

after(async () => {
  await srv.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

async function rawGet(target: string): Promise<{ status: number; head: string; text: string }> {
  const reply = await converse(srv.port, `GET ${target} HTTP/1.1\r\nHost: h\r\nAccept: text/html\r\nConnection: close\r\n\r\n`).reply
  const end = reply.text.indexOf('\r\n\r\n')
  return { status: reply.status, head: reply.text.slice(0, end), text: reply.text }
}

function assertNotSplit(reply: { head: string; text: string }, context: string): void {
  assert.doesNotMatch(reply.head, /\r\nX-Injected:/i, `${context}: header injected\n${reply.head}`)
  assert.doesNotMatch(reply.text, /<script>alert/, `${context}: body injected`)
  // Every header line is one "name: value" line (no bare CR or LF inside).
  for (const line of reply.head.split('\r\n').slice(1)) {
    assert.match(line, /^[!#$%&'*+.^_`|~0-9A-Za-z-]+: [^\r\n]*$/, `${context}: ${JSON.stringify(line)}`)
  }
}

describe('every header-setting API refuses or encodes CR/LF', () => {
  for (const name of Object.keys(CALLS)) {
    if (name === 'res.jsonp(callback)') continue
    it(name, async () => {
      for (let i = 0; i < INJECTIONS.length; i++) {
        const reply = await rawGet(`/call/${encodeURIComponent(name)}/${i}`)
        assertNotSplit(reply, `${name} #${i}`)
        // Refused (500 through the router) or sent with the value encoded.
        assert.ok([200, 301, 302, 406, 500].includes(reply.status), `${name} #${i}: ${reply.status}`)
      }
    })
  }

  it('res.jsonp: the callback name keeps only identifier characters', async () => {
    for (let i = 0; i < INJECTIONS.length; i++) {
      const reply = await rawGet(`/jsonp/${i}`)
      assertNotSplit(reply, `jsonp #${i}`)
      assert.match(reply.text, /\r\n\r\n\/\*\*\/ typeof cbxXInjected1 === 'function' && cbxXInjected1\(\{"a":1\}\);$|\r\n\r\n\/\*\*\/ typeof cbxscriptalert1script === 'function'/)
    }
  })

  it('res.download: the file name is quoted or RFC 8187-encoded, or refused', async () => {
    for (let i = 0; i < INJECTIONS.length; i++) assertNotSplit(await rawGet(`/download/${i}`), `download #${i}`)
  })

  it('res.sendFile headers option', async () => {
    for (let i = 0; i < INJECTIONS.length; i++) assertNotSplit(await rawGet(`/sendfile-headers/${i}`), `sendFile #${i}`)
  })

  it("an error's headers: the bad one is dropped, the response still goes out (no crash)", async () => {
    for (let i = 0; i < INJECTIONS.length; i++) {
      const reply = await rawGet(`/error-headers/${i}`)
      assertNotSplit(reply, `error headers #${i}`)
      assert.equal(reply.status, 401)
      assert.match(reply.head, /\r\nX-Fine: kept/)
      assert.doesNotMatch(reply.head, /WWW-Authenticate/i)
    }
    // and the server is still up
    assert.equal((await rawGet('/static/file.txt')).status, 200)
  })
})
