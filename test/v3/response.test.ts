/**
 * The 3.x response: `res.charset` and Connect's setHeader (charset added to
 * a Content-Type, Set-Cookie appended), Express 3's `res.send` forms and
 * MD5 ETags, `res.json`/`res.jsonp` with a status, `res.location`
 * resolution and the redirect bodies, `res.type`/`res.format` types, and
 * `res.sendfile` / `res.download(path, [filename], [fn])`.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { call } from '../helpers/call'
import { webfw3, type Any } from '../helpers/webfw'

/** An app answering every request with `handler`. */
function app3(handler: (req: Any, res: Any) => void): Any {
  const app = webfw3()
  app.set('json spaces', 0)
  app.use(handler)
  return app
}

describe('res.charset and setHeader (3.x)', () => {
  test('res.charset is added to a Content-Type set afterwards, unless it names one', async () => {
    const res = await call(app3((_req, res) => {
      res.charset = 'iso-8859-1'
      res.setHeader('Content-Type', 'text/x-foo')
      res.setHeader('X-Other', 'text/x-foo')
      res.end(String(res.get('Content-Type')))
    }))
    assert.equal(res.body, 'text/x-foo; charset=iso-8859-1')
    assert.equal(res.headers['x-other'], 'text/x-foo')
    const kept = await call(app3((_req, res) => {
      res.charset = 'iso-8859-1'
      res.type('text/plain; charset=utf-16').end()
    }))
    assert.equal(kept.headers['content-type'], 'text/plain; charset=utf-16')
  })

  test('without res.charset a Content-Type is stored as given (no charset added by res.set or res.type)', async () => {
    const res = await call(app3((_req, res) => res.type('foo.js').set('X-Ct', res.get('Content-Type')).end()))
    assert.equal(res.headers['content-type'], 'application/javascript')
  })

  test('Set-Cookie is appended to, a value already there is not repeated', async () => {
    const res = await call(app3((_req, res) => {
      res.setHeader('Set-Cookie', 'a=1')
      res.setHeader('Set-Cookie', 'b=2')
      res.setHeader('Set-Cookie', [...(res.getHeader('Set-Cookie') as string[]), 'c=3'])
      res.cookie('d', 4)
      res.end()
    }))
    assert.deepEqual(res.headers['set-cookie'], ['a=1', 'b=2', 'c=3', 'd=4; Path=/'])
  })
})

describe('res.send (3.x)', () => {
  test('a string is text/html in UTF-8 with the MD5 ETag of etag 1.7', async () => {
    const res = await call(app3((_req, res) => res.send('hello, world!')))
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
    assert.equal(res.headers.etag, 'W/"d-Otu60XkfuuPskIiUxJY4cA"')
    const empty = await call(app3((_req, res) => res.send('')))
    assert.equal(empty.headers.etag, 'W/"0-1B2M2Y8AsgTpgAmY7PhCfg"')
  })

  test('the strong form, and 304 for a fresh request', async () => {
    const strong = webfw3()
    strong.set('etag', 'strong')
    strong.use((_req: Any, res: Any) => res.send('hello, world!'))
    assert.equal((await call(strong)).headers.etag, '"d-Otu60XkfuuPskIiUxJY4cA"')
    const body = '-'.repeat(2047)
    const fresh = await call(app3((_req, res) => res.send(body)), '/', { headers: { 'if-none-match': 'W/"7ff-fFD7Se+Vsq6deAl063thow"' } })
    assert.equal(fresh.status, 304)
  })

  test("an application's etag function gets the string body and its encoding", async () => {
    const app = webfw3()
    app.set('etag', (body: unknown, encoding: unknown) => `"${typeof body}-${encoding}"`)
    app.use((_req: Any, res: Any) => res.send('x'.repeat(1500)))
    assert.equal((await call(app)).headers.etag, '"string-utf8"')
  })

  test('(status, body), (body, status) and a number alone (its status text as text/plain)', async () => {
    const both = await call(app3((_req, res) => res.send(201, { id: 1 })))
    assert.deepEqual([both.status, both.body], [201, '{"id":1}'])
    const reversed = await call(app3((_req, res) => res.send('made', 202)))
    assert.deepEqual([reversed.status, reversed.body], [202, 'made'])
    const number = await call(app3((_req, res) => res.send(404)))
    assert.deepEqual([number.status, number.body, number.headers['content-type']], [404, 'Not Found', 'text/plain; charset=utf-8'])
  })

  test('res.json(status, obj) and res.jsonp(status, obj); the callback restricted to identifier characters', async () => {
    const json = await call(app3((_req, res) => res.json(201, [1])))
    assert.deepEqual([json.status, json.body, json.headers['content-type']], [201, '[1]', 'application/json; charset=utf-8'])
    const jsonp = await call(app3((_req, res) => res.jsonp(202, { a: 1 })), '/?callback=cb<script>')
    assert.equal(jsonp.status, 202)
    assert.equal(jsonp.body, "/**/ typeof cbscript === 'function' && cbscript({\"a\":1});")
    assert.equal(jsonp.headers['content-type'], 'text/javascript; charset=utf-8')
  })
})

