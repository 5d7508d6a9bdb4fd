/**
 * Every `res` member over real HTTP/2 connections (TLS and h2c, the app's own
 * server and one made with node:http2), for 5.x and 4.x: headers, bodies,
 * files, negotiation, views, streaming writes and HEAD answer as over
 * node:http.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { h2setups, serveForSuite } from './setups'
import type { Any } from '../helpers/webfw'

const BIG = 200 * 1024
let dir: string

before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-h2-res-'))
  fs.writeFileSync(path.join(dir, 'hello.txt'), 'hello, h2')
  fs.writeFileSync(path.join(dir, 'big.bin'), Buffer.alloc(BIG, 7))
  fs.mkdirSync(path.join(dir, 'views'))
  fs.writeFileSync(path.join(dir, 'views', 'page.tmpl'), '<h1>{{title}}</h1><p>{{who}}</p>')
})
after(() => fs.rmSync(dir, { recursive: true, force: true }))

/** A template engine replacing {{name}} with the option of that name. */
function tmpl(file: string, options: Record<string, unknown>, done: (err: Error | null, html?: string) => void): void {
  fs.readFile(file, 'utf8', (err, text) => {
    if (err) return done(err)
    done(null, text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(options[key])))
  })
}

function responseApp(factory: Any): Any {
  const app = factory()
  app.engine('tmpl', tmpl)
  app.set('views', path.join(dir, 'views'))
  app.set('view engine', 'tmpl')
  app.locals.title = 'Title'
  app.get('/text', (req: Any, res: Any) => res.send('<p>hi</p>'))
  app.get('/buffer', (req: Any, res: Any) => res.send(Buffer.from('bytes')))
  app.get('/object', (req: Any, res: Any) => res.status(201).send({ a: 1 }))
  app.get('/null', (req: Any, res: Any) => res.send(null))
  app.get('/json', (req: Any, res: Any) => res.json([1, 'two']))
  app.get('/jsonp', (req: Any, res: Any) => res.jsonp({ ok: true }))
  app.get('/redirect', (req: Any, res: Any) => res.redirect('/next'))
  app.get('/redirect301', (req: Any, res: Any) => res.redirect(301, 'https://example.com/moved'))
  app.get('/cookie', (req: Any, res: Any) => {
    res.cookie('a', 'b', { httpOnly: true, path: '/x' })
    res.cookie('obj', { n: 1 })
    res.clearCookie('gone')
    res.end()
  })
  app.get('/file', (req: Any, res: Any, next: Any) => res.sendFile('hello.txt', { root: dir }, (err: Any) => err && next(err)))
  app.get('/big', (req: Any, res: Any, next: Any) => res.sendFile(path.join(dir, 'big.bin'), (err: Any) => err && next(err)))
  app.get('/download', (req: Any, res: Any) => res.download(path.join(dir, 'hello.txt'), 'greeting.txt'))
  app.get('/attachment', (req: Any, res: Any) => res.attachment('report.pdf').send(Buffer.from('%PDF')))
  app.get('/format', (req: Any, res: Any) =>
    res.format({
      'text/plain': () => res.send('plain'),
      json: () => res.json({ format: 'json' }),
    }),
  )
  app.get('/render', (req: Any, res: Any) => res.render('page', { who: 'h2' }))
  app.get('/status/:code', (req: Any, res: Any) => res.sendStatus(Number(req.params.code)))
  app.get('/headers', (req: Any, res: Any) => {
    res.set({ 'X-One': '1', 'Content-Type': 'text/plain' })
    res.append('Link', '<http://a.example/>; rel="a"')
    res.append('Link', ['<http://b.example/>; rel="b"'])
    res.links({ next: 'http://c.example/?page=2' })
    res.vary('Accept').vary('Accept-Encoding')
    res.location('/somewhere')
    res.type('json')
    res.status(202)
    res.json({ got: res.get('x-one'), type: res.get('content-type'), sent: res.headersSent })
  })
  app.get('/stream', (req: Any, res: Any) => {
    res.type('text')
    res.write('one ')
    res.write(Buffer.from('two '))
    setImmediate(() => res.end('three'))
  })
  app.get('/locals', (req: Any, res: Any) => {
    res.locals.who = 'locals'
    res.render('page')
  })
  app.use((err: Any, req: Any, res: Any, next: Any) => res.status(err.status ?? 500).send(`error: ${err.message}`))
  return app
}

