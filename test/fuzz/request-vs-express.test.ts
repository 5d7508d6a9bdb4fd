/**
 * The request properties against Express itself: random requests (Host,
 * X-Forwarded-For/Proto/Host, Accept and its siblings, Range, Content-Type,
 * conditional headers, Cache-Control, X-Requested-With, odd paths) to apps
 * with random `trust proxy` and `subdomain offset` settings, answered by
 * webfw 5 and Express 5, and by webfw/v4 and Express 4. Every property read
 * (req.ip, ips, protocol, secure, hostname, host, subdomains, path, fresh,
 * stale, xhr, accepts*, is, range, get) must give the same value, or throw
 * the same error.
 *
 * Cases: 150 per version; FUZZ_RUNS / FUZZ_LONG raise them.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { test } from 'node:test'
import fc from 'fast-check'
import { express4, express5, listenLocal } from '../helpers/side-by-side'
import { webfw, webfw4, type Any } from '../helpers/webfw'
import { runs } from './support'

const CASES = runs(150)

const TRUSTS: unknown[] = [false, true, 'loopback', 1, 2, '127.0.0.1', '10.0.0.0/8, loopback']

/** Every property, or the error message it throws. */
function probe(req: Any): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const read = (name: string, fn: () => unknown) => {
    try {
      const value = fn()
      out[name] = value === undefined ? '(undefined)' : value
    } catch (err) {
      out[name] = 'throws ' + (err as Error).message
    }
  }
  read('ip', () => req.ip)
  read('ips', () => req.ips)
  read('protocol', () => req.protocol)
  read('secure', () => req.secure)
  read('hostname', () => req.hostname)
  read('host', () => req.host)
  read('subdomains', () => req.subdomains)
  read('path', () => req.path)
  read('fresh', () => req.fresh)
  read('stale', () => req.stale)
  read('xhr', () => req.xhr)
  read('accepts', () => req.accepts(['json', 'html', 'text/plain', 'image/*']))
  read('acceptsOne', () => req.accepts('html'))
  read('acceptsAll', () => req.accepts())
  read('charsets', () => req.acceptsCharsets('utf-8', 'iso-8859-1'))
  read('encodings', () => req.acceptsEncodings(['gzip', 'br']))
  read('languages', () => req.acceptsLanguages('en', 'fr-CA', 'de'))
  read('allLanguages', () => req.acceptsLanguages())
  read('is', () => req.is(['json', 'text/*', 'urlencoded']))
  read('isHtml', () => req.is('html'))
  read('range', () => req.range(1000))
  read('rangeCombined', () => req.range(1000, { combine: true }))
  read('referrer', () => req.get('Referrer'))
  return out
}

const opt = <T>(values: T[]) => fc.option(fc.constantFrom(...values), { nil: undefined })

