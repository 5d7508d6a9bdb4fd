// Micro benchmark: formatting one `combined` and one `dev` line, reqlog
// against morgan in the same run. The request/response pair comes from one
// real HTTP exchange that went through both loggers, so every token reads
// what it reads in production (headers, status, timing marks).
//
// usage: npm run bench:reqlog   (builds first)
import http from 'node:http'
import { createRequire } from 'node:module'
import { Bench } from 'tinybench'

const require = createRequire(import.meta.url)
const reqlog = require('webfw/reqlog')
const morgan = require('morgan')

const sink = { write() {} }

/** One real request through both loggers; resolves with its (req, res) once finished. */
function capture() {
  const viaReqlog = reqlog('combined', { stream: sink })
  const viaMorgan = morgan('combined', { stream: sink })
  return new Promise((resolve, reject) => {
    const server = http.createServer((req, res) => {
      viaMorgan(req, res, () => viaReqlog(req, res, () => {
        res.setHeader('Content-Type', 'application/json; charset=utf-8')
        res.setHeader('Content-Length', '17')
        res.end('{"hello":"world"}')
        res.on('finish', () => setImmediate(() => {
          server.close()
          resolve({ req, res })
        }))
      }))
    })
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      http.get({
        port,
        host: '127.0.0.1',
        path: '/api/users/42?fields=name,email&page=2',
        headers: {
          'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
          Referer: 'https://example.com/app/dashboard',
        },
      }, (res) => res.resume()).on('error', reject)
    })
  })
}

const { req, res } = await capture()

const lines = {
  combined: [reqlog.compile(reqlog.combined), morgan.compile(morgan.combined)],
  dev: [reqlog.dev, morgan.dev],
}

// Same line from both (minus the timing fields), or the comparison means nothing.
for (const [name, [ours, theirs]] of Object.entries(lines)) {
  const a = ours(reqlog, req, res)
  const b = theirs(morgan, req, res)
  if (a !== b) throw new Error(`${name}: lines differ\n  reqlog: ${JSON.stringify(a)}\n  morgan: ${JSON.stringify(b)}`)
  console.log(`${name}: ${JSON.stringify(a)}`)
}

// Each task formats BATCH lines: tinybench reads the clock around every call,
// which costs about as much as a short line and would flatten the ratios.
const BATCH = 100
let length = 0
function batch(format, tokens) {
  return () => {
    for (let i = 0; i < BATCH; i++) length += format(tokens, req, res).length
  }
}

const bench = new Bench({ time: 2000, warmupTime: 500 })
for (const [name, [ours, theirs]] of Object.entries(lines)) {
  bench.add(`${name} reqlog`, batch(ours, reqlog))
  bench.add(`${name} morgan`, batch(theirs, morgan))
}
await bench.run()
if (length === 0) throw new Error('no output')

const mean = Object.fromEntries(bench.tasks.map((t) => [t.name, t.result.latency.p50 * 1e6 / BATCH]))
console.table(bench.tasks.map((t) => ({
  task: t.name,
  'ns per line (median)': mean[t.name].toFixed(1),
  'rme %': t.result.latency.rme.toFixed(2),
  samples: t.result.latency.samples.length,
})))
for (const name of Object.keys(lines)) {
  console.log(`${name}: reqlog is ${(mean[`${name} morgan`] / mean[`${name} reqlog`]).toFixed(2)}x faster than morgan`)
}
