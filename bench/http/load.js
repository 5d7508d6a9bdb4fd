// The load generator: autocannon, driven programmatically with the requests
// of a scenario (several requests are taken in turn by every connection).
// Also a command: `node bench/http/load.js <scenario> --port N [--duration s]
// [--amount n] [--connections c]`, which the flamegraph recorder runs.
'use strict'

const autocannon = require('autocannon')
const { scenarios } = require('./scenarios')

/**
 * Sends the requests of `scenario` to 127.0.0.1:`port` for `duration`
 * seconds (or `amount` requests). `onTick(requestsInLastSecond)` is called
 * every second. Resolves with a summary of autocannon's result.
 *
 * @example
 *   const r = await runLoad({ port: 3000, scenario: 'hello', duration: 10, connections: 50 })
 *   console.log(r.rps)
 */
function runLoad({ port, scenario, duration = 10, amount, connections = 50, pipelining = 1, onTick }) {
  const s = scenarios[scenario]
  if (!s) throw new Error(`unknown scenario ${scenario}`)
  return new Promise((resolve, reject) => {
    const opts = {
      url: `http://127.0.0.1:${port}`,
      connections,
      pipelining,
      requests: s.requests.map((r) => ({ method: r.method, path: r.path, headers: r.headers, body: r.body })),
    }
    if (amount) opts.amount = amount
    else opts.duration = duration
    const instance = autocannon(opts, (err, result) => {
      if (err) return reject(err)
      resolve(summarise(result))
    })
    if (onTick) instance.on('tick', (t) => onTick(t.counter))
  })
}

function summarise(result) {
  const statusCodes = {}
  for (const [code, v] of Object.entries(result.statusCodeStats || {})) statusCodes[code] = Number(v.count)
  const total = result.requests.total
  return {
    requests: total,
    duration: result.duration,
    rps: result.duration > 0 ? total / result.duration : 0,
    latency: { average: result.latency.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    throughputBytesPerSec: result.throughput.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  }
}

if (require.main === module) {
  const { parseOptions } = require('../lib/options')
  const opts = parseOptions(
    {
      port: { type: 'number', help: 'port of the server on 127.0.0.1' },
      duration: { type: 'number', default: 10, help: 'seconds of load' },
      amount: { type: 'number', help: 'number of requests instead of a duration' },
      connections: { type: 'number', default: 50, help: 'concurrent connections' },
      pipelining: { type: 'number', default: 1, help: 'pipelined requests per connection' },
    },
    undefined,
    undefined,
    'usage: node bench/http/load.js <scenario> --port N',
  )
  const scenario = opts._[0]
  if (!scenario || !opts.port) {
    console.error('usage: node bench/http/load.js <scenario> --port N [--duration s]')
    process.exit(2)
  }
  runLoad({ ...opts, scenario, onTick: (n) => process.stderr.write(`  ${n} req/s\n`) }).then(
    (r) => console.log(`${scenario}: ${Math.round(r.rps)} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`),
    (err) => {
      console.error(err)
      process.exit(1)
    },
  )
}

module.exports = { runLoad }
