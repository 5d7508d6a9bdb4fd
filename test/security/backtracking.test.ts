/**
 * Catastrophic backtracking: the cost of matching a route or parsing a
 * header stays linear in the input's length for the inputs that make
 * backtracking parsers blow up.
 *
 * Each check compares the cost at n and 32n characters (test/fuzz/support.ts
 * `assertLinear`: bound 4x linear growth, measured again once before
 * failing; quadratic code grows ~1000x). Headers go up to 32 KB, twice
 * what Node accepts by default; paths likewise.
 *
 * Route patterns: the published path-to-regexp ReDoS shapes for both
 * syntaxes, and the 4.x patterns with several `*` that backtracked
 * polynomially before src/router/linear-regexp.ts (`/*x*y*z` took about
 * a minute of CPU on an 8 KB path).
 */
import { describe, it } from 'node:test'
import { Socket } from 'node:net'
import { internal, webfw, webfw4, type Any } from '../helpers/webfw'
import { assertLinear } from '../fuzz/support'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const reqlog: Any = require('webfw/reqlog')
const { serverClasses } = internal('app/server')
const conditional = internal('response/file/conditional')
const { headerCharset } = internal('middleware/body/charset')

const SMALL = 1024
const FACTOR = 32

describe('route patterns', () => {
  const cases: [string, Any, string, string][] = [
    ['5.x', webfw, '/:a-:b-:c', '-a'],
    ['5.x', webfw, '/:a.:b.:c', 'a.'],
    ['5.x', webfw, '/*a-*b', 'a.'],
    ['5.x', webfw, '/*a/*b/*c', 'a-'],
    ['5.x', webfw, '{/:a}{/:b}{/:c}{/:d}', '/-'],
    ['4.x', webfw4, '/:a-:b-:c', '-a'],
    ['4.x', webfw4, '/:a.:b.:c', 'a.'],
    ['4.x', webfw4, '/:a-:b', '-'],
    ['4.x', webfw4, '/:a(\\d+)-:b', 'a-'],
    ['4.x', webfw4, '/a*b*c*d', 'abc'],
    ['4.x', webfw4, '/*x*y*z', 'xy'],
    ['4.x', webfw4, '/*/x/*/y', 'x/'],
    ['4.x', webfw4, '/*x*y', 'x'],
  ]
  for (const [version, factory, pattern, unit] of cases) {
    it(`${version} ${pattern} against (${JSON.stringify(unit)} x n) + "!"`, () => {
      for (const use of [false, true]) {
        const router = factory.Router()
        const next = (_req: Any, _res: Any, n: Any) => n()
        if (use) router.use(pattern, next)
        else router.get(pattern, next)
        assertLinear(`${version} ${use ? 'use' : 'get'} ${pattern}`, (n) => {
          const url = '/' + unit.repeat(n) + '!'
          return () => router.handle({ method: 'GET', url }, { setHeader() {}, end() {} }, () => {})
        }, SMALL / 4, FACTOR)
      }
    })
  }
})

