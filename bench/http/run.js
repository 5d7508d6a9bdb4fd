// `npm run bench:http`: the end-to-end benchmark. For each scenario, several
// interleaved rounds; in each round every server in turn is started alone on
// the server CPU, checked for correct answers, warmed up, then loaded by
// autocannon from this process on the other CPU. Medians over rounds and the
// ratio to the bare node:http server are written as JSON and Markdown.
// With `--protocol h2c` or `--protocol h2` the servers serve HTTP/2 (without
// or with TLS) and h2load, run as a child process on the load CPU, replaces
// autocannon (HTTP/1.1 only).
'use strict'

const path = require('node:path')
const { parseOptions, UsageError, describeError } = require('../lib/options')
const { resolveNode } = require('../lib/node-binary')
const { machineInfo } = require('../lib/machine')
const { assertBuilt, resultPath, saveResults } = require('../lib/results')
const { pinSelf, hasTaskset } = require('../lib/pin')
const { median, ratio, formatInt } = require('../lib/stats')
const { scenarios, scenarioNames, verify } = require('./scenarios')
const { serverIds, serverById, h2ServerIds } = require('./servers')
const { startServer, queryCpu } = require('./process')
const { machineCpu, cpuShares, exitedChildrenCpu } = require('../lib/cpu')
const { runLoad } = require('./load')
const { runH2Load, h2loadVersion } = require('./h2load')
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
  node: { type: 'string', default: process.execPath, env: 'BENCH_NODE', help: 'node binary that runs the servers, or a major version ("24") fetched from npm into ~/.cache/webfw-bench' },
  'server-cpu': { type: 'string', default: '1', env: 'BENCH_SERVER_CPU', help: 'CPU the servers are pinned to' },
  'load-cpu': { type: 'string', default: '0', env: 'BENCH_LOAD_CPU', help: 'CPU the load generator (this process) is pinned to' },
  retries: { type: 'number', default: 2, env: 'BENCH_RETRIES', help: 'extra attempts of a run during which other processes were busy' },
  'max-others': { type: 'number', default: 0.15, env: 'BENCH_MAX_OTHERS', help: 'CPU (in cores) other processes may take during a run before it is retried' },
  protocol: { type: 'string', default: 'http1', env: 'BENCH_PROTOCOL', help: `protocol the servers speak (${protocols.join(', ')}); h2c and h2 are driven by h2load` },
  streams: { type: 'number', default: 1, env: 'BENCH_STREAMS', help: 'HTTP/2 only: concurrent streams per connection (h2load -m)' },
  out: { type: 'string', env: 'BENCH_OUT', help: 'results path without extension (default bench/results/http-node<major>, http2-<protocol>-node<major> for HTTP/2)' },
}

const tty = process.stderr.isTTY
function progress(line) {
  process.stderr.write(tty ? `\r\x1b[K${line}` : '')
}
function log(line) {
  process.stderr.write(`${tty ? '\r\x1b[K' : ''}${line}\n`)
}