for (const setup of h2setups) {
  describe(`res over HTTP/2 (${setup.label})`, () => {
    const h2 = serveForSuite(setup, () => responseApp(setup.factory))

    it('send: strings as HTML, Buffers as bytes, objects as JSON, null as nothing; Content-Length and ETag', async () => {
      const text = await h2.sameAsHttp1({ path: '/text' })
      assert.equal(text.status, 200)
      assert.equal(text.text, '<p>hi</p>')
      assert.equal(text.headers['content-type'], 'text/html; charset=utf-8')
      assert.equal(text.headers['content-length'], '9')
      assert.match(text.headers.etag as string, /^W\/"/)
      assert.equal(text.headers['x-powered-by'], 'webfw')
      assert.equal((await h2.sameAsHttp1({ path: '/buffer' })).headers['content-type'], 'application/octet-stream')
      const object = await h2.sameAsHttp1({ path: '/object' })
      assert.equal(object.status, 201)
      assert.deepEqual(object.json(), { a: 1 })
      const none = await h2.sameAsHttp1({ path: '/null' })
      assert.equal(none.bytes.length, 0)
      assert.equal(none.headers['content-length'], '0')
    })

    it('json and jsonp', async () => {
      assert.deepEqual((await h2.sameAsHttp1({ path: '/json' })).json(), [1, 'two'])
      const jsonp = await h2.sameAsHttp1({ path: '/jsonp?callback=cb' })
      assert.equal(jsonp.text, '/**/ typeof cb === \'function\' && cb({"ok":true});')
    })

    it('redirect, with and without a status', async () => {
      const found = await h2.sameAsHttp1({ path: '/redirect', headers: { accept: 'text/plain' } })
      assert.equal(found.status, 302)
      assert.equal(found.headers.location, '/next')
      await h2.sameAsHttp1({ path: '/redirect', headers: { accept: 'text/html' } })
      assert.equal((await h2.sameAsHttp1({ path: '/redirect301' })).status, 301)
    })

    it('cookie and clearCookie set one Set-Cookie field each', async () => {
      const r = await h2.sameAsHttp1({ path: '/cookie' })
      const cookies = r.headers['set-cookie'] as string[]
      assert.equal(cookies.length, 3)
      assert.equal(cookies[0], 'a=b; Path=/x; HttpOnly')
    })

    it('sendFile: the file with its headers, a range, a conditional GET, HEAD, and a file larger than one read', async () => {
      const file = await h2.sameAsHttp1({ path: '/file' })
      assert.equal(file.status, 200)
      assert.equal(file.text, 'hello, h2')
      assert.equal(file.headers['accept-ranges'], 'bytes')
      const range = await h2.sameAsHttp1({ path: '/file', headers: { range: 'bytes=7-' } })
      assert.equal(range.status, 206)
      assert.equal(range.text, 'h2')
      const cached = await h2.sameAsHttp1({ path: '/file', headers: { 'if-none-match': file.headers.etag as string } })
      assert.equal(cached.status, 304)
      await h2.sameAsHttp1({ path: '/file', headers: { range: 'bytes=20-' } })
      const head = await h2.sameAsHttp1({ method: 'HEAD', path: '/file' })
      assert.equal(head.headers['content-length'], '9')
      const big = await h2.sameAsHttp1({ path: '/big' })
      assert.equal(big.bytes.length, BIG)
    })

    it('download and attachment set Content-Disposition', async () => {
      const download = await h2.sameAsHttp1({ path: '/download' })
      assert.match(download.headers['content-disposition'] as string, /^attachment; filename="?greeting\.txt"?$/)
      assert.equal(download.text, 'hello, h2')
      const attachment = await h2.sameAsHttp1({ path: '/attachment' })
      assert.equal(attachment.headers['content-type'], 'application/pdf')
    })

    it('format negotiates on Accept; no match is 406', async () => {
      assert.deepEqual((await h2.sameAsHttp1({ path: '/format', headers: { accept: 'application/json' } })).json(), { format: 'json' })
      assert.equal((await h2.sameAsHttp1({ path: '/format', headers: { accept: 'text/plain' } })).text, 'plain')
      assert.equal((await h2.sameAsHttp1({ path: '/format', headers: { accept: 'image/png' } })).status, 406)
    })

    it('render with app.locals, res.locals and the given locals', async () => {
      assert.equal((await h2.sameAsHttp1({ path: '/render' })).text, '<h1>Title</h1><p>h2</p>')
      assert.equal((await h2.sameAsHttp1({ path: '/locals' })).text, '<h1>Title</h1><p>locals</p>')
    })

    it('sendStatus sends the status text', async () => {
      const r = await h2.sameAsHttp1({ path: '/status/404' })
      assert.equal(r.status, 404)
      assert.equal(r.text, 'Not Found')
    })

    it('set, append, links, vary, location, type, status and get', async () => {
      const r = await h2.sameAsHttp1({ path: '/headers' })
      assert.equal(r.status, 202)
      assert.deepEqual(r.json(), { got: '1', type: 'application/json; charset=utf-8', sent: false })
      assert.equal(r.headers['x-one'], '1')
      assert.match(r.headers.link as string, /rel="a".*rel="b".*rel="next"$/)
      assert.equal(r.headers.vary, 'Accept, Accept-Encoding')
      assert.equal(r.headers.location, '/somewhere')
    })

    it('streaming writes arrive whole and in order', async () => {
      const r = await h2.sameAsHttp1({ path: '/stream' })
      assert.equal(r.text, 'one two three')
    })

    it('HEAD answers the GET route with its headers and no body', async () => {
      for (const p of ['/text', '/json', '/stream', '/render', '/download', '/big']) {
        const head = await h2.sameAsHttp1({ method: 'HEAD', path: p })
        assert.equal(head.status, 200, p)
        assert.equal(head.bytes.length, 0, p)
      }
    })
  })
}
