// `npm run bench:concurrency`: one scenario (`stack` by default) at several
// numbers of concurrent connections, to see how each server's throughput,
// CPU per request, tail latency and garbage collection change as more
// requests are in flight at once. Same harness as `bench:http` (servers
// pinned to one CPU, answers checked, interleaved rounds, disturbed runs
// retried); the servers also report their GC time (BENCH_GC=1).
'use strict'

const path = require('node:path')
const { parseOptions, UsageError, describeError } = require('../lib/options')
const { resolveAndAnnounce } = require('../lib/node-binary')
const { resultPath, saveResults } = require('../lib/results')
const { scenarios, scenarioNames } = require('./scenarios')
const { serverIds, serverById } = require('./servers')
const { loadOption, prepareRuns, roundOrder, measure, summarise, log } = require('./measure')
const { concurrencyMarkdown } = require('./concurrency-table')

const spec = {
  scenario: { type: 'string', default: 'stack', env: 'BENCH_SCENARIO', help: `scenario to run (${scenarioNames.join(', ')})` },
  connections: { type: 'list', default: ['1', '10', '50', '200'], env: 'BENCH_CONNECTIONS', help: 'numbers of concurrent connections' },
  servers: { type: 'list', default: ['webfw', 'webfw-v4', 'fastify', 'bare-express', 'express'], env: 'BENCH_SERVERS', help: `servers to run (${serverIds.join(', ')})` },
  duration: { type: 'number', default: 8, env: 'BENCH_DURATION', help: 'seconds of measured load per run' },
  warmup: { type: 'number', default: 3, env: 'BENCH_WARMUP', help: 'seconds of unmeasured load before each run' },
  rounds: { type: 'number', default: 2, env: 'BENCH_ROUNDS', help: 'interleaved rounds (medians are taken over them)' },
  node: { type: 'string', default: 'current', env: 'BENCH_NODE', help: 'Node that runs the servers: current, a major version (24, 22: node@<major> installed from npm into ~/.cache/webfw-bench once) or a path' },
  load: loadOption,
  'server-cpu': { type: 'string', default: '1', env: 'BENCH_SERVER_CPU', help: 'CPU the servers are pinned to' },
  'load-cpu': { type: 'string', default: '0', env: 'BENCH_LOAD_CPU', help: 'CPU the load generator (this process) is pinned to' },
  retries: { type: 'number', default: 2, env: 'BENCH_RETRIES', help: 'extra attempts of a run during which other processes were busy' },
  'max-others': { type: 'number', default: 0.15, env: 'BENCH_MAX_OTHERS', help: 'CPU (in cores) other processes may take during a run before it is retried' },
  out: { type: 'string', env: 'BENCH_OUT', help: 'results path without extension (default bench/results/concurrency-node<major>)' },
}

async function main() {
  const opts = parseOptions(spec, undefined, undefined, 'usage: npm run bench:concurrency -- [options]')
  opts.node = resolveAndAnnounce(opts.node)
  if (!scenarios[opts.scenario]) throw new UsageError(`unknown scenario "${opts.scenario}"; known: ${scenarioNames.join(', ')}`)
  const levels = opts.connections.map(Number)
  if (levels.some((n) => !Number.isInteger(n) || n < 1)) throw new UsageError('--connections takes positive whole numbers, e.g. 1,10,50,200')
  const chosen = opts.servers.map(serverById)
  const { meta, options: common } = prepareRuns(opts)
  const options = { scenario: opts.scenario, levels, ...common, pipelining: 1 }
  const out = resultPath(opts.out, 'concurrency', meta)
  const results = { kind: 'concurrency', meta: { ...meta, options }, description: scenarios[opts.scenario].description, levels: {} }
  for (const c of levels) {
    results.levels[c] = { servers: {} }
    for (const s of chosen) results.levels[c].servers[s.id] = { label: s.label, status: 'pending', notes: [], runs: [] }
  }

  const total = levels.length * opts.rounds * chosen.length
  log(`webfw bench:concurrency · ${opts.scenario} at ${levels.join(', ')} connections · servers on ${meta.node} · ${opts.rounds} rounds × ${opts.duration} s (+${opts.warmup} s)`)
  log(`${total} runs, about ${Math.ceil((total * (opts.warmup + opts.duration + 1)) / 60)} min; results → ${path.relative(process.cwd(), out)}.{json,md}`)

  let done = 0
  for (const c of levels) {
    const runOpts = { ...opts, connections: c, pipelining: 1, gc: true }
    for (let round = 1; round <= opts.rounds; round++) {
      for (const server of roundOrder(chosen, round)) {
        done++
        const entry = results.levels[c].servers[server.id]
        const tag = `[${String(done).padStart(String(total).length)}/${total}] ${c} conn · round ${round}/${opts.rounds} · ${server.label.padEnd(9)}`
        if (entry.status === 'unavailable' || entry.status === 'failed') continue
        const run = await measure({ opts: runOpts, name: opts.scenario, server, round, entry, tag })
        if (run) entry.runs.push(run)
      }
    }
    summarise(results.levels[c])
    saveResults(out, results, concurrencyMarkdown)
  }
  console.log('\n' + saveResults(out, results, concurrencyMarkdown))
  log(`written ${path.relative(process.cwd(), out)}.json and .md; \`npm run bench:report\` adds them to docs/perf.md`)
}

main().catch((err) => {
  log(describeError(err))
  process.exit(1)
})