async function main() {
  const opts = parseOptions(spec, undefined, undefined, 'usage: npm run bench:http -- [options]')
  opts.node = resolveNode(opts.node)
  for (const n of opts.scenarios) if (!scenarios[n]) throw new UsageError(`unknown scenario "${n}"; known: ${scenarioNames.join(', ')}`)
  if (!protocols.includes(opts.protocol)) throw new UsageError(`unknown protocol "${opts.protocol}"; known: ${protocols.join(', ')}`)
  const h2 = opts.protocol !== 'http1'
  // Over HTTP/2, by default only the servers that can speak it (Express cannot).
  const defaultServers = opts.servers.length === serverIds.length && opts.servers.every((id, i) => id === serverIds[i])
  if (h2 && defaultServers) opts.servers = h2ServerIds
  const chosen = opts.servers.map(serverById)
  assertBuilt()

  const pinnedOk = pinSelf(opts['load-cpu'])
  if (!hasTaskset()) log('warning: taskset not found: servers and load generator are not pinned to separate CPUs')
  const meta = machineInfo(opts.node)
  const options = {
    duration: opts.duration,
    warmup: opts.warmup,
    rounds: opts.rounds,
    connections: opts.connections,
    pipelining: opts.pipelining,
    retries: opts.retries,
    maxOthers: opts['max-others'],
    serverCpu: pinnedOk ? opts['server-cpu'] : null,
    loadCpu: pinnedOk ? opts['load-cpu'] : null,
    protocol: opts.protocol,
    streams: h2 ? opts.streams : undefined,
    loadGenerator: h2 ? h2loadVersion() : `autocannon ${meta.versions.autocannon} on ${process.version}`,
    NODE_ENV: 'production',
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
      // Rotate the order each round so no server always follows the same one.
      const order = chosen.map((_, i) => chosen[(i + round - 1) % chosen.length])
      for (const server of order) {
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

/** CPU (in cores) that went to neither the server nor the load generator during a run. */
function disturbance(run) {
  return run.cpu && run.cpu.others !== undefined ? run.cpu.others + run.cpu.steal : 0
}

/**
 * One measured run of `server` in `name`, repeated (up to --retries times)
 * while other processes took more than --max-others of a core during it;
 * the least disturbed attempt is kept.
 */
async function measure({ opts, name, server, round, entry, tag }) {
  let best = null
  let tries = 0
  const attempts = 1 + Math.max(0, opts.retries)
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const run = await measureOnce({ opts, name, server, round, entry, tag: attempt > 1 ? `${tag.trimEnd()} (retry ${attempt - 1})` : tag })
    if (!run) return best
    tries = attempt
    if (!best || disturbance(run) < disturbance(best)) best = run
    if (disturbance(run) <= opts['max-others']) break
  }
  best.tries = tries
  best.disturbed = disturbance(best) > opts['max-others']
  return best
}

async function measureOnce({ opts, name, server, round, entry, tag }) {
  progress(`${tag}  starting`)
  const started = await startServer({ server, scenario: name, nodeBin: opts.node, cpu: opts['server-cpu'], env: { BENCH_PROTOCOL: opts.protocol } })
  if (started.status !== 'ready') {
    entry.status = started.status
    entry.reason = started.reason
    log(`${tag}  ${started.status}: ${started.reason.split('\n')[0]}`)
    return null
  }
  try {
    for (const n of started.notes) if (!entry.notes.includes(n)) entry.notes.push(n)
    const problems = await verify(started.port, name, started.child, opts.protocol)
    if (problems.length) {
      entry.status = 'failed'
      entry.reason = `wrong answers: ${problems.join('; ')}`
      log(`${tag}  failed: ${entry.reason}`)
      return null
    }
    entry.status = 'ok'
    const base = { port: started.port, scenario: name, connections: opts.connections, pipelining: opts.pipelining }
    // autocannon runs in this process; h2load is a child pinned to the load CPU.
    const load = opts.protocol !== 'http1'
      ? (duration) => runH2Load({ ...base, protocol: opts.protocol, streams: opts.streams, duration, cpu: opts['load-cpu'] })
      : (duration, label) => runLoad({ ...base, duration, onTick: (n) => progress(`${tag}  ${label(++t)} ${formatInt(n)} req/s`) })
    let t = 0
    if (opts.warmup > 0) {
      progress(`${tag}  warm-up`)
      await load(opts.warmup, (s) => `warm-up ${s}/${opts.warmup} s `)
    }
    t = 0
    progress(`${tag}  measuring`)
    const server0 = await queryCpu(started.child)
    const load0 = process.cpuUsage()
    const children0 = exitedChildrenCpu()
    const machine0 = machineCpu()
    const wall0 = process.hrtime.bigint()
    const r = await load(opts.duration, (s) => `${s}/${opts.duration} s `)
    const wall = Number(process.hrtime.bigint() - wall0) / 1e9
    const machine1 = machineCpu()
    const load1 = process.cpuUsage(load0)
    const loadCpu = (load1.user + load1.system) / 1e6 + (exitedChildrenCpu() - children0)
    const serverCpu = (await queryCpu(started.child)) - server0
    const cpu = cpuShares({ wall, server: serverCpu, load: loadCpu, machineBefore: machine0, machineAfter: machine1 })
    const run = {
      round,
      rps: r.rps,
      requests: r.requests,
      duration: r.duration,
      latency: r.latency,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      statusCodes: r.statusCodes,
      cpu,
      // Requests per CPU-second of the server: its cost per request, which
      // holds up when other processes take some of its core.
      reqPerCpuSecond: serverCpu > 0 ? r.requests / serverCpu : undefined,
      valid: r.non2xx === 0 && r.errors === 0 && r.requests > 0,
    }
    if (!run.valid) run.problem = `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`
    const shares = `CPU: server ${cpu.server.toFixed(2)}, load ${cpu.load.toFixed(2)}${cpu.others !== undefined ? `, others ${(cpu.others + cpu.steal).toFixed(2)}` : ''}`
    const latency = r.latency.p50 !== undefined ? `p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms` : `mean ${r.latency.average} ms  max ${r.latency.max} ms`
    log(`${tag}  ${formatInt(r.rps).padStart(7)} req/s  ${latency}  ${shares}${run.valid ? '' : `  INVALID: ${run.problem}`}`)
    return run
  } finally {
    await started.stop()
  }
}

/**
 * Medians over rounds. Runs during which other processes were busy are left
 * out, but only when every server of the scenario has an undisturbed run,
 * so that all servers are compared on the same footing; otherwise all valid
 * runs count and figures that include disturbed runs are marked.
 */
function summarise(scenario) {
  const entries = Object.values(scenario.servers).filter((e) => e.runs.some((r) => r.valid))
  const quietOnly = entries.every((e) => e.runs.some((r) => r.valid && !r.disturbed))
  for (const e of Object.values(scenario.servers)) {
    const valid = e.runs.filter((r) => r.valid)
    const used = quietOnly ? valid.filter((r) => !r.disturbed) : valid
    e.disturbed = used.some((r) => r.disturbed)
    e.runsUsed = used.length
    e.medianRps = median(used.map((r) => r.rps))
    e.medianP50 = median(used.map((r) => r.latency.p50))
    e.medianP99 = median(used.map((r) => r.latency.p99))
    e.medianReqPerCpuSecond = median(used.map((r) => r.reqPerCpuSecond))
    e.medianServerCpu = median(used.map((r) => r.cpu && r.cpu.server))
  }
  scenario.quietOnly = quietOnly
  const bare = scenario.servers.bare
  for (const e of Object.values(scenario.servers)) {
    e.ratioToBare = bare ? ratio(e.medianRps, bare.medianRps) : undefined
    e.cpuRatioToBare = bare ? ratio(e.medianReqPerCpuSecond, bare.medianReqPerCpuSecond) : undefined
  }
}

main().catch((err) => {
  log(describeError(err))
  process.exit(1)
})
