/**
 * webfw.cookieParser: the contract of the cookie-parser package, checked
 * directly and against the package itself on generated cookie headers.
 */
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import http from 'node:http'
import { describe, it } from 'node:test'
import cookieParserPackage from 'cookie-parser'
import fc from 'fast-check'
import { call, probe } from '../helpers/call'
import { serve } from '../helpers/http'
import { type Any, webfw, webfw4 } from '../helpers/webfw'

function signedValue(value: string, secret: string): string {
  return 's:' + value + '.' + crypto.createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')
}

async function parsed(parser: unknown, cookie?: string) {
  const app = webfw()
  app.use(parser)
  app.use(probe((req) => ({ secret: req.secret ?? null, cookies: req.cookies, signedCookies: req.signedCookies })))
  return JSON.parse((await call(app, '/', { headers: cookie === undefined ? {} : { Cookie: cookie } })).body).value
}

/** The body of GET `path` sent with `cookie` as its Cookie header, over a keep-alive agent. */
function getWithCookie(port: number, agent: http.Agent, path: string, cookie: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent, headers: { Cookie: cookie } }, (res) => {
        let data = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (data += c))
        res.on('end', () => resolve(data))
      })
      .on('error', reject)
  })
}

describe('webfw.cookieParser', () => {
  it('is exported by the 5.x and 4.x factories', () => {
    assert.equal(typeof webfw.cookieParser, 'function')
    assert.equal(typeof webfw.cookieParser('s'), 'function')
    assert.equal(typeof webfw4.cookieParser, 'function')
  })

  it('sets req.secret to the first secret, and empty objects without cookies', async () => {
    assert.deepEqual(await parsed(webfw.cookieParser(['one', 'two'])), { secret: 'one', cookies: {}, signedCookies: {} })
    assert.deepEqual(await parsed(webfw.cookieParser()), { secret: null, cookies: {}, signedCookies: {} })
  })

  it('parses plain, j: and s: cookies', async () => {
    const header = [
      'plain=a%20b',
      'json=' + encodeURIComponent('j:{"x":[1]}'),
      'sig=' + encodeURIComponent(signedValue('val', 'k')),
      'sigjson=' + encodeURIComponent(signedValue('j:{"y":2}', 'k')),
      'forged=' + encodeURIComponent(signedValue('val', 'other')),
    ].join('; ')
    assert.deepEqual(await parsed(webfw.cookieParser('k'), header), {
      secret: 'k',
      cookies: { plain: 'a b', json: { x: [1] } },
      signedCookies: { sig: 'val', sigjson: { y: 2 }, forged: false },
    })
  })

  it('keeps s: cookies as plain cookies when no secret is given', async () => {
    const header = 'sig=' + encodeURIComponent(signedValue('val', 'k'))
    assert.deepEqual((await parsed(webfw.cookieParser(), header)).cookies, { sig: signedValue('val', 'k') })
  })

  it('tries every secret in turn (rotation)', async () => {
    const header = 'a=' + encodeURIComponent(signedValue('1', 'old')) + '; b=' + encodeURIComponent(signedValue('2', 'new'))
    assert.deepEqual((await parsed(webfw.cookieParser(['new', 'old']), header)).signedCookies, { a: '1', b: '2' })
  })

  it('passes options to the cookie decoder', async () => {
    const decode = (v: string) => v.toUpperCase()
    assert.deepEqual((await parsed(webfw.cookieParser(undefined, { decode }), 'a=xyz')).cookies, { a: 'XYZ' })
  })

  it('with cookies and no secret, req.signedCookies is an empty null-prototype object', async () => {
    const app = webfw()
    app.use(webfw.cookieParser())
    app.use(probe((req) => [Object.getPrototypeOf(req.signedCookies) === null, Object.keys(req.signedCookies)]))
    assert.deepEqual(JSON.parse((await call(app, '/', { headers: { Cookie: 'a=1' } })).body).value, [true, []])
  })

  it('a throwing decode option keeps the value as it came, as cookie-parser does', async () => {
    const decode = (v: string) => {
      if (v === 'bad') throw new Error('bad cookie')
      return v.toUpperCase()
    }
    const header = 'a=bad; b=ok'
    const ours = await parsed(webfw.cookieParser('k', { decode }), header)
    assert.deepEqual(ours.cookies, { a: 'bad', b: 'OK' })
    assert.deepEqual(ours, await parsed(cookieParserPackage('k', { decode }), header))
  })

  it('req.cookies is a plain object, as cookie-parser gives: hasOwnProperty works, __proto__ is no cookie', async () => {
    const app = webfw()
    app.use(webfw.cookieParser())
    app.use(probe((req) => [Object.getPrototypeOf(req.cookies) === Object.prototype, req.cookies.hasOwnProperty('a'), Object.keys(req.cookies)]))
    const header = '__proto__=j:{"isAdmin":true}; a="quoted"; toString=1'
    assert.deepEqual(JSON.parse((await call(app, '/', { headers: { Cookie: header } })).body).value, [true, true, ['a', 'toString']])
    const body = await parsed(webfw.cookieParser(), header)
    assert.deepEqual(body, await parsed(cookieParserPackage(), header))
    assert.equal(body.cookies.a, 'quoted')
  })

  it('leaves cookies parsed by an earlier parser alone', async () => {
    const app = webfw()
    app.use((req: Any, _res: unknown, next: () => void) => {
      req.cookies = { preset: true }
      next()
    })
    app.use(webfw.cookieParser('k'))
    app.use(probe((req) => [req.cookies, req.signedCookies ?? null]))
    assert.deepEqual(JSON.parse((await call(app, '/', { headers: { Cookie: 'a=1' } })).body).value, [{ preset: true }, null])
  })

  it('exposes JSONCookie, JSONCookies, signedCookie and signedCookies like the package', () => {
    const p = webfw.cookieParser
    assert.deepEqual(p.JSONCookie('j:{"a":1}'), { a: 1 })
    assert.equal(p.JSONCookie('{"a":1}'), undefined)
    assert.equal(p.JSONCookie('j:{bad'), undefined)
    assert.deepEqual(p.JSONCookies({ a: 'j:[1]', b: 'x' }), { a: [1], b: 'x' })
    assert.equal(p.signedCookie(signedValue('v', 'k'), 'k'), 'v')
    assert.equal(p.signedCookie(signedValue('v', 'k'), ['x', 'k']), 'v')
    assert.equal(p.signedCookie(signedValue('v', 'k'), 'x'), false)
    assert.equal(p.signedCookie('plain', 'k'), 'plain')
    assert.equal(p.signedCookie(42, 'k'), undefined)
    const obj = { s: signedValue('v', 'k'), plain: 'p' }
    assert.deepEqual({ ...p.signedCookies(obj, 'k') }, { s: 'v' })
    assert.deepEqual(obj, { plain: 'p' })
  })

  it('compares signatures with crypto.timingSafeEqual', async () => {
    const original = crypto.timingSafeEqual
    let calls = 0
    crypto.timingSafeEqual = ((a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      calls++
      return original(a, b)
    }) as typeof crypto.timingSafeEqual
    try {
      const header = 'sig=' + encodeURIComponent(signedValue('val', 'k'))
      assert.deepEqual((await parsed(webfw.cookieParser('k'), header)).signedCookies, { sig: 'val' })
    } finally {
      crypto.timingSafeEqual = original
    }
    assert.ok(calls >= 1)
  })

  it('gives the same req.cookies, req.signedCookies and req.secret as the cookie-parser package (property)', async () => {
    const app = webfw()
    const view = (req: Any, res: Any) =>
      res.json({ secret: req.secret ?? null, cookies: { ...req.cookies }, signedCookies: { ...req.signedCookies } })
    const secrets = ['k1', 'k2']
    app.get('/builtin', webfw.cookieParser(secrets), view)
    app.get('/package', cookieParserPackage(secrets), view)
    const srv = await serve(app)
    const agent = new http.Agent({ keepAlive: true })
    const get = (path: string, cookie: string) => getWithCookie(srv.port, agent, path, cookie)
    const name = fc.stringMatching(/^[A-Za-z0-9_-]{1,6}$/)
    const raw = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('j:{"a":1}', 'j:[1,2]', 'j:0', 'j:null', 'j:"s"', 'j:{bad', 's:', 's:x.y'),
    )
    const value = fc.oneof(
      raw,
      fc.tuple(raw, fc.constantFrom('k1', 'k2', 'k3')).map(([v, k]) => signedValue(v, k)),
    )
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 6 }), async (pairs) => {
          const cookie = pairs.map(([n, v]) => `${n}=${encodeURIComponent(v)}`).join('; ')
          assert.deepEqual(JSON.parse(await get('/builtin', cookie)), JSON.parse(await get('/package', cookie)))
        }),
        { numRuns: 200 },
      )
    } finally {
      agent.destroy()
      await srv.close()
    }
  })

  it('keeps the first of two cookies of one name, as the package does (with and without a decode option)', async () => {
    const headers = [
      'a=1; b=2; a=3',
      'b=x; a=1; b=y; a=2; c=3; b=z',
      'j=' + encodeURIComponent('j:[1]') + '; k=0; j=' + encodeURIComponent('j:[2]'),
      'p=%41; q=%zz; p=%42',
      'toString=1; constructor=2; toString=3',
      '__proto__=1; a=2; a=3',
    ]
    const decode = (v: string) => v.toUpperCase()
    for (const options of [undefined, { decode }]) {
      for (const header of headers) {
        const reference = await parsed(cookieParserPackage(undefined, options), header)
        assert.deepEqual(await parsed(webfw.cookieParser(undefined, options), header), reference, header)
        // The package's own answer, so that the comparison cannot pass on a wrong reference.
        if (header === 'a=1; b=2; a=3') assert.equal(reference.cookies.a, '1')
      }
    }
  })

  it('parses any header as cookie-parser does, j: values included (property)', async () => {
    // The parse is webfw's own (src/middleware/cookie-header.ts); the
    // reference is the cookie-parser package (and the `cookie` 0.7 it runs),
    // on headers made of the characters that steer the parse.
    const app = webfw()
    const view = (req: Any, res: Any) => {
      const proto = Object.getPrototypeOf(req.cookies)
      res.json({ proto: proto === null ? 'null' : proto === Object.prototype ? 'Object' : 'other', cookies: { ...req.cookies } })
    }
    app.get('/builtin', webfw.cookieParser(), view)
    app.get('/reference', cookieParserPackage(), view)
    const srv = await serve(app)
    const agent = new http.Agent({ keepAlive: true })
    const get = (path: string, cookie: string) => getWithCookie(srv.port, agent, path, cookie)
    const piece = fc.constantFrom('a', 'b', 'j', ':', 'j:', '=', ';', '; ', ' ', '\t', '%', '%41', '%E9', '%zz', '"', '""', '{}', '[1]', '0', '__proto__', 'x', 'toString')
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(piece, { maxLength: 14 }).map((parts) => parts.join('')), async (cookie) => {
          assert.deepEqual(JSON.parse(await get('/builtin', cookie)), JSON.parse(await get('/reference', cookie)), cookie)
        }),
        { numRuns: 300 },
      )
    } finally {
      agent.destroy()
      await srv.close()
    }
  })
})
