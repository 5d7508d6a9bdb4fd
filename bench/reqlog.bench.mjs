// Micro benchmark: formatting one `combined` and one `dev` line, reqlog
// against morgan in the same run. The request/response pair comes from one
// real HTTP exchange that went through both loggers, so every token reads
// what it reads in production (headers, status, timing marks).
//
// Also: the per-response cost of reqlog's own res.writeHead hook against
// on-headers (what morgan uses), each recording the same start marks.
//
// The tasks run in 5 interleaved rounds (every task, then every task again),
// and each "faster than" figure is the median of the per-round ratios, with
// their range: on a shared machine whose speed drifts, two tasks sampled
// seconds apart in one block would be compared at different speeds.
//
// usage: npm run bench:reqlog   (builds first)
import http from 'node:http'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const reqlog = require('webfw/reqlog')
const morgan = require('morgan')
// morgan's own dependency, resolved from morgan
const onHeaders = createRequire(require.resolve('morgan'))('on-headers')
const { hookWriteHead } = require('../dist/reqlog/middleware.js')
const { median } = require('./lib/stats')
const { runInRounds, roundRatios, assertAllRan } = require('./lib/rounds')

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

// A response stand-in whose writeHead does nothing, so only the hooks differ.
function fakeResponse() {
  return { statusCode: 200, _startAt: undefined, _startTime: undefined, writeHead() { return this }, setHeader() {}, removeHeader() {}, appendHeader() {} }
}
const fields = { 'Content-Type': 'text/plain' }
function recordStart() {
  this._startAt = process.hrtime()
  this._startTime = new Date()
}

const ROUNDS = 5
const tasks = {}
for (const [name, [ours, theirs]] of Object.entries(lines)) {
  tasks[`${name} reqlog`] = batch(ours, reqlog)
  tasks[`${name} morgan`] = batch(theirs, morgan)
}
tasks['writeHead hook reqlog'] = () => {
  for (let i = 0; i < BATCH; i++) {
    const r = fakeResponse()
    hookWriteHead(r)
    r.writeHead(200, fields)
  }
}
tasks['writeHead hook morgan'] = () => {
  for (let i = 0; i < BATCH; i++) {
    const r = fakeResponse()
    onHeaders(r, recordStart)
    r.writeHead(200, fields)
  }
}

// Medians: the machines this runs on are often shared, and means take in their hiccups.
const run = await runInRounds(tasks, { rounds: ROUNDS, time: 400, options: { warmupTime: 500 } })
assertAllRan(run)
if (length === 0) throw new Error('no output')

console.table(run.names.map((name) => ({
  task: name,
  'ns per line or response (median of round medians)': ((median(run.roundP50.get(name)) * 1e6) / BATCH).toFixed(1),
  samples: run.samples.get(name).length,
})))
for (const name of [...Object.keys(lines), 'writeHead hook']) {
  const r = roundRatios(run.roundP50, `${name} morgan`, `${name} reqlog`)
  console.log(`${name}: reqlog is ${r.median.toFixed(2)}x faster than morgan (median of ${ROUNDS} rounds, range ${r.min.toFixed(2)}–${r.max.toFixed(2)})`)
}
