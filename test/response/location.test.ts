/**
 * res.location: the Location header, percent-encoded without changing the
 * host the URL leads to; CR and LF encoded, as Express encodes them.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { describe, it } from 'node:test'
import url from 'node:url'
import fc from 'fast-check'
import { serve } from '../helpers/http'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'
import { express4, express5 } from '../helpers/side-by-side'

async function location(value: unknown): Promise<{ header: unknown; error?: string }> {
  const app = webfw()
  app.use((_req: unknown, res: Any) => {
    try {
      res.location(value)
      res.end()
    } catch (err) {
      res.end((err as Error).name)
    }
  })
  const res = await call(app)
  return { header: res.headers.location, error: res.body || undefined }
}

const BASE = 'http://app.test/dir/page'

/** The host a browser would go to for `href` on a page at BASE, when it is a web (http/https) URL. */
function webHost(href: string): string | null {
  try {
    const u = new URL(href, BASE)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.host : null
  } catch {
    return null
  }
}

function legacyHost(href: string): string | null {
  return url.parse(href, false, true).host
}

describe('res.location', () => {
  it('sets the header to the URL as given when nothing needs encoding', async () => {
    assert.equal((await location('http://example.com/')).header, 'http://example.com/')
    assert.equal((await location('http://example.com')).header, 'http://example.com')
    assert.equal((await location('/a/b?c=d#e')).header, '/a/b?c=d#e')
    assert.equal((await location('../up')).header, '../up')
  })

  it('percent-encodes characters not allowed in a URL, as UTF-8', async () => {
    assert.equal((await location('https://example.com/?q=\u2603 §10')).header, 'https://example.com/?q=%E2%98%83%20%C2%A710')
    assert.equal((await location('/a<b>"c"')).header, '/a%3Cb%3E%22c%22')
  })

  it('leaves existing percent-escapes untouched and escapes a lone %', async () => {
    assert.equal((await location('/%e2%98%83?q=%A710')).header, '/%e2%98%83?q=%A710')
    assert.equal((await location('/100%')).header, '/100%25')
  })

  it('accepts a URL object and stringifies other values', async () => {
    assert.equal((await location(new URL('http://example.com/x y'))).header, 'http://example.com/x%20y')
    assert.equal((await location(true)).header, 'true')
    assert.equal((await location({})).header, '[object%20Object]')
    assert.equal((await location('')).header, '')
  })

  it('keeps backslashes, "@" and "//" so the host stays the one the input names', async () => {
    const cases = [
      'http://good.example\\@evil.example/',
      'HTTPS://good.example\\@evil.example',
      '//good.example\\@evil.example/',
      'https://good.example/a\\b\\c',
      'http://good.example\\@evil.example/%0d%0afoo:%20bar',
      'https://good.example\'.evil.example/1.html',
      'http://user@good.example//evil.example/',
      'file:///etc\\passwd',
    ]
    for (const input of cases) {
      const { header } = await location(input)
      assert.equal(header, input)
      assert.equal(webHost(header as string), webHost(input), input)
      assert.equal(legacyHost(header as string), legacyHost(input), input)
    }
  })

  it('encodes backslashes among the leading slashes: "/\\host" stays a path on this host', async () => {
    const cases: [string, string][] = [
      ['/\\evil.example', '/%5Cevil.example'],
      ['\\\\evil.example/x', '%5C%5Cevil.example/x'],
      ['\\/evil.example', '%5C/evil.example'],
      ['/\\/evil.example', '/%5C/evil.example'],
      ['/a\\b', '/a\\b'],
    ]
    for (const [input, expected] of cases) {
      const { header } = await location(input)
      assert.equal(header, expected, input)
      assert.equal(webHost(header as string), 'app.test', input)
    }
  })

  it('never leads to a web host other than the one the input leads to (property)', async () => {
    const app = webfw()
    app.use((req: Any, res: Any) => {
      let input = ''
      req.setEncoding('utf8')
      req.on('data', (c: string) => (input += c))
      req.on('end', () => {
        try {
          res.location(input)
        } catch (err) {
          return res.json({ input, error: (err as Error).message })
        }
        res.json({ input, location: res.get('Location') })
      })
    })
    const srv = await serve(app)
    const agent = new http.Agent({ keepAlive: true })
    const post = (body: string) =>
      new Promise<{ header: string | undefined; json: { input: string; location?: string; error?: string } }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port: srv.port, method: 'POST', path: '/', agent }, (res) => {
          let data = ''
          res.setEncoding('utf8')
          res.on('data', (c: string) => (data += c))
          res.on('end', () => resolve({ header: res.headers.location, json: JSON.parse(data) }))
        })
        req.on('error', reject)
        req.end(body)
      })
    const pieces = ['http:', 'https:', 'HTTP:', 'file:', 'javascript:', '//', '/', '\\', '@', ':', '.', '?', '#', '%', '%2F', '%40', '%5C', ' ', '"', '<', '>', '`', '{', '}', '|', '^', '\t', '\x00', '\x7f', 'é', '☃', '[', ']', 'good.test', 'evil.test', 'a', '1', "'", ';', '&']
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { maxLength: 10 }), async (parts) => {
          const { header, json } = await post(parts.join(''))
          assert.equal(json.error, undefined)
          assert.equal(header, json.location)
          const host = webHost(json.location as string)
          // Only an escaped leading or trailing space/control may turn an absolute URL into a
          // relative one, which stays on the app's own host.
          if (host !== null && host !== 'app.test') assert.equal(host, webHost(json.input), JSON.stringify(json))
        }),
        { numRuns: 300 },
      )
    } finally {
      agent.destroy()
      await srv.close()
    }
  })

  it('encodes a CR or LF as Express 5 and 4 do: one header, nothing split, nothing thrown', async () => {
    const cases: Array<[string, string]> = [
      ['/a\r\nSet-Cookie: x=1', '/a%0D%0ASet-Cookie:%20x=1'],
      ['http://good.example\n.evil.example/', 'http://good.example%0A.evil.example/'],
      ['/a\rb', '/a%0Db'],
    ]
    for (const [input, expected] of cases) {
      const res = await location(input)
      assert.deepEqual([res.header, res.error], [expected, undefined], JSON.stringify(input))
      for (const factory of [express5, express4]) {
        const app = factory()
        app.use((_req: unknown, res: Any) => res.location(input).end())
        assert.equal((await call(app, '/')).headers.location, expected, JSON.stringify(input))
      }
    }
    const app = webfw()
    app.use((_req: unknown, res: Any) => res.redirect('/a\r\nSet-Cookie: x=1'))
    const redirected = await call(app, '/')
    assert.deepEqual([redirected.status, redirected.headers.location, redirected.headers['set-cookie']], [302, '/a%0D%0ASet-Cookie:%20x=1', undefined])
  })
})
