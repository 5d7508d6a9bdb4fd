/**
 * webfw.urlencoded(): the flat parser (5.x default) and the extended one
 * (qs, nesting limited by depth), parameterLimit, and UTF-8 only.
 */
import assert from 'node:assert/strict'
import querystring from 'node:querystring'
import { describe, test } from 'node:test'
import { withServer } from '../helpers/http'
import { send } from '../helpers/client'
import { internal, webfw, webfw3, webfw4, type Any } from '../helpers/webfw'
import { parserApp } from './body-helpers'
import { express5, withServers } from '../helpers/side-by-side'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')

const FORM = 'application/x-www-form-urlencoded'

async function post(parser: Any, body: string | Buffer, contentType = FORM) {
  return withServer(parserApp(webfw, parser), ({ port }) => send(port, { headers: { 'Content-Type': contentType }, body }))
}

function params(count: number): string {
  return Array.from({ length: count }, (_, i) => `p${i}=${i}`).join('&')
}

describe('urlencoded()', () => {
  test('is a one-argument factory', () => {
    assert.equal(webfw.urlencoded.length, 1)
  })

  describe('flat (extended: false, the 5.x default)', () => {
    test('keys stay flat, brackets included; repeated keys become arrays; + is a space', async () => {
      const r = await post(webfw.urlencoded(), 'user[name][first]=Tobi&tag=a&tag=b&q=a+b%21')
      assert.deepEqual(r.json().body, { 'user[name][first]': 'Tobi', tag: ['a', 'b'], q: 'a b!' })
    })

    test('the result is a plain object without __proto__ or empty keys', async () => {
      const app = webfw()
      app.use(webfw.urlencoded())
      app.post('/', (req: Any, res: Any) =>
        res.json({ proto: Object.getPrototypeOf(req.body) === Object.prototype, keys: Object.keys(req.body) }),
      )
      await withServer(app, async ({ port }) => {
        const r = await send(port, { headers: { 'Content-Type': FORM }, body: '__proto__=x&=y&a=1' })
        assert.deepEqual(r.json(), { proto: true, keys: ['a'] })
        // Object.prototype's names are ordinary keys; numeric keys come first, as in any object.
        const named = await send(port, { headers: { 'Content-Type': FORM }, body: 'constructor=1&toString=2&b=3&2=x&hasOwnProperty=4&1=y' })
        assert.deepEqual(named.json(), { proto: true, keys: ['1', '2', 'constructor', 'toString', 'b', 'hasOwnProperty'] })
      })
    })
    test('a byte-order mark dropped, + a space next to escapes and broken UTF-8, the bytes `verify` saw left as they came (as Express 5)', async () => {
      const appFor = (factory: Any) => {
        const app = factory()
        let seen: Buffer | undefined
        app.use(factory.urlencoded({ extended: false, verify: (_req: Any, _res: Any, buf: Buffer) => (seen = buf) }))
        app.post('/', (req: Any, res: Any) => res.json({ body: req.body, seen: (seen as Buffer).toString('hex') }))
        return app
      }
      const bodies = [
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a=1+2&b=x')]),
        Buffer.from('a=%C3%A9+b&c=d+e&k+%2B=+'),
        Buffer.from([0x61, 0x3d, 0xc3, 0x2b, 0x62]), // a=<broken UTF-8>+b
        Buffer.from('e=é+ü'),
      ]
      const answers = (port: number) => Promise.all(bodies.map((body) => send(port, { headers: { 'Content-Type': FORM }, body }).then((r) => r.json())))
      const [ours, theirs] = await withServers([appFor(webfw), appFor(express5)], (ports) => Promise.all(ports.map(answers)))
      assert.deepEqual(theirs[0].body, { a: '1 2', b: 'x' })
      assert.deepEqual(theirs[1].body, { a: 'é b', c: 'd e', 'k +': ' ' })
      assert.deepEqual(ours, theirs)
      bodies.forEach((body, i) => assert.equal(ours[i].seen, body.toString('hex')))
    })
  })

  describe('flat in 4.x and 3.x: the runtime\'s querystring, as Express 4 and Connect 2', () => {
    /** What a handler sees of `req.body`: its keys, values and prototype chain. */
    function bodyApp(factory: Any): Any {
      const app = factory()
      app.use(factory.urlencoded({ extended: false }))
      app.post('/', (req: Any, res: Any) => {
        const proto = Object.getPrototypeOf(req.body)
        res.json({
          keys: Object.keys(req.body),
          body: req.body,
          // null (Express) or an empty object without a prototype (webfw's fast path)
          protoless: proto === null || (Object.getPrototypeOf(proto) === null && Object.getOwnPropertyNames(proto).length === 0),
          inherits: 'toString' in req.body || 'hasOwnProperty' in req.body,
        })
      })
      return app
    }
    const bodies = [
      // the empty key and __proto__ are kept (qs drops both), no escapes
      '=a&__proto__=b&a+b=c&k=1&k=2&&=&q',
      // the same with ASCII escapes only (the fast path)
      '=a&%5F_proto__=b&a+b=%41%7e&k=%2B&k=%00',
      // malformed and non-UTF-8 escapes: decoded byte by byte, U+FFFD
      'x=%zz&y=%E0%A4%A&z=%E9&w=%C3%A9&%FF=1&v=%',
      'constructor=1&toString=2&hasOwnProperty=3',
      // a key that comes back after another (the parser's second pass)
      'k=1&a=2&k=3&a=&k',
      // decoded only with an escape of two hex digits, which the runtime
      // looks for across a `+` in a value and through a decoded key: é and
      // the emoji survive where nothing is decoded, not where something is
      'a=%C3%A9%zz&b=\u00e9%zz&c=\ud83d\ude00%4+1&%41%42=\ud83d\ude00%zz&%zz%41=x',
    ]

    test('keys, values and prototype as Express 4 (webfw/v4 and webfw/v3)', async () => {
      const expected: unknown[] = []
      await withServer(bodyApp(express4), async ({ port }) => {
        for (const body of bodies) expected.push((await send(port, { headers: { 'Content-Type': FORM }, body })).json())
      })
      // Express 4's own answers, so the comparison below cannot pass on a wrong reference.
      assert.deepEqual((expected[0] as Any).keys, ['', '__proto__', 'a b', 'k', 'q'])
      assert.equal((expected[2] as Any).body.z, '\ufffd')
      for (const [name, factory] of [['4.x', webfw4], ['3.x', webfw3]] as const) {
        await withServer(bodyApp(factory), async ({ port }) => {
          for (const [i, body] of bodies.entries()) {
            const r = await send(port, { headers: { 'Content-Type': FORM }, body })
            assert.deepEqual(r.json(), expected[i], `${name}: ${body}`)
            assert.equal(r.json().protoless, true)
          }
        })
      }
    })

    test('parameterLimit is the runtime parser\'s maxKeys: a body at the limit keeps every pair', async () => {
      for (const body of [params(1000), params(1000).replace(/=/g, '=%41'), params(1000).replace(/=/g, '=%E9')]) {
        const r = await post(webfw4.urlencoded({ extended: false }), body)
        assert.equal(Object.keys(r.json().body).length, 1000)
      }
      const many = await post(webfw4.urlencoded({ extended: false, parameterLimit: 2000 }), params(1500).replace(/=/g, '=%E9'))
      assert.equal(Object.keys(many.json().body).length, 1500)
      assert.equal((await post(webfw4.urlencoded({ extended: false }), params(1001))).status, 413)
    })
  })

  describe('an application that replaces querystring.unescape', () => {
    // The runtime's parser decodes every key and value with
    // querystring.unescape, whichever function it holds at the time; Express
    // 4's flat bodies and Express 5's "simple" queries follow. webfw's own
    // flat parser would not call it for a part without an escape.
    test('its function decodes flat bodies (4.x, 3.x) and simple queries (5.x) as in Express', async () => {
      const original = querystring.unescape
      const seen: string[] = []
      const appFor = (factory: Any) => {
        const app = factory()
        app.use(factory.urlencoded({ extended: false }))
        app.post('/', (req: Any, res: Any) => res.json({ ...req.body }))
        app.get('/', (req: Any, res: Any) => res.json({ ...req.query }))
        return app
      }
      const form = 'name=tobi&city=%C3%A9+x&plain'
      const ask = (port: number) => Promise.all([
        send(port, { method: 'POST', headers: { 'Content-Type': FORM }, body: form }).then((r) => r.json()),
        send(port, { method: 'GET', path: '/?' + form }).then((r) => r.json()),
      ])
      querystring.unescape = (part: string) => {
        seen.push(part)
        return original(part).toUpperCase()
      }
      try {
        const flat = await withServers([appFor(express4), appFor(webfw4), appFor(webfw3)], (ports) => Promise.all(ports.map(ask)))
        const simple = await withServers([appFor(express5), appFor(webfw)], (ports) => Promise.all(ports.map(ask)))
        // Express's answers went through the replacement, so the comparison cannot pass on a wrong reference.
        assert.deepEqual(flat[0][0], { NAME: 'TOBI', CITY: '\u00c9 X', PLAIN: '' })
        assert.deepEqual(simple[0][1], { NAME: 'TOBI', CITY: '\u00c9 X', PLAIN: '' })
        assert.deepEqual(flat[1][0], flat[0][0], '4.x body')
        assert.deepEqual(flat[2][0], flat[0][0], '3.x body')
        assert.deepEqual(simple[1][1], simple[0][1], '5.x query')
        // 5.x's flat bodies do not go through querystring, in Express as in webfw.
        assert.deepEqual(simple[0][0], { name: 'tobi', city: '\u00e9 x', plain: '' })
        assert.deepEqual(simple[1][0], simple[0][0], '5.x body')
        assert.ok(seen.includes('tobi'), 'a part without an escape is passed to it too')
      } finally {
        querystring.unescape = original
      }
    })
  })

  describe('extended: true', () => {
    test('nested objects and arrays', async () => {
      const r = await post(webfw.urlencoded({ extended: true }), 'user[name][first]=Tobi&foo[0]=bar&foo[1]=baz')
      assert.deepEqual(r.json().body, { user: { name: { first: 'Tobi' } }, foo: ['bar', 'baz'] })
    })

    test('nesting deeper than depth (default 32) is a 400', async () => {
      const deep = (n: number) => 'a' + '[p]'.repeat(n) + '=1'
      assert.equal((await post(webfw.urlencoded({ extended: true }), deep(32))).status, 200)
      const tooDeep = await post(webfw.urlencoded({ extended: true }), deep(33))
      assert.equal(tooDeep.status, 400)
      assert.equal(tooDeep.json().type, 'querystring.parse.rangeError')
      assert.equal((await post(webfw.urlencoded({ extended: true, depth: 1 }), 'a[b][c]=1')).status, 400)
    })

    test('the 4.x profile defaults to extended', async () => {
      const { profile5 } = internal('profile')
      const parsers = internal('middleware/body').createBodyParsers({ ...profile5, urlencodedExtended: true })
      const r = await post(parsers.urlencoded(), 'a[b]=c')
      assert.deepEqual(r.json().body, { a: { b: 'c' } })
    })
  })

  describe('parameterLimit', () => {
    for (const extended of [false, true]) {
      test(`default 1000; more is a 413 parameters.too.many (extended: ${extended})`, async () => {
        assert.equal((await post(webfw.urlencoded({ extended }), params(1000))).status, 200)
        const r = await post(webfw.urlencoded({ extended }), params(1001))
        assert.equal(r.status, 413)
        assert.equal(r.json().type, 'parameters.too.many')
        assert.equal(r.json().message, 'too many parameters')
      })
    }

    test('a custom limit (fractions rounded down) and Infinity', async () => {
      assert.equal((await post(webfw.urlencoded({ parameterLimit: 10.9 }), params(10))).status, 200)
      assert.equal((await post(webfw.urlencoded({ parameterLimit: 10.9 }), params(11))).status, 413)
      const many = await post(webfw.urlencoded({ parameterLimit: Infinity, limit: '1mb' }), params(5000))
      assert.equal(Object.keys(many.json().body).length, 5000)
    })

    test('counts pieces between "&" however short the body, at the limit and one past it', () => {
      // A body of n characters has at most n + 1 pieces; the flat parser skips
      // the count only where that cannot pass the limit. Checked straight on
      // the parse function, against the count of pieces, for every length
      // around small limits and bodies made only of separators.
      const { createUrlencodedParse } = internal('middleware/body/urlencoded')
      for (const extended of [false, true]) {
        for (const limit of [1, 2, 3, 5, 8]) {
          const parse = createUrlencodedParse({ extended, parameterLimit: limit }, false)
          for (let length = 1; length <= limit + 2; length++) {
            for (const body of ['&'.repeat(length), 'a'.repeat(length), ('a&').repeat(length).slice(0, length)]) {
              const pieces = body.split('&').length
              let status = 200
              try {
                parse(body)
              } catch (err) {
                status = (err as { status: number }).status
              }
              assert.equal(status, pieces > limit ? 413 : 200, `extended ${extended}, limit ${limit}, ${JSON.stringify(body)}`)
            }
          }
        }
      }
    })

    test('must be a positive number', () => {
      for (const parameterLimit of [0, -1, 'beep']) {
        assert.throws(() => webfw.urlencoded({ parameterLimit }), /option parameterLimit must be a positive number/)
      }
    })
  })

  test('only UTF-8: any other charset is a 415', async () => {
    const ok = await post(webfw.urlencoded(), Buffer.from('6e616d653de8aeba', 'hex'), FORM + '; charset=utf-8')
    assert.deepEqual(ok.json().body, { name: '论' })
    const r = await post(webfw.urlencoded(), Buffer.from('6e616d653dcec5d4', 'hex'), FORM + '; charset=koi8-r')
    assert.equal(r.status, 415)
    assert.equal(r.json().message, 'unsupported charset "KOI8-R"')
  })

  test('an empty body is {}', async () => {
    const r = await withServer(parserApp(webfw, webfw.urlencoded()), ({ port }) =>
      send(port, { headers: { 'Content-Type': FORM, 'Content-Length': 0 } }),
    )
    assert.deepEqual(r.json().body, {})
  })
})
