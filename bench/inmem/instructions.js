// `npm run bench:instructions`: instructions executed per request, counted
// by valgrind's callgrind while the in-memory worker (bench/inmem/worker.js)
// serves a scenario. Counts do not depend on what else the machine is doing,
// so they compare servers, variants and concurrency levels on a busy machine
// where timings cannot (docs/perf.md, "Counting instructions").
//
// V8 runs with `--predictable` (one thread: garbage collection and
// compilation happen on the main thread, where callgrind counts them, and in
// the same order every time) and fixed seeds. Each server is run twice, with
// the same `--warmup` requests (identical work in both runs, V8's tiering
// included) and then `--requests` or twice that: the difference divided by
// the extra requests is the steady-state cost of a request, start-up and
// warm-up cancelled out.
//
//   npm run bench:instructions -- stack --servers webfw,bare-express,fastify --connections 1,50
//
// Needs valgrind (Debian package `valgrind`).
'use strict'

const { spawnSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { parseOptions } = require('../lib/options')
const { assertBuilt } = require('../lib/results')
const { formatInt, formatRatio, ratio } = require('../lib/stats')
const { scenarioNames } = require('../http/scenarios')
const { serverIds } = require('../http/servers')

const WORKER = path.join(__dirname, 'worker.js')
const V8_FLAGS = ['--predictable', '--hash-seed=1', '--random-seed=1']

const opts = parseOptions(
  {
    servers: { type: 'list', default: ['webfw', 'fastify', 'bare-express'], env: 'BENCH_SERVERS', help: `servers (${serverIds.join(', ')}); an entry may be <server>:<NAME>=<value>` },
    connections: { type: 'list', default: ['0'], help: 'connection counts; 0 is one connection with 16 pipelined requests' },
    requests: { type: 'number', default: 4000, help: 'measured requests of the shorter run (the longer one serves twice as many)' },
    warmup: { type: 'number', default: 10000, help: 'requests served before the measured ones, the same in both runs' },
  },
  undefined,
  undefined,
  'usage: npm run bench:instructions -- <scenario> [--servers a,b] [--connections 1,50]',
)

const scenario = opts._[0] || 'hello'
if (!scenarioNames.includes(scenario)) {
  console.error(`unknown scenario "${scenario}"; known: ${scenarioNames.join(', ')}`)
  process.exit(2)
}

/** `server` or `server:NAME=value`: the server id and the extra environment of its process. */
function parseEntry(entry) {
  const colon = entry.indexOf(':')
  if (colon === -1) return { id: entry, env: {} }
  const assignment = entry.slice(colon + 1)
  const eq = assignment.indexOf('=')
  return { id: entry.slice(0, colon), env: { [assignment.slice(0, eq)]: assignment.slice(eq + 1) } }
}

/** Total instructions of one worker run under callgrind: the warm-up, then one round of `requests`. */
function count(entry, connections, requests) {
  const { id, env } = parseEntry(entry)
  const out = path.join(os.tmpdir(), `webfw-callgrind-${process.pid}-${Date.now()}.out`)
  const args = ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, ...V8_FLAGS, WORKER, id, scenario, '1', String(requests), connections, String(opts.warmup)]
  const run = spawnSync('valgrind', args, { encoding: 'utf8', env: { ...process.env, ...env, NODE_ENV: 'production' } })
  if (run.error) throw run.error
  const line = run.stdout.trim().split('\n').pop() || ''
  if (!line.startsWith('{') || JSON.parse(line).error) {
    throw new Error(`${entry} did not serve ${scenario}: ${line || run.stderr.trim().split('\n').pop()}`)
  }
  const totals = fs.readFileSync(out, 'utf8').match(/^totals: (\d+)/m)
  fs.rmSync(out, { force: true })
  if (!totals) throw new Error('no totals in the callgrind output')
  return Number(totals[1])
}

function main() {
  assertBuilt()
  const rows = []
  for (const connections of opts.connections) {
    for (const entry of opts.servers) {
      const short = count(entry, connections, opts.requests)
      const long = count(entry, connections, opts.requests * 2)
      // The worker rounds requests up to whole batches (of 16, or of the connection count).
      const perRequest = (long - short) / opts.requests
      rows.push({ entry, connections, perRequest })
      process.stderr.write(`  ${entry.padEnd(28)} connections ${connections.padStart(3)}: ${formatInt(perRequest)} instructions a request\n`)
    }
  }
  const base = new Map(rows.filter((r) => r.entry === opts.servers[opts.servers.length - 1]).map((r) => [r.connections, r.perRequest]))
  console.log(`\n${scenario}: instructions per request (callgrind; ${opts.warmup} requests of warm-up, then ${opts.requests} → ${opts.requests * 2}; connections 0 = one pipelined connection)\n`)
  console.log(`| server | connections | instructions a request | ratio to ${opts.servers[opts.servers.length - 1]} |`)
  console.log('|---|---:|---:|---:|')
  for (const r of rows) console.log(`| ${r.entry} | ${r.connections} | ${formatInt(r.perRequest)} | ${formatRatio(ratio(r.perRequest, base.get(r.connections)))} |`)
}

main()