const requestArb = fc.record({
  trust: fc.integer({ min: 0, max: TRUSTS.length - 1 }),
  offset: fc.constantFrom(0, 1, 2),
  method: fc.constantFrom('GET', 'GET', 'HEAD', 'POST'),
  path: fc.constantFrom('/', '/a/b?x=1', '/a%20b/c', '/%zz', '//double', '/a?b?c', '/é', '/?etag=1', '/?etag=1&lm=1'),
  headers: fc.record({
    host: fc.constantFrom('example.com', 'a.b.example.com:8080', '[::1]:3000', 'localhost', 'ExAmple.COM', '1.2.3.4', 'tobi.ferrets.example.com', 'a..b.com'),
    'x-forwarded-for': opt(['10.0.0.1', '10.0.0.1, 10.0.0.2', '  1.1.1.1 ,2.2.2.2', 'garbage', '::ffff:10.0.0.1', '', 'a, , b']),
    'x-forwarded-proto': opt(['https', 'http', 'https, http', 'HTTPS', 'ws', ' https ']),
    'x-forwarded-host': opt(['proxy.com', 'p.com:9000, other.com', '[::1]', '']),
    accept: opt(['application/json', 'text/html;q=0.5, */*;q=0.1', 'image/png', '*/*', 'text/*', 'application/*;q=0', '', 'foo', 'json']),
    'accept-encoding': opt(['gzip, br;q=0.5', 'identity;q=0', '*', '']),
    'accept-language': opt(['en-US, fr;q=0.5', 'fr-CA', 'de;q=0, *', '']),
    'accept-charset': opt(['utf-8', 'iso-8859-1;q=0.2, *;q=0.1', '']),
    range: opt(['bytes=0-99', 'bytes=500-', 'bytes=-200', 'bytes=0-1,5-6', 'bytes=0-1,1-2', 'bytes=2000-3000', 'items=0-5', 'bytes=abc', 'bytes=5-1']),
    'content-type': opt(['application/json', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'text/html', 'bogus', 'application/vnd.api+json']),
    'transfer-encoding': opt(['chunked']),
    'if-none-match': opt(['*', '"x"', 'W/"x"', '"y", "x"']),
    'if-modified-since': opt(['Thu, 01 Jan 1970 00:00:00 GMT', 'Sat, 01 Jan 2050 00:00:00 GMT', 'garbage']),
    'cache-control': opt(['no-cache', 'max-age=0']),
    'x-requested-with': opt(['XMLHttpRequest', 'xmlhttprequest', 'fetch']),
    referer: opt(['/ref', 'http://x/y']),
  }),
})

function appFor(factory: Any, trust: unknown, offset: number): Any {
  const app = factory()
  app.set('trust proxy', trust)
  app.set('subdomain offset', offset)
  app.use((req: Any, res: Any) => {
    if (req.query.etag) res.set('ETag', '"x"')
    if (req.query.lm) res.set('Last-Modified', 'Thu, 01 Jan 2000 00:00:00 GMT')
    res.set('X-Probe', encodeURIComponent(JSON.stringify(probe(req)))).end()
  })
  return app
}

function ask(port: number, method: string, path: string, headers: Record<string, string>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      res.resume()
      const probe = res.headers['x-probe']
      // (a request the app never saw: both servers must refuse it alike)
      res.on('end', () => resolve(probe === undefined ? { status: res.statusCode } : JSON.parse(decodeURIComponent(String(probe)))))
    })
    req.on('error', reject)
    req.end()
  })
}

async function compare(ours: Any, theirs: Any, label: string): Promise<void> {
  // One pair of servers per setting, made when first asked for.
  const servers = new Map<string, number[]>()
  const opened: http.Server[] = []
  async function ports(trust: number, offset: number): Promise<number[]> {
    const key = `${trust}/${offset}`
    let found = servers.get(key)
    if (found === undefined) {
      const pair = [await listenLocal(appFor(ours, TRUSTS[trust], offset)), await listenLocal(appFor(theirs, TRUSTS[trust], offset))]
      opened.push(...pair.map((p) => p.server))
      found = pair.map((p) => p.port)
      servers.set(key, found)
    }
    return found
  }
  try {
    await fc.assert(
      fc.asyncProperty(requestArb, async (c) => {
        const headers: Record<string, string> = {}
        for (const [name, value] of Object.entries(c.headers)) if (value !== undefined) headers[name] = value
        const [a, b] = await Promise.all((await ports(c.trust, c.offset)).map((port) => ask(port, c.method, c.path, headers)))
        assert.deepEqual(a, b, `${label}: trust proxy ${String(TRUSTS[c.trust])}, subdomain offset ${c.offset}`)
      }),
      { numRuns: CASES, includeErrorInReport: true },
    )
  } finally {
    for (const s of opened) s.close()
  }
}

test(`request properties give Express 5's answers (${CASES} random requests)`, async () => {
  await compare(webfw, express5, '5.x')
})

test(`request properties of webfw/v4 give Express 4's answers (${CASES} random requests)`, async () => {
  await compare(webfw4, express4, '4.x')
})