describe('res.location and res.redirect (3.x)', () => {
  test('"./" and "../" resolve against the request path, other relative URLs against the mount path', async () => {
    const app = webfw3()
    const blog = webfw3()
    blog.get('/post/:id', (req: Any, res: Any) => res.location(req.query.to).end())
    app.use('/blog', blog)
    const cases: [string, string][] = [
      ['./edit', '/blog/post/1/edit'],
      ['../new', '/blog/post/new'],
      ['./skip/../../new?x=1', '/blog/post/new?x=1'],
      ['login', '/blog/login'],
      ['/abs', '/abs'],
      ['//cdn.example.com/a', '//cdn.example.com/a'],
      ['http://example.com/<x>', 'http://example.com/<x>'],
    ]
    for (const [to, expected] of cases) {
      const res = await call(app, '/blog/post/1?to=' + encodeURIComponent(to))
      assert.equal(res.headers.location, expected, to)
    }
  })

  test('a CR or LF in the URL is refused', async () => {
    const app = webfw3()
    app.use((_req: Any, res: Any) => res.location('/a\r\nSet-Cookie: x=1').end())
    app.use((err: Error, _req: Any, res: Any, _next: Any) => res.status(500).end(err.message))
    const res = await call(app)
    assert.equal(res.status, 500)
    assert.equal(res.headers['set-cookie'], undefined)
  })

  test('bodies: text with the URL URI-encoded, HTML with an escaped link, nothing for other types and HEAD', async () => {
    const target = 'http://example.com/?param=<script>alert("hax");</script>'
    const redirect = app3((_req, res) => res.redirect(target))
    const text = await call(redirect, '/', { headers: { accept: 'text/plain' } })
    assert.equal(text.status, 302)
    assert.equal(text.body, 'Found. Redirecting to http://example.com/?param=%3Cscript%3Ealert(%22hax%22);%3C/script%3E')
    assert.equal(text.headers['content-type'], 'text/plain; charset=UTF-8')
    const html = await call(redirect, '/', { headers: { accept: 'text/html' } })
    const escaped = 'http://example.com/?param=&lt;script&gt;alert(&quot;hax&quot;);&lt;/script&gt;'
    assert.equal(html.body, `<p>Found. Redirecting to <a href="${escaped}">${escaped}</a></p>`)
    const other = await call(redirect, '/', { headers: { accept: 'application/octet-stream' } })
    assert.deepEqual([other.body, other.headers['content-length']], ['', '0'])
    const head = await call(redirect, '/', { method: 'HEAD' })
    assert.equal(head.headers.location, target)
  })

  test('bodies name the target as Express 3 did, though the Location header has it percent-encoded', async () => {
    // Express 3.21.2's answers for these targets (its Location held the raw characters).
    const expected: [string, string, string][] = [
      ['/é?q=1#h', 'Found. Redirecting to /%C3%A9?q=1#h', '<p>Found. Redirecting to <a href="/é?q=1#h">/é?q=1#h</a></p>'],
      ['/%C3%A9', 'Found. Redirecting to /%25C3%25A9', '<p>Found. Redirecting to <a href="/%C3%A9">/%C3%A9</a></p>'],
      ['rel/é', 'Found. Redirecting to /rel/%C3%A9', '<p>Found. Redirecting to <a href="/rel/é">/rel/é</a></p>'],
    ]
    for (const [target, text, html] of expected) {
      const redirect = app3((_req, res) => res.redirect(target))
      const t = await call(redirect, '/', { headers: { accept: 'text/plain' } })
      assert.equal(t.body, text, target)
      assert.equal(t.headers.location, target.replace('é', '%C3%A9').replace(/^rel/, '/rel'))
      assert.equal((await call(redirect, '/', { headers: { accept: 'text/html' } })).body, html, target)
    }
  })

  test('(status, url), (url, status) and "back"', async () => {
    const first = await call(app3((_req, res) => res.redirect(301, '/a')))
    assert.deepEqual([first.status, first.headers.location], [301, '/a'])
    const reversed = await call(app3((_req, res) => res.redirect('/b', 303)))
    assert.deepEqual([reversed.status, reversed.headers.location], [303, '/b'])
    const back = await call(app3((_req, res) => res.redirect('back')), '/', { headers: { referer: '/from' } })
    assert.equal(back.headers.location, '/from')
  })
})

