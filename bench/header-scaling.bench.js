/**
 * Malformed or hostile Accept*, Range, If-None-Match and Content-Type
 * headers must cost time linear in their length. For each header, the
 * request member that parses it runs on inputs of doubling size; the cost
 * per input character should stay flat (ratio near 1 between the largest
 * and smallest input), where a quadratic parser would double it per step.
 * Node caps all request headers at 16 KB by default; the inputs go to 32 KB.
 * Times are the fastest sample of each size, so garbage-collection pauses
 * (many small strings per input) do not blur the shape.
 *
 * Run: npm run build && node bench/header-scaling.bench.js
 */
'use strict'

const { Socket } = require('node:net')
const { Bench } = require('tinybench')
const webfw = require('..')
const { serverClasses } = require('../dist/app/server')

const app = webfw()
const { IncomingMessage: Req, ServerResponse: Res } = serverClasses(app)
const socket = new Socket()

function request(headers, method = 'GET') {
  const req = new Req(socket)
  req.method = method
  req.url = '/'
  req.headers = headers
  const res = new Res(req)
  req.res = res
  res.req = req
  return { req, res }
}

const cases = {
  'Accept (empty entries)': [(n) => ({ accept: ','.repeat(n) }), ({ req }) => req.accepts('json', 'html')],
  'Accept (many params)': [(n) => ({ accept: 'text/html' + ';a=b'.repeat(n / 4) }), ({ req }) => req.accepts('json', 'html')],
  'Accept (open quote)': [(n) => ({ accept: 'a/b;x="' + '\\"'.repeat(n / 2) }), ({ req }) => req.accepts('json')],
  'Accept-Language (many)': [(n) => ({ 'accept-language': 'en-US;q=0.5,'.repeat(n / 12) }), ({ req }) => req.acceptsLanguages('fr')],
  'Accept-Encoding (many)': [(n) => ({ 'accept-encoding': 'gzip;q=0.5,'.repeat(n / 11) }), ({ req }) => req.acceptsEncodings('br')],
  'Accept-Charset (spaces)': [(n) => ({ 'accept-charset': ' '.repeat(n) + 'x' }), ({ req }) => req.acceptsCharsets('utf-8')],
  'Range (many ranges)': [(n) => ({ range: 'bytes=' + '0-1,'.repeat(n / 4) }), ({ req }) => req.range(1000, { combine: true })],
  'Range (dashes)': [(n) => ({ range: 'bytes=' + '-'.repeat(n) }), ({ req }) => req.range(1000)],
  'If-None-Match (commas)': [
    (n) => ({ 'if-none-match': ' ,'.repeat(n / 2) }),
    ({ req, res }) => {
      res.setHeader('ETag', '"x"')
      return req.fresh
    },
  ],
  'Content-Type (spaces)': [
    (n) => ({ 'content-type': 'text/html' + ' '.repeat(n) + ';', 'content-length': '1' }),
    ({ req }) => req.is('json'),
  ],
}

const sizes = [2048, 4096, 8192, 16384, 32768]

async function main() {
  const bench = new Bench({ time: Number(process.env.BENCH_TIME || 200), warmupTime: 50 })
  for (const [name, [headers, member]] of Object.entries(cases)) {
    for (const n of sizes) {
      const h = headers(n)
      let pair
      bench.add(`${name} @${n}`, () => member(pair), {
        beforeEach() {
          pair = request(h)
        },
      })
    }
  }
  await bench.run()
  const rows = []
  for (const name of Object.keys(cases)) {
    const perChar = sizes.map((n) => (bench.getTask(`${name} @${n}`).result.latency.min * 1e6) / n)
    rows.push({
      header: name,
      ...Object.fromEntries(sizes.map((n, i) => [`ns/char @${n / 1024}K`, perChar[i].toFixed(3)])),
      'ratio 32K/2K': (perChar[perChar.length - 1] / perChar[0]).toFixed(2),
    })
  }
  console.table(rows)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
