/**
 * The URL scan that decides whether the radix tree may answer a request
 * (src/router/shape.ts, `scanPathname`): where the pathname ends, whether
 * it holds capitals, and -1 for URLs the linear matcher must see. The scan
 * is compared with its rule written out here one character at a time, for
 * every character in every position of URLs up to 41 characters and for
 * random URLs (a faster scan that skips ahead, such as the regular-
 * expression search measured in docs/perf.md, must give the same answers).
 * Then long URLs over HTTP, on webfw 5 and 4 beside Express 5 and 4.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { request } from '../helpers/call'
import { express4, express5, withServers } from '../helpers/side-by-side'
import { internal, webfw, webfw4, type Any } from '../helpers/webfw'

const shape = internal('router/shape.js') as { scanPathname(url: string): number }

/** The scan's rule, one character at a time (the answer `scanPathname` encodes). */
function reference(url: string): number {
  if (url.length === 0 || url.charCodeAt(0) !== 0x2f) return -1
  let capitals = 0
  let i = 1
  for (; i < url.length; i++) {
    const c = url.charCodeAt(i)
    if (c === 0x3f) break
    if (c <= 0x20 || c === 0x25 || c === 0x23 || c >= 0x7f) return -1
    if (c >= 0x41 && c <= 0x5a) capitals = 1
  }
  for (let k = i + 1; k < url.length; k++) {
    const c = url.charCodeAt(k)
    if (c <= 0x20 || c === 0x23 || c === 0xa0 || c === 0xfeff) return -1
  }
  return (i << 1) | capitals
}

/**
 * The scan of a new string holding `url`, made as node:http makes a
 * request's URL (one byte a character where it can be).
 */
function scan(url: string): number {
  const oneByte = [...url].every((ch) => ch.charCodeAt(0) <= 0xff)
  const encoding = oneByte ? 'latin1' : 'utf16le'
  return shape.scanPathname(Buffer.from(url, encoding).toString(encoding))
}

const SPECIAL = [0xa0, 0xff, 0x100, 0x2028, 0xfeff, 0xd800]

describe('scanPathname', () => {
  test('every character at every position from 1 to 40, in URLs of 2 to 41 characters', () => {
    const codes = [...Array.from({ length: 0x80 }, (_, c) => c), ...SPECIAL]
    let compared = 0
    for (let length = 2; length <= 41; length++) {
      for (let at = 1; at < length; at++) {
        for (const code of codes) {
          const url = '/' + 'a'.repeat(at - 1) + String.fromCharCode(code) + 'b'.repeat(length - at - 1)
          assert.equal(scan(url), reference(url), JSON.stringify(url))
          compared++
        }
      }
    }
    assert.equal(compared, 820 * (0x80 + SPECIAL.length))
  })

  test('a deciding character after a capital, a query after a long path, a URL not starting with "/"', () => {
    for (const url of [
      '/repos/expressjs/Express/issues/1234',
      '/repos/expressjs/express/issues/1234?state=open&Sort=asc',
      '/repos/expressjs/express/issues%2F1234',
      '/repos/expressjs/express/ISSUES',
      '/repos/expressjs/express/issues?q=a#frag',
      '/repos/expressjs/express/issues?q=a b',
      'repos/expressjs/express/issues/1234',
      '/',
      '',
    ]) {
      assert.equal(scan(url), reference(url), url)
    }
    // And the answers themselves: the end of the path, capitals in the last bit.
    assert.equal(scan('/repos/expressjs/express/issues'), 31 << 1)
    assert.equal(scan('/repos/expressjs/express/ISSUES?x=1'), (31 << 1) | 1)
    assert.equal(scan('/repos/expressjs/express/issues%20'), -1)
  })

  test('random URLs over the characters that decide something', () => {
    const alphabet = fc.constantFrom(...'/abcxyzAZ09-._~!$&\'()*+,;=:@[]^`{|}"?#% \t\u007f\u00a0\u00e9\u2028\ufeff')
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }), fc.boolean(), (chars, slash) => {
        const url = (slash ? '/' : '') + chars.join('')
        assert.equal(scan(url), reference(url))
      }),
      { numRuns: 3000 },
    )
  })
})

describe('long URLs over HTTP, beside Express', () => {
  const urls = [
    '/repos/expressjs/express/issues/1234',
    '/repos/expressjs/express/ISSUES/1234',
    '/repos/ExpressJS/express/issues/1234?state=open',
    '/repos/expressjs/express/issues/12%334',
    '/repos/expressjs/express/issues%2F1234',
    '/repos/expressjs/express/issues/1234/',
    '/repos/expressjs/express/issues/caf\u00e9',
  ]
  for (const [name, make, express] of [['5.x', webfw, express5], ['4.x', webfw4, express4]] as const) {
    test(`${name}: the route found and its parameters are Express's`, async () => {
      const build = (factory: Any): Any => {
        const app = factory()
        app.get('/repos/:owner/:repo/issues/:number', (req: Any, res: Any) => res.json({ route: 'issue', params: req.params, path: req.path }))
        app.get('/repos/:owner/:repo/issues%2F1234', (req: Any, res: Any) => res.json({ route: 'encoded', params: req.params }))
        app.use((req: Any, res: Any) => res.status(404).json({ route: null, path: req.path }))
        return app
      }
      await withServers([build(make), build(express)], async ([ours, theirs]) => {
        for (const url of urls) {
          const path = encodeURI(url).replace(/%25/g, '%')
          const [a, b] = [await request(ours, path), await request(theirs, path)]
          assert.equal(a.status, b.status, url)
          assert.deepEqual(JSON.parse(a.body), JSON.parse(b.body), url)
        }
      })
    })
  }
})
