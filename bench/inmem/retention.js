// `npm run bench:retention`: how much of each request outlives the request.
// Each server serves its scenario through the in-memory worker
// (bench/inmem/worker.js) with a fixed 16 MB young generation and V8's GC
// trace on; the figure is the mean growth of the heap between consecutive
// scavenges (mark-compacts left out), in KB per scavenge, and the number of
// mark-compacts. A server whose requests die young grows by a few KB (the
// harness's own); one whose requests survive scavenges, or are allocated in
// old space, grows by about what it serves between two scavenges and runs
// mark-compacts to get it back (docs/perf.md, "Pretenuring").
//
// Bytes, not time: the figures do not depend on what else the machine is
// doing, so this can run on a busy machine.
//
//   npm run bench:retention -- --scenarios hello,stack --servers webfw,bare-express --connections 0,50
'use strict'

const { spawnSync } = require('node:child_process')
const path = require('node:path')
const { parseOptions } = require('../lib/options')
const { assertBuilt } = require('../lib/results')
const { formatInt } = require('../lib/stats')
const { scenarioNames } = require('../http/scenarios')
const { serverIds } = require('../http/servers')
const { parseEntry } = require('./entry')

const WORKER = path.join(__dirname, 'worker.js')
const SEMI_SPACE_MB = 16

const opts = parseOptions(
  {
    scenarios: { type: 'list', default: ['hello', 'routes', 'param', 'stack'], help: `scenarios (${scenarioNames.join(', ')})` },
    servers: { type: 'list', default: ['webfw', 'webfw-v4', 'fastify', 'bare-express'], env: 'BENCH_SERVERS', help: `servers (${serverIds.join(', ')}); an entry may be <server>:<NAME>=<value>` },
    connections: { type: 'list', default: ['0', '50'], help: 'connection counts; 0 is one connection with 16 pipelined requests' },
    requests: { type: 'number', default: 20000, help: 'requests served (after as many of warm-up)' },
  },
  undefined,
  undefined,
  'usage: npm run bench:retention -- [--scenarios a,b] [--servers a,b] [--connections 0,50]',
)

/** Heap growth between scavenges (KB, mean) and mark-compact count of one worker run. */
function measure(server, scenario, connections) {
  const entry = parseEntry(server)
  const args = [
    '--trace-gc', `--min-semi-space-size=${SEMI_SPACE_MB}`, `--max-semi-space-size=${SEMI_SPACE_MB}`,
    WORKER, entry.id, scenario, '1', String(opts.requests), connections,
  ]
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, ...entry.env, NODE_ENV: 'production' } })
  const lines = run.stdout.split('\n')
  const result = lines.filter((l) => l.startsWith('{')).pop()
  if (!result || JSON.parse(result).error) return { error: result ? JSON.parse(result).error : (run.stderr || 'no result').trim().split('\n').pop() }
  let previous
  let total = 0
  let intervals = 0
  let markCompacts = 0
  for (const line of lines) {
    // e.g. "[123:0x…]  512 ms: Scavenge 26.6 (46.0) -> 13.6 (46.0) MB, …"
    const m = line.match(/: (Scavenge|Mark-Compact|Mark-sweep)[^\d]* ([\d.]+) \([\d.]+\) -> ([\d.]+) /)
    if (!m) continue
    if (m[1] !== 'Scavenge') {
      markCompacts++
      previous = undefined
      continue
    }
    const after = Number(m[3])
    if (previous !== undefined) {
      total += after - previous
      intervals++
    }
    previous = after
  }
  return { growthKb: intervals === 0 ? undefined : (total / intervals) * 1000, intervals, markCompacts }
}

function main() {
  assertBuilt()
  console.log(`Heap growth between scavenges (KB per ${SEMI_SPACE_MB} MB scavenge; ${opts.requests} requests after as many of warm-up, in memory; connections 0 = one pipelined connection)\n`)
  console.log('| scenario | connections | ' + opts.servers.join(' | ') + ' |')
  console.log('|---|---:|' + opts.servers.map(() => '---:').join('|') + '|')
  for (const scenario of opts.scenarios) {
    for (const connections of opts.connections) {
      const cells = opts.servers.map((server) => {
        const r = measure(server, scenario, connections)
        if (r.error) return 'n/a'
        if (r.growthKb === undefined) return '–'
        return `${formatInt(r.growthKb)} (${r.markCompacts} MC)`
      })
      console.log(`| ${scenario} | ${connections} | ${cells.join(' | ')} |`)
    }
  }
}

main()
