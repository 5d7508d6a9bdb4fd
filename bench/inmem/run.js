// `npm run bench:inmem`: the servers of bench:http compared by their own CPU
// time per request, each fed through an in-memory socket (bench/inmem/worker.js)
// in its own process, pinned to one core. Processes alternate between the
// servers; each reports the lowest of its rounds, and the table gives the
// median (and lowest) of those over the processes. Meant for A/B work on a
// noisy machine: a change of a few hundred nanoseconds shows here when the
// loopback benchmark cannot separate it from the noise. It leaves out the
// kernel's share of a request, so its ratios are not those of bench:http.
//
//   npm run bench:inmem -- hello --servers webfw,bare --processes 5
//
// A server entry may carry one environment assignment for its processes,
// `<server>:<NAME>=<value>`, so that variants of one server alternate with
// each other, e.g. `--servers bare-express,bare-express:BENCH_OMIT=etag,bare`
// (the server list is split at commas, so a value cannot contain one).
'use strict'

const { spawnSync } = require('node:child_process')
const path = require('node:path')
const { parseOptions } = require('../lib/options')
const { pinned } = require('../lib/pin')
const { resolveNode } = require('../lib/node-binary')
const { assertBuilt } = require('../lib/results')
const { median, ratio, formatInt, formatRatio } = require('../lib/stats')
const { scenarioNames } = require('../http/scenarios')
const { serverIds } = require('../http/servers')
const { parseEntry } = require('./entry')

const WORKER = path.join(__dirname, 'worker.js')

const opts = parseOptions(
  {
    servers: { type: 'list', default: ['webfw', 'webfw-v4', 'fastify', 'bare'], env: 'BENCH_SERVERS', help: `servers (${serverIds.join(', ')})` },
    processes: { type: 'number', default: 5, help: 'processes per server, alternating between the servers' },
    rounds: { type: 'number', default: 7, help: 'measured rounds per process (after one unmeasured)' },
    requests: { type: 'number', default: 10000, help: 'requests per round' },
    connections: { type: 'number', default: 0, help: 'connections with one request in flight each (0: one connection, 16 pipelined)' },
    cpu: { type: 'string', default: '1', env: 'BENCH_SERVER_CPU', help: 'CPU the worker processes are pinned to' },
    node: { type: 'string', default: process.execPath, env: 'BENCH_NODE', help: 'node binary, or a major version ("24")' },
  },
  undefined,
  undefined,
  'usage: npm run bench:inmem -- <scenario> [--servers a,b] [--processes n]',
)

const scenario = opts._[0] || 'hello'
if (!scenarioNames.includes(scenario)) {
  console.error(`unknown scenario "${scenario}"; known: ${scenarioNames.join(', ')}`)
  process.exit(2)
}

function runWorker(nodeBin, entry) {
  const { id, env } = parseEntry(entry)
  const [command, args] = pinned(opts.cpu, nodeBin, [WORKER, id, scenario, String(opts.rounds), String(opts.requests), String(opts.connections)])
  const out = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env, NODE_ENV: 'production' } })
  const line = out.stdout.trim().split('\n').pop() || ''
  try {
    return JSON.parse(line)
  } catch {
    return { error: (out.stderr || 'no result').trim().split('\n').pop() }
  }
}

async function main() {
  assertBuilt()
  const nodeBin = await resolveNode(opts.node)
  const perServer = new Map(opts.servers.map((s) => [s, { cpu: [], wall: [], error: null }]))
  for (let p = 0; p < opts.processes; p++) {
    for (const server of opts.servers) {
      const slot = perServer.get(server)
      if (slot.error) continue
      const r = runWorker(nodeBin, server)
      if (r.error) {
        slot.error = r.error
        process.stderr.write(`  ${server}: ${r.error}\n`)
        continue
      }
      slot.cpu.push(Math.min(...r.cpuNs))
      slot.wall.push(Math.min(...r.wallNs))
      process.stderr.write(`  [${p + 1}/${opts.processes}] ${server.padEnd(13)} ${Math.min(...r.cpuNs)} ns CPU a request\n`)
    }
  }
  const base = perServer.get('bare')
  const baseCpu = base ? median(base.cpu) : undefined
  const how = opts.connections > 0 ? `${opts.connections} connections` : 'one pipelined connection'
  console.log(`\n${scenario}, in-memory sockets (${how}), CPU ns per request (median over ${opts.processes} processes of each one's lowest of ${opts.rounds} rounds × ${opts.requests}):\n`)
  console.log('| server | median | lowest | ratio to bare (CPU per request) |')
  console.log('|---|---:|---:|---:|')
  for (const [server, slot] of perServer) {
    if (slot.error) {
      console.log(`| ${server} | – | – | ${slot.error} |`)
      continue
    }
    const m = median(slot.cpu)
    console.log(`| ${server} | ${formatInt(m)} | ${formatInt(Math.min(...slot.cpu))} | ${formatRatio(ratio(m, baseCpu))} |`)
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
