/**
 * res.cookie: Set-Cookie with every option of the cookie options table,
 * JSON for objects, signing with the cookie parser's secret, and the
 * RFC 6265 grammar enforced on names, values, paths and domains.
 */
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { describe, it } from 'node:test'
import cookieParserPackage from 'cookie-parser'
import { call, probe, request } from '../helpers/call'
import { withServer } from '../helpers/http'
import { express4, express5 } from '../helpers/side-by-side'
import { type Any, webfw, webfw4 } from '../helpers/webfw'

interface Outcome {
  cookies: string[]
  error?: { error: string; message: string }
}

async function setCookies(fn: (res: Any) => void, parser?: unknown): Promise<Outcome> {
  const app = webfw()
  if (parser) app.use(parser)
  app.use((_req: unknown, res: Any) => {
    try {
      fn(res)
      res.end()
    } catch (err) {
      res.end(JSON.stringify({ error: (err as Error).name, message: (err as Error).message }))
    }
  })
  const res = await call(app)
  return { cookies: (res.headers['set-cookie'] as string[]) ?? [], error: res.body ? JSON.parse(res.body) : undefined }
}

const one = async (name: string, value: unknown, options?: object) => (await setCookies((res) => res.cookie(name, value, options))).cookies[0]

/** An independent computation of the cookie-signature format: value.HMAC-SHA256(base64, no padding). */
function signed(value: string, secret: string): string {
  return 's:' + value + '.' + createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')
}

