/**
 * The 4.x response: the deprecated argument forms of res.send, res.json,
 * res.jsonp and res.redirect; res.send replacing a set Content-Length; lenient
 * res.status; "back"; the one-paragraph redirect body; Express 4's type
 * table and charset rule; always-quoted file names; res.clearCookie with
 * expires/maxAge; res.vary() without a field.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { call, rawHttp } from '../helpers/call'
import { webfw, webfw3, webfw4, type Any } from '../helpers/webfw'

function handler(factory: Any, fn: (req: Any, res: Any) => void): Any {
  const app = factory()
  app.set('env', 'test')
  app.use(fn)
  return app
}

const on4 = (fn: (req: Any, res: Any) => void) => handler(webfw4, fn)
const on5 = (fn: (req: Any, res: Any) => void) => handler(webfw, fn)

describe('res.send (4.x)', () => {
  test('(status, body) and (body, status) set the status', async () => {
    let res = await call(on4((_req, r) => r.send(201, 'Created :)')))
    assert.deepEqual([res.status, res.body], [201, 'Created :)'])
    res = await call(on4((_req, r) => r.send('Bad!', 400)))
    assert.deepEqual([res.status, res.body], [400, 'Bad!'])
  })

  test('(status) sends the status text as text/plain', async () => {
    const res = await call(on4((_req, r) => r.send(201)))
    assert.deepEqual([res.status, res.body, res.headers['content-type']], [201, 'Created', 'text/plain; charset=utf-8'])
    // 5.x: a number is JSON
    const five = await call(on5((_req, r) => r.send(201)))
    assert.deepEqual([five.status, five.body], [200, '201'])
  })

  test('(status, number) sends the number as JSON', async () => {
    const res = await call(on4((_req, r) => r.send(200, 0.123)))
    assert.deepEqual([res.status, res.body, res.headers['content-type']], [200, '0.123', 'application/json; charset=utf-8'])
  })

  test('replaces a Content-Length the application set, as 5.x (3.x keeps it)', async () => {
    const set = (_req: Any, r: Any) => {
      r.setHeader('Content-Length', 3)
      r.send('hello world')
    }
    const request = 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'
    const four = await rawHttp(on4(set), request)
    assert.match(four, /\r\nContent-Length: 11\r\n/i)
    assert.match(four, /\r\n\r\nhello world$/)
    assert.match(await rawHttp(on5(set), request), /\r\nContent-Length: 11\r\n/i)
    assert.match(await rawHttp(handler(webfw3, set), request), /\r\nContent-Length: 3\r\n/i)
  })

  test('sets Content-Length when none was set', async () => {
    const res = await call(on4((_req, r) => r.send('héllo')))
    assert.equal(res.headers['content-length'], '6')
  })
})

describe('res.json and res.jsonp (4.x)', () => {
  test('(status, obj) and (obj, status)', async () => {
    let res = await call(on4((_req, r) => r.json(201, { id: 1 })))
    assert.deepEqual([res.status, res.body], [201, '{"id":1}'])
    res = await call(on4((_req, r) => r.json({ id: 1 }, 202)))
    assert.deepEqual([res.status, res.body], [202, '{"id":1}'])
    res = await call(on4((_req, r) => r.jsonp(201, { id: 1 })), '/?callback=cb')
    assert.equal(res.status, 201)
    assert.match(res.body, /cb\(\{"id":1\}\);$/)
    res = await call(on4((_req, r) => r.jsonp({ id: 1 }, 203)))
    assert.deepEqual([res.status, res.body], [203, '{"id":1}'])
  })
})

describe('res.status (4.x)', () => {
  test('a string or fractional code is stored and Node reads it as an integer', async () => {
    assert.equal((await call(on4((_req, r) => r.status('410').end()))).status, 410)
    assert.equal((await call(on4((_req, r) => r.status(410.1).end()))).status, 410)
    // 5.x refuses both at once
    assert.equal((await call(on5((_req, r) => r.status('410').end()))).status, 500)
  })

  test('a code Node cannot send fails when the head is written, as an error of the handler', async () => {
    const res = await call(on4((_req, r) => r.status(1000).end()))
    assert.equal(res.status, 500)
    assert.match(res.body, /Invalid status code/)
  })
})

describe('"back" (4.x)', () => {
  test('res.location("back") is the Referer, the Referrer, or "/"', async () => {
    const app = on4((_req, r) => r.location('back').end())
    assert.equal((await call(app, '/', { headers: { referer: '/from/here' } })).headers.location, '/from/here')
    assert.equal((await call(app, '/', { headers: { referrer: '/from/there' } })).headers.location, '/from/there')
    assert.equal((await call(app)).headers.location, '/')
    assert.equal((await call(on5((_req, r) => r.location('back').end()))).headers.location, 'back')
  })

  test('res.redirect("back")', async () => {
    const res = await call(on4((_req, r) => r.redirect('back')), '/', { headers: { referer: '/previous' } })
    assert.deepEqual([res.status, res.headers.location], [302, '/previous'])
  })
})

describe('res.redirect (4.x)', () => {
  test('(url, status) is accepted', async () => {
    const res = await call(on4((_req, r) => r.redirect('/new', 301)))
    assert.deepEqual([res.status, res.headers.location], [301, '/new'])
    assert.equal((await call(on5((_req, r) => r.redirect('/new', 301)))).status, 500)
  })

  test('the HTML body is one paragraph naming the escaped target', async () => {
    const res = await call(on4((_req, r) => r.redirect('/<a>')), '/', { headers: { accept: 'text/html' } })
    assert.equal(res.body, '<p>Found. Redirecting to /%3Ca%3E</p>')
    const text = await call(on4((_req, r) => r.redirect(301, '/x')), '/', { headers: { accept: 'text/plain' } })
    assert.equal(text.body, 'Moved Permanently. Redirecting to /x')
  })
})

describe('media types (4.x)', () => {
  test('res.type looks extensions up in Express 4\'s table', async () => {
    const types = async (factory: (fn: Any) => Any, value: string) =>
      (await call(factory((_req: Any, r: Any) => r.type(value).end()))).headers['content-type']
    assert.equal(await types(on4, 'js'), 'application/javascript; charset=utf-8')
    assert.equal(await types(on5, 'js'), 'text/javascript; charset=utf-8')
    assert.equal(await types(on4, '.html'), 'text/html; charset=utf-8')
    assert.equal(await types(on4, 'report.json'), 'application/json; charset=utf-8')
    assert.equal(await types(on4, 'no-such-ext'), 'application/octet-stream')
  })

  test('res.set adds Express 4\'s default charset: text/*, application/javascript and application/json only', async () => {
    const set = async (factory: (fn: Any) => Any, value: string) =>
      (await call(factory((_req: Any, r: Any) => r.set('Content-Type', value).end()))).headers['content-type']
    assert.equal(await set(on4, 'text/x-custom'), 'text/x-custom; charset=utf-8')
    assert.equal(await set(on4, 'application/json-seq'), 'application/json-seq; charset=utf-8')
    assert.equal(await set(on4, 'application/fhir+json'), 'application/fhir+json')
    assert.equal(await set(on5, 'application/fhir+json'), 'application/fhir+json; charset=utf-8')
    assert.equal(await set(on4, 'text/plain; charset=latin1'), 'text/plain; charset=latin1')
  })

  test('negotiation and res.format keys use Express 4\'s tables ("js" is application/javascript)', async () => {
    const format = (_req: Any, r: Any) => r.format({ js: () => r.end() })
    const accept = { headers: { accept: 'application/javascript' } }
    const res = await call(on4(format), '/', accept)
    assert.equal(res.headers['content-type'], 'application/javascript; charset=utf-8')
    assert.equal((await call(on5(format), '/', accept)).status, 406)
    const is = (req: Any, r: Any) => r.json([req.accepts('js'), req.is('js')])
    const post = { method: 'POST', headers: { accept: 'application/javascript', 'content-type': 'application/javascript' }, body: 'x' }
    assert.deepEqual(JSON.parse((await call(on4(is), '/', post)).body), ['js', 'js'])
    assert.deepEqual(JSON.parse((await call(on5(is), '/', post)).body), [false, false])
  })
})

describe('Content-Disposition (4.x)', () => {
  test('res.attachment quotes the file name always', async () => {
    const res = await call(on4((_req, r) => r.attachment('path/to/image.png').end()))
    assert.equal(res.headers['content-disposition'], 'attachment; filename="image.png"')
    assert.equal(res.headers['content-type'], 'image/png')
    const five = await call(on5((_req, r) => r.attachment('path/to/image.png').end()))
    assert.equal(five.headers['content-disposition'], 'attachment; filename=image.png')
  })
})

describe('res.clearCookie (4.x)', () => {
  test('keeps an expires or maxAge the caller gives', async () => {
    const when = new Date(Date.now() + 60_000)
    let res = await call(on4((_req, r) => r.clearCookie('sid', { expires: when }).end()))
    assert.equal(res.headers['set-cookie']?.[0], `sid=; Path=/; Expires=${when.toUTCString()}`)
    res = await call(on4((_req, r) => r.clearCookie('sid', { maxAge: 10_000 }).end()))
    assert.match(res.headers['set-cookie']?.[0] ?? '', /^sid=; Max-Age=10; Path=\/; Expires=/)
    res = await call(on5((_req, r) => r.clearCookie('sid', { expires: when }).end()))
    assert.equal(res.headers['set-cookie']?.[0], 'sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT')
  })

  test('without them the cookie expires at once', async () => {
    const res = await call(on4((_req, r) => r.clearCookie('sid', { path: '/admin' }).end()))
    assert.equal(res.headers['set-cookie']?.[0], 'sid=; Path=/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT')
  })
})

describe('res.vary (4.x)', () => {
  test('without a field changes nothing (5.x throws)', async () => {
    const res = await call(on4((_req, r) => r.vary().vary([]).end('ok')))
    assert.deepEqual([res.status, res.headers.vary], [200, undefined])
    assert.equal((await call(on5((_req, r) => r.vary().end('ok')))).status, 500)
  })
})

describe('res.send of a typed array and of null, beside Express', () => {
  /** Status, Content-Type, ETag and body of `send(res)` on `factory`. */
  async function sent(factory: Any, send: (res: Any) => void): Promise<string> {
    const app = factory()
    app.get('/', (_req: Any, res: Any) => send(res))
    const r = await call(app)
    return [r.status, r.headers['content-type'], r.headers.etag, r.body].join(' | ')
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { express4, express5 } = require('../helpers/side-by-side') as { express4: Any; express5: Any }
  const cases: [string, (res: Any) => void][] = [
    ['a Uint8Array', (res) => res.send(new Uint8Array([65, 66]))],
    ['a Uint8Array with a type set', (res) => res.type('html').send(new Uint8Array([65, 66]))],
    ['null with a type set', (res) => res.set('Content-Type', 'application/octet-stream').send(null)],
    ['null with a parameter in the type', (res) => res.set('Content-Type', 'text/plain; foo=bar').send(null)],
    ['null with no type', (res) => res.send(null)],
  ]

  for (const [name, send] of cases) {
    test(name + ': as Express 5 (5.x) and as Express 4 (4.x)', async () => {
      assert.equal(await sent(webfw, send), await sent(express5, send))
      assert.equal(await sent(webfw4, send), await sent(express4, send))
    })
  }

  test('what 4.x sends for them, spelled out', async () => {
    assert.equal(await sent(webfw4, cases[0][1]), '200 | application/json; charset=utf-8 | W/"f-/IweOQjrXeoQkvlbVj1F2Y7yFX0" | {"0":65,"1":66}')
    assert.equal((await sent(webfw4, cases[3][1])).split(' | ')[1], 'text/plain; charset=utf-8; foo=bar')
    assert.equal((await sent(webfw, cases[0][1])).split(' | ')[3], 'AB')
  })
})

describe('res.links with several URLs for one rel, beside Express', () => {
  test('5.x writes one link per URL (Express 5); 4.x writes the array as one URL (Express 4)', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { express4, express5 } = require('../helpers/side-by-side') as { express4: Any; express5: Any }
    const link = async (factory: Any): Promise<unknown> => {
      const app = factory()
      app.get('/', (_req: Any, res: Any) => res.links({ next: '/p2', last: ['/p3', '/p4'] }).end())
      return (await call(app)).headers.link
    }
    assert.equal(await link(webfw), await link(express5))
    assert.equal(await link(webfw4), await link(express4))
    assert.equal(await link(webfw4), '</p2>; rel="next", </p3,/p4>; rel="last"')
  })
})