describe('res.format (3.x)', () => {
  test("the chosen type gets mime 1's charset; Express 3's negotiation picks the key", async () => {
    const app = app3((_req, res) => res.format({ 'text/plain': () => res.end('text'), json: () => res.end('json') }))
    const res = await call(app, '/', { headers: { accept: 'text/*;q=.5, application/json' } })
    assert.deepEqual([res.body, res.headers['content-type']], ['json', 'application/json; charset=UTF-8'])
    const none = await call(app, '/', { headers: { accept: 'image/png' } })
    assert.equal(none.status, 406)
  })
})

describe('res.sendfile and res.download (3.x)', () => {
  let dir = ''
  let cwd = ''
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-v3-files-'))
    fs.writeFileSync(path.join(dir, 'user.html'), '<p>tobi</p>')
    fs.mkdirSync(path.join(dir, 'sub'))
    cwd = process.cwd()
    process.chdir(dir)
  })
  after(() => {
    process.chdir(cwd)
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test('res.sendfile(path, { maxAge, root }) relative to the working directory or to root', async () => {
    const res = await call(app3((_req, res) => res.sendfile('user.html', { maxAge: 60000 })))
    assert.deepEqual([res.status, res.body, res.headers['cache-control']], [200, '<p>tobi</p>', 'public, max-age=60'])
    assert.equal(res.headers['content-type'], 'text/html; charset=UTF-8')
    const rooted = await call(app3((_req, res) => res.sendfile('sub/../user.html', { root: dir })))
    assert.equal(rooted.status, 200)
    assert.equal((await call(app3((_req, res) => res.sendfile('sub/../user.html')))).status, 403)
  })

  test('res.sendfile calls back with the error (404) and keeps a Content-Type set before', async () => {
    const missing = await call(app3((_req, res) => res.sendfile('nope.html', (err: Any) => res.end(String(err.status)))))
    assert.equal(missing.body, '404')
    const typed = await call(app3((_req, res) => {
      res.contentType('txt')
      res.sendfile('user.html')
    }))
    assert.equal(typed.headers['content-type'], 'text/plain')
  })

  test('res.download(path, [filename], [fn])', async () => {
    const plain = await call(app3((_req, res) => res.download('user.html')))
    assert.equal(plain.headers['content-disposition'], 'attachment; filename="user.html"')
    const named = await call(app3((_req, res) => res.download('user.html', 'document', (err: unknown) => assert.equal(err, undefined))))
    assert.deepEqual([named.body, named.headers['content-disposition']], ['<p>tobi</p>', 'attachment; filename="document"'])
    const failed = await call(app3((_req, res) => res.download('missing.html', (err: Any) => res.end('failed ' + err.status))))
    assert.deepEqual([failed.body, failed.headers['content-disposition']], ['failed 404', undefined])
  })
})