describe('res.cookie', () => {
  it('sets name=value with path "/"', async () => {
    assert.equal(await one('name', 'tobi'), 'name=tobi; Path=/')
  })

  it('URI-encodes the value, or uses the `encode` option', async () => {
    assert.equal(await one('q', 'a b;c'), 'q=a%20b%3Bc; Path=/')
    assert.equal(await one('q', 'abc', { encode: (v: string) => v.toUpperCase() }), 'q=ABC; Path=/')
  })

  it('serializes objects as j: JSON', async () => {
    assert.equal(await one('user', { name: 'tobi' }), 'user=' + encodeURIComponent('j:{"name":"tobi"}') + '; Path=/')
  })

  it('sets several cookies on repeated calls', async () => {
    const { cookies } = await setCookies((res) => res.cookie('a', '1').cookie('b', 2))
    assert.deepEqual(cookies, ['a=1; Path=/', 'b=2; Path=/'])
  })

  it('writes domain, path, expires, httpOnly, secure, partitioned, priority and sameSite', async () => {
    const expires = new Date('2030-01-02T03:04:05Z')
    const header = await one('k', 'v', {
      domain: '.example.com',
      path: '/admin',
      expires,
      httpOnly: true,
      secure: true,
      partitioned: true,
      priority: 'high',
      sameSite: 'strict',
    })
    assert.equal(
      header,
      'k=v; Domain=.example.com; Path=/admin; Expires=Wed, 02 Jan 2030 03:04:05 GMT; HttpOnly; Secure; Partitioned; Priority=High; SameSite=Strict',
    )
  })

  it('accepts every SameSite form', async () => {
    assert.match(await one('k', 'v', { sameSite: true }), /; SameSite=Strict$/)
    assert.match(await one('k', 'v', { sameSite: 'lax' }), /; SameSite=Lax$/)
    assert.match(await one('k', 'v', { sameSite: 'None' }), /; SameSite=None$/)
  })

  it('turns maxAge (milliseconds) into Max-Age (seconds) and an Expires', async () => {
    const before = Date.now()
    const header = await one('k', 'v', { maxAge: 90500 })
    const match = /^k=v; Max-Age=90; Path=\/; Expires=(.+)$/.exec(header)
    assert.ok(match, header)
    const expires = Date.parse(match[1])
    // Expires is now + maxAge, at the header's one-second precision.
    assert.ok(expires >= Math.floor((before + 90500) / 1000) * 1000 && expires <= Date.now() + 90500, header)
  })

  it('treats a null or undefined maxAge as absent', async () => {
    assert.equal(await one('k', 'v', { maxAge: null }), 'k=v; Path=/')
    assert.equal(await one('k', 'v', { maxAge: undefined }), 'k=v; Path=/')
  })

  it('does not change the options object', async () => {
    const options = { maxAge: 1000, signed: false }
    await one('k', 'v', options)
    assert.deepEqual(options, { maxAge: 1000, signed: false })
  })

  it('rejects invalid option values with a TypeError', async () => {
    for (const options of [{ maxAge: 'soon' }, { expires: new Date(NaN) }, { priority: 'urgent' }, { sameSite: 'sometimes' }]) {
      const { error, cookies } = await setCookies((res) => res.cookie('k', 'v', options))
      assert.equal(error?.error, 'TypeError', JSON.stringify(options))
      assert.deepEqual(cookies, [])
    }
  })

  describe('grammar', () => {
    const invalid: Array<[string, (res: Any) => void]> = [
      ['a name with a space', (res) => res.cookie('bad name', 'v')],
      ['a name with "="', (res) => res.cookie('a=b', 'v')],
      ['a name with CR LF', (res) => res.cookie('a\r\nSet-Cookie: x', 'v')],
      ['a path with ";"', (res) => res.cookie('k', 'v', { path: '/; Domain=evil.com' })],
      ['a path with CR LF', (res) => res.cookie('k', 'v', { path: '/\r\nX-Injected: 1' })],
      ['a domain with a space', (res) => res.cookie('k', 'v', { domain: 'example.com; Secure' })],
      ['a domain with CR LF', (res) => res.cookie('k', 'v', { domain: 'example.com\r\nX-Injected: 1' })],
      ['an encoded value with CR LF', (res) => res.cookie('k', 'v', { encode: () => 'v\r\nX-Injected: 1' })],
    ]
    for (const [name, fn] of invalid) {
      it(`rejects ${name} with a TypeError and writes nothing`, async () => {
        const { error, cookies } = await setCookies(fn)
        assert.equal(error?.error, 'TypeError')
        assert.deepEqual(cookies, [])
      })
    }
  })

  describe('signed', () => {
    it('needs a cookie parser with a secret', async () => {
      const bare = await setCookies((res) => res.cookie('k', 'v', { signed: true }))
      assert.match(bare.error?.message ?? '', /secret\S* required for signed cookies/)
      const noSecret = await setCookies((res) => res.cookie('k', 'v', { signed: true }), webfw.cookieParser())
      assert.match(noSecret.error?.message ?? '', /secret\S* required for signed cookies/)
      assert.deepEqual(noSecret.cookies, [])
    })

    it('signs with the first secret of the built-in parser', async () => {
      const header = await setCookies((res) => res.cookie('k', 'tobi', { signed: true }), webfw.cookieParser(['first', 'second']))
      assert.equal(header.cookies[0], 'k=' + encodeURIComponent(signed('tobi', 'first')) + '; Path=/')
    })

    it('signs JSON values inside the signature', async () => {
      const header = await setCookies((res) => res.cookie('k', { a: 1 }, { signed: true }), webfw.cookieParser('s'))
      assert.equal(header.cookies[0], 'k=' + encodeURIComponent(signed('j:{"a":1}', 's')) + '; Path=/')
    })

    it('signs with the secret of the cookie-parser package alike', async () => {
      const header = await setCookies((res) => res.cookie('k', 'tobi', { signed: true }), cookieParserPackage('pkg-secret'))
      assert.equal(header.cookies[0], 'k=' + encodeURIComponent(signed('tobi', 'pkg-secret')) + '; Path=/')
    })

    it('round-trips through either parser', async () => {
      for (const parser of [() => webfw.cookieParser('k'), () => cookieParserPackage('k')]) {
        const app = webfw()
        app.use(parser())
        app.get('/set', (_req: unknown, res: Any) => res.cookie('obj', { n: 1 }, { signed: true }).cookie('str', 'x', { signed: true }).end())
        app.get('/read', probe((req) => req.signedCookies))
        const set = await call(app, '/set')
        const cookie = (set.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ')
        const read = await call(app, '/read', { headers: { Cookie: cookie } })
        assert.deepEqual(JSON.parse(read.body).value, { obj: { n: 1 }, str: 'x' })
      }
    })
  })
})

describe('res.cookie and res.clearCookie beside Express 5 and 4', () => {
  /** Options and arguments, valid and not: the header, or the error's class and message, must be Express's. */
  const CASES: Array<[string, unknown, Record<string, unknown>]> = [
    ['a', 'b', {}], ['a', 'b c', {}], ['a', 'ü', {}], ['a', { x: 1 }, {}], ['a', 7, {}], ['a', '', {}],
    ['a', 'b', { maxAge: 1500.7 }], ['a', 'b', { maxAge: -1 }], ['a', 'b', { maxAge: 'soon' }], ['a', 'b', { maxAge: Infinity }],
    ['a', 'b', { expires: 'x' }], ['a', 'b', { expires: new Date('x') }], ['a', 'b', { domain: '.example.com' }],
    ['a', 'b', { domain: 'bad domain' }], ['a', 'b', { path: '/x;y' }], ['a', 'b', { sameSite: true }], ['a', 'b', { sameSite: 'bogus' }],
    ['a', 'b', { priority: 'high' }], ['a', 'b', { priority: 'bogus' }], ['a', 'b', { partitioned: true, secure: true }],
    ['a', 'b c', { encode: (v: string) => v }], ['a', 'b', { encode: 'x' }], ['bad name', 'b', {}], ['a;', 'b', {}], ['', 'b', {}],
    ['a', 'b', { signed: true }],
  ]

  async function outcomes(factory: Any): Promise<string[]> {
    const app = factory()
    app.set('env', 'test')
    const run = (res: Any, fn: () => void): void => {
      try {
        fn()
        res.end(JSON.stringify(res.getHeader('Set-Cookie') ?? null).replace(/Expires=[^;"]*/g, 'Expires=…'))
      } catch (err) {
        res.end((err as Error).constructor.name + ': ' + (err as Error).message)
      }
    }
    app.get('/set/:i', (req: Any, res: Any) => {
      const [name, value, options] = CASES[Number(req.params.i)]
      run(res, () => res.cookie(name, value, options))
    })
    app.get('/clear/:i', (req: Any, res: Any) => {
      const [name, , options] = CASES[Number(req.params.i)]
      run(res, () => res.clearCookie(name, options))
    })
    const out: string[] = []
    await withServer(app, async ({ port }) => {
      for (let i = 0; i < CASES.length; i++) {
        for (const op of ['set', 'clear']) out.push(`${op} ${i}: ` + (await request(port, `/${op}/${i}`)).body)
      }
    })
    return out
  }

  it('gives the same headers and the same errors', async () => {
    const [ours5, theirs5, ours4, theirs4] = [await outcomes(webfw), await outcomes(express5), await outcomes(webfw4), await outcomes(express4)]
    assert.deepEqual(ours5, theirs5)
    assert.deepEqual(ours4, theirs4)
    // What the comparison covers, spelled out for three of them.
    assert.ok(ours5.includes('set 8: TypeError: option maxAge is invalid'))
    assert.ok(ours5.includes('set 21: TypeError: option encode is invalid'))
    assert.ok(ours5.includes('set 25: Error: cookieParser("secret") required for signed cookies'))
  })
})