describe('header parsing', () => {
  const app = webfw()
  app.set('trust proxy', true)
  const { IncomingMessage: Req, ServerResponse: Res } = serverClasses(app)
  const socket = new Socket()
  function pair(headers: Record<string, string>): { req: Any; res: Any } {
    const req = new Req(socket)
    req.method = 'GET'
    req.url = '/'
    req.headers = headers
    const res = new Res(req)
    req.res = res
    res.req = req
    return { req, res }
  }
  const parser = webfw.cookieParser('secret')
  const remoteUser = reqlog.compile(':remote-user :user-agent :referrer')

  const cases: [string, (n: number) => Record<string, string>, (p: { req: Any; res: Any }) => unknown][] = [
    ['Accept, empty entries', (n) => ({ accept: ','.repeat(n) }), ({ req }) => req.accepts('json', 'html')],
    ['Accept, many parameters', (n) => ({ accept: 'text/html' + ';a=b'.repeat(n / 4) }), ({ req }) => req.accepts('html')],
    ['Accept, open quote', (n) => ({ accept: 'a/b;x="' + '\\"'.repeat(n / 2) }), ({ req }) => req.accepts('json')],
    ['Accept, spaces', (n) => ({ accept: 'text/html' + ' '.repeat(n) + ';q=0.5' }), ({ req }) => req.accepts('html')],
    ['Accept via res.format', (n) => ({ accept: 'text/*;q=0.1,'.repeat(n / 13) }), ({ req, res }) => { req.next = () => {}; res.format({ json: () => {}, default: () => {} }) }],
    ['Accept-Language', (n) => ({ 'accept-language': 'en-US;q=0.5,'.repeat(n / 12) }), ({ req }) => req.acceptsLanguages('fr')],
    ['Accept-Encoding', (n) => ({ 'accept-encoding': 'gzip;q=0.5,'.repeat(n / 11) }), ({ req }) => req.acceptsEncodings('br')],
    ['Accept-Charset', (n) => ({ 'accept-charset': ' '.repeat(n) + 'x' }), ({ req }) => req.acceptsCharsets('utf-8')],
    ['Content-Type, spaces', (n) => ({ 'content-type': 'text/html' + ' '.repeat(n) + ';', 'content-length': '1' }), ({ req }) => req.is('json')],
    ['Content-Type, parameters', (n) => ({ 'content-type': 'application/json' + ';a="b"'.repeat(n / 6), 'content-length': '1' }), ({ req }) => headerCharset(req.headers['content-type'] + Math.random())],
    ['Range, many ranges', (n) => ({ range: 'bytes=' + '0-1,'.repeat(n / 4) }), ({ req }) => req.range(1000, { combine: true })],
    ['Range, dashes', (n) => ({ range: 'bytes=' + '-'.repeat(n) }), ({ req }) => req.range(1000)],
    ['If-None-Match, commas', (n) => ({ 'if-none-match': ' ,'.repeat(n / 2) }), ({ req, res }) => { res.setHeader('ETag', '"x"'); return req.fresh }],
    ['If-Match, commas', (n) => ({ 'if-match': ' ,'.repeat(n / 2) }), ({ req, res }) => { res.setHeader('ETag', '"x"'); return conditional.preconditionFailed(req.headers, res) }],
    ['If-Range, quotes', (n) => ({ 'if-range': '"'.repeat(n) }), ({ req, res }) => { res.setHeader('ETag', '"x"'); return conditional.rangeIsFresh(req.headers, res) }],
    ['Cookie, many pairs', (n) => ({ cookie: 'a=b; '.repeat(n / 5) }), ({ req }) => parser(req, {}, () => {})],
    ['Cookie, no separators', (n) => ({ cookie: '='.repeat(n) }), ({ req }) => parser(req, {}, () => {})],
    ['X-Forwarded-For', (n) => ({ 'x-forwarded-for': '1.2.3.4, '.repeat(n / 9) }), ({ req }) => req.ips],
    ['X-Forwarded-For, junk', (n) => ({ 'x-forwarded-for': ':'.repeat(n) }), ({ req }) => req.ip],
    ['X-Forwarded-Host', (n) => ({ 'x-forwarded-host': '['.repeat(n) }), ({ req }) => req.subdomains],
    ['Host, dots', (n) => ({ host: '.'.repeat(n) }), ({ req }) => req.subdomains],
    ['X-Forwarded-Proto', (n) => ({ 'x-forwarded-proto': ' '.repeat(n) + ',' }), ({ req }) => req.protocol],
    ['Authorization (reqlog :remote-user)', (n) => ({ authorization: 'Basic ' + 'A'.repeat(n) }), ({ req, res }) => remoteUser(reqlog, req, res)],
    ['User-Agent with controls (reqlog escaping)', (n) => ({ 'user-agent': '"\\\u0085'.repeat(n / 3), referer: '\t'.repeat(n) }), ({ req, res }) => remoteUser(reqlog, req, res)],
  ]
  for (const [label, headers, member] of cases) {
    it(label, () => {
      assertLinear(label, (n) => {
        const h = headers(n)
        return () => member(pair(h))
      }, SMALL, FACTOR)
    })
  }
})
