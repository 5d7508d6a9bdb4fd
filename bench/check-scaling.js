/**
 * Timed scaling of route matching and header parsing: for each adversarial
 * case, the cost of an input 32 times longer divided by the cost of the short
 * one. Linear code gives about 32 (less while fixed costs dominate),
 * quadratic code about 1000. Printed, never asserted: times on a shared or
 * busy machine vary (garbage collection and large-object allocation alone
 * take the ratio of a linear case past 100 at the largest sizes), so the tests
 * count work instead (test/fuzz/routing-scaling.test.ts,
 * test/security/backtracking.test.ts) and this script is what remains of the
 * timing, as a look at real costs. Exit status 0 whatever it measures.
 *
 * Run: npm run check:scaling [-- --filter <text>]
 */
'use strict'

const { Socket } = require('node:net')
const webfw = require('../dist/index.js')
const webfw4 = require('../dist/v4.js')
const reqlog = require('../dist/reqlog/index.js')
const { useMatcher } = require('../dist/router/router-state')
const { serverClasses } = require('../dist/app/server')

const FACTOR = 32
const filterAt = process.argv.indexOf('--filter')
const filter = filterAt === -1 ? '' : process.argv[filterAt + 1]

/** Cost per call of `make(n)()`: the fastest of five timed batches (the minimum shrugs off GC and scheduling). */
function cost(make, n) {
  const fn = make(n)
  fn()
  let calls = 1
  for (;;) {
    const t0 = process.hrtime.bigint()
    for (let i = 0; i < calls; i++) fn()
    if (Number(process.hrtime.bigint() - t0) > 1e6 || calls >= 1 << 14) break
    calls *= 4
  }
  let best = Infinity
  for (let round = 0; round < 5; round++) {
    const t0 = process.hrtime.bigint()
    for (let i = 0; i < calls; i++) fn()
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / calls)
  }
  return best
}

const rows = []
function measure(label, make, small) {
  if (filter && !label.includes(filter)) return
  const a = cost(make, small)
  const b = cost(make, small * FACTOR)
  rows.push([label, small, (a / small).toFixed(1), (b / (small * FACTOR)).toFixed(1), (b / a).toFixed(1)])
  process.stdout.write('.')
}

// Route matching: one pattern per router, adversarial paths, both matchers.
const res = { setHeader() {}, end() {} }
const next = (_req, _res, n) => n()
const routes = [
  [5, webfw, [['/:a-:b-:c', 'a-'], ['/:a.:b.:c', 'a.'], ['/*a-*b', 'a.'], ['/*a/*b/*c', 'a-'], ['{/:a}{/:b}{/:c}{/:d}', '/-'], ['/:a{-:b}{-:c}', '-a']]],
  [4, webfw4, [['/:a-:b-:c', '-a'], ['/:a.:b.:c', 'a.'], ['/:a(\\d+)-:b', 'a-'], ['/*-*-*', 'a.'], ['/a*b*c*d', 'abc'], ['/*x*y*z', 'xy'], ['/*/x/*/y', 'x/'], ['/*/:b/*', '/-']]],
]
for (const [version, factory, cases] of routes) {
  for (const [pattern, unit] of cases) {
    for (const kind of ['radix', 'linear']) {
      const router = factory.Router()
      useMatcher(router, kind)
      router.get(pattern, next)
      router.use(pattern, next)
      router.get('/static/route', next)
      measure(`${version}.x ${kind} ${pattern} on ${JSON.stringify(unit)} x n + "!"`, (n) => {
        const url = '/' + unit.repeat(n) + '!'
        return () => router.handle({ method: 'GET', url }, res, () => {})
      }, 256)
    }
  }
}

// Header parsing, on a request/response pair built without a socket.
const app = webfw()
app.set('trust proxy', true)
const { IncomingMessage: Req, ServerResponse: Res } = serverClasses(app)
const socket = new Socket()
function pair(headers) {
  const req = new Req(socket)
  req.method = 'GET'
  req.url = '/'
  req.headers = headers
  const response = new Res(req)
  req.res = response
  response.req = req
  return { req, res: response }
}
const cookies = webfw.cookieParser('secret')
const remoteUser = reqlog.compile(':remote-user :user-agent :referrer')
const headers = [
  ['Accept, many parameters', (n) => ({ accept: 'text/html' + ';a=b'.repeat(n / 4) }), ({ req }) => req.accepts('html')],
  ['Accept-Language', (n) => ({ 'accept-language': 'en-US;q=0.5,'.repeat(n / 12) }), ({ req }) => req.acceptsLanguages('fr')],
  ['Range, many ranges', (n) => ({ range: 'bytes=' + '0-1,'.repeat(n / 4) }), ({ req }) => req.range(1000, { combine: true })],
  ['If-None-Match, commas', (n) => ({ 'if-none-match': ' ,'.repeat(n / 2) }), ({ req, res: r }) => { r.setHeader('ETag', '"x"'); return req.fresh }],
  ['Cookie, many pairs', (n) => ({ cookie: 'a=b; '.repeat(n / 5) }), ({ req }) => cookies(req, {}, () => {})],
  ['X-Forwarded-For', (n) => ({ 'x-forwarded-for': '1.2.3.4, '.repeat(n / 9) }), ({ req }) => req.ips],
  ['Host, dots', (n) => ({ host: '.'.repeat(n) }), ({ req }) => req.subdomains],
  ['Authorization (reqlog :remote-user)', (n) => ({ authorization: 'Basic ' + 'A'.repeat(n) }), ({ req, res: r }) => remoteUser(reqlog, req, r)],
  ['User-Agent with controls (reqlog escaping)', (n) => ({ 'user-agent': '"\\\u0085'.repeat(n / 3), referer: '\t'.repeat(n) }), ({ req, res: r }) => remoteUser(reqlog, req, r)],
]
for (const [label, make, member] of headers) {
  // 500 to 16,000 characters: up to Node's 16 KB header limit.
  measure(label, (n) => {
    const h = make(n)
    return () => member(pair(h))
  }, 500)
}

process.stdout.write('\n\n')
const head = ['case', 'n', 'ns per n at n', `ns per n at ${FACTOR}n`, `cost ratio (linear ≈ ${FACTOR})`]
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)))
const line = (cells) => '| ' + cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ') + ' |'
console.log(line(head))
console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|')
for (const row of rows) console.log(line(row))
console.log(`\nRatios well above ${FACTOR} on a quiet machine, repeated, point at super-linear work; the tests count it.`)
