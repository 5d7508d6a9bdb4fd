// `npm run bench:http`: the end-to-end benchmark. For each scenario, several
// interleaved rounds; in each round every server in turn is started alone on
// the server CPU, checked for correct answers, warmed up, then loaded by
// autocannon from this process on the other CPU. Medians over rounds and the
// ratio to the bare node:http server are written as JSON and Markdown.
// With `--protocol h2c` or `--protocol h2` the servers serve HTTP/2 (without
// or with TLS) and h2load, run as a child process on the load CPU, replaces
// autocannon (HTTP/1.1 only); over HTTP/1.1 `--load wrk` runs wrk there
// instead (latencies in microseconds, ./wrk.js).
'use strict'

const path = require('node:path')
const { parseOptions, UsageError, describeError } = require('../lib/options')
const { resolveAndAnnounce } = require('../lib/node-binary')
const { resultPath, saveResults } = require('../lib/results')
const { scenarios, scenarioNames } = require('./scenarios')
const { serverIds, serverById, h2ServerIds } = require('./servers')
const { loadOption, prepareRuns, roundOrder, measure, summarise, log } = require('./measure')
const { h2loadVersion } = require('./h2load')
const { protocols } = require('./protocol')
const table = require('./table')

const spec = {
  duration: { type: 'number', default: 10, env: 'BENCH_DURATION', help: 'seconds of measured load per run' },
  warmup: { type: 'number', default: 3, env: 'BENCH_WARMUP', help: 'seconds of unmeasured load before each run' },
  rounds: { type: 'number', default: 3, env: 'BENCH_ROUNDS', help: 'interleaved rounds (medians are taken over them)' },
  connections: { type: 'number', default: 50, env: 'BENCH_CONNECTIONS', help: 'concurrent connections' },
  pipelining: { type: 'number', default: 1, env: 'BENCH_PIPELINING', help: 'pipelined requests per connection' },
  scenarios: { type: 'list', default: scenarioNames, env: 'BENCH_SCENARIOS', help: `scenarios to run (${scenarioNames.join(', ')})` },
  servers: { type: 'list', default: serverIds, env: 'BENCH_SERVERS', help: `servers to run (${serverIds.join(', ')})` },
  node: { type: 'string', default: 'current', env: 'BENCH_NODE', help: 'Node that runs the servers: current, a major version (24, 22: node@<major> installed from npm into ~/.cache/webfw-bench once) or a path' },
  load: loadOption,
  'server-cpu': { type: 'string', default: '1', env: 'BENCH_SERVER_CPU', help: 'CPU the servers are pinned to' },
  'load-cpu': { type: 'string', default: '0', env: 'BENCH_LOAD_CPU', help: 'CPU the load generator (this process) is pinned to' },
  retries: { type: 'number', default: 2, env: 'BENCH_RETRIES', help: 'extra attempts of a run during which other processes were busy' },
  'max-others': { type: 'number', default: 0.15, env: 'BENCH_MAX_OTHERS', help: 'CPU (in cores) other processes may take during a run before it is retried' },
  protocol: { type: 'string', default: 'http1', env: 'BENCH_PROTOCOL', help: `protocol the servers speak (${protocols.join(', ')}); h2c and h2 are driven by h2load` },
  streams: { type: 'number', default: 1, env: 'BENCH_STREAMS', help: 'HTTP/2 only: concurrent streams per connection (h2load -m)' },
  out: { type: 'string', env: 'BENCH_OUT', help: 'results path without extension (default bench/results/http-node<major>, http2-<protocol>-node<major> for HTTP/2)' },
}

async function main() {
  const opts = parseOptions(spec, undefined, undefined, 'usage: npm run bench:http -- [options]')
  opts.node = resolveAndAnnounce(opts.node)
  for (const n of opts.scenarios) if (!scenarios[n]) throw new UsageError(`unknown scenario "${n}"; known: ${scenarioNames.join(', ')}`)
  if (!protocols.includes(opts.protocol)) throw new UsageError(`unknown protocol "${opts.protocol}"; known: ${protocols.join(', ')}`)
  const h2 = opts.protocol !== 'http1'
  // Over HTTP/2, by default only the servers that can speak it (Express cannot).
  const defaultServers = opts.servers.length === serverIds.length && opts.servers.every((id, i) => id === serverIds[i])
  if (h2 && defaultServers) opts.servers = h2ServerIds
  const chosen = opts.servers.map(serverById)
  const { meta, options: common } = prepareRuns(opts)
  const options = {
    ...common,
    connections: opts.connections,
    pipelining: opts.pipelining,
    protocol: opts.protocol,
    streams: h2 ? opts.streams : undefined,
    loadGenerator: h2 ? h2loadVersion() : common.loadGenerator,
  }
  const out = resultPath(opts.out, h2 ? `http2-${opts.protocol}` : 'http', meta)

  const results = { kind: 'http', meta: { ...meta, options }, scenarios: {} }
  for (const name of opts.scenarios) {
    results.scenarios[name] = { description: scenarios[name].description, routed: scenarios[name].routed, servers: {} }
    for (const s of chosen) {
      const labels = h2 && s.h2Label ? { label: s.h2Label, routedLabel: s.h2RoutedLabel } : { label: s.label, routedLabel: s.routedLabel }
      results.scenarios[name].servers[s.id] = { ...labels, status: 'pending', notes: [], runs: [] }
    }
  }

  const total = opts.scenarios.length * opts.rounds * chosen.length
  const perRun = opts.warmup + opts.duration + 1
  const wire = h2 ? ` · ${opts.protocol} × ${opts.streams} stream(s) per connection, h2load` : ''
  log(`webfw bench:http · servers on ${meta.node} · ${meta.cpu} × ${meta.cores} · ${opts.rounds} rounds × ${opts.duration} s (+${opts.warmup} s warm-up) · ${opts.connections} connections${wire}`)
  log(`${total} runs, about ${Math.ceil((total * perRun) / 60)} min; results → ${path.relative(process.cwd(), out)}.{json,md}`)

  let done = 0
  for (const name of opts.scenarios) {
    for (let round = 1; round <= opts.rounds; round++) {
      for (const server of roundOrder(chosen, round)) {
        done++
        const entry = results.scenarios[name].servers[server.id]
        const tag = `[${String(done).padStart(String(total).length)}/${total}] ${name} · round ${round}/${opts.rounds} · ${server.label.padEnd(9)}`
        if (entry.status === 'unavailable' || entry.status === 'failed') {
          log(`${tag}  skipped (${entry.status})`)
          continue
        }
        const run = await measure({ opts, name, server, round, entry, tag })
        if (run) entry.runs.push(run)
      }
    }
    summarise(results.scenarios[name])
    // Written after every scenario, so an interrupted run keeps what it measured.
    save(out, results)
  }

  const md = save(out, results)
  console.log('\n' + md)
  log(`written ${path.relative(process.cwd(), out)}.json and .md; \`npm run bench:report\` turns them into docs/perf.md`)
}

function save(out, results) {
  return saveResults(out, results, table.runMarkdown)
}

main().catch((err) => {
  log(describeError(err))
  process.exit(1)
})
