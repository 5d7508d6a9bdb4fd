// One measured run of one server in one scenario, shared by `bench:http`
// and `bench:concurrency`: start it alone on the server CPU, check its
// answers, warm it up, load it with autocannon (h2load over HTTP/2: see
// ./h2load.js), account for CPU (and, when
// asked, for the server's garbage collection), retry while other processes
// disturbed the run; the medians over rounds; and what both runners do
// before their first run (pinning, machine facts, the order of a round).
// `--load wrk` puts wrk (./wrk.js) in autocannon's place over HTTP/1.1.
'use strict'

const { median, ratio, formatInt } = require('../lib/stats')
const { verify } = require('./scenarios')
const { startServer, queryCpu, queryGc } = require('./process')
const { machineCpu, cpuShares, exitedChildrenCpu } = require('../lib/cpu')
const { runLoad } = require('./load')
const { runH2Load } = require('./h2load')
const { runWrk, wrkVersion, refusePipelining } = require('./wrk')
const { machineInfo } = require('../lib/machine')
const { assertBuilt } = require('../lib/results')
const { pinSelf, hasTaskset } = require('../lib/pin')
const { UsageError } = require('../lib/options')

/** The HTTP/1.1 load generators `--load` chooses from. */
const LOADS = ['autocannon', 'wrk']

/** The `--load` option of `bench:http` and `bench:concurrency`. */
const loadOption = {
  type: 'string',
  default: 'autocannon',
  env: 'BENCH_LOAD',
  help: 'HTTP/1.1 load generator: autocannon, or wrk (latency in microseconds rather than whole milliseconds; needs the wrk package)',
}

const tty = process.stderr.isTTY
function progress(line) {
  process.stderr.write(tty ? `\r\x1b[K${line}` : '')
}
function log(line) {
  process.stderr.write(`${tty ? '\r\x1b[K' : ''}${line}\n`)
}

/**
 * Before the first run: refuses to start without a build, pins this process
 * (the load generator) to --load-cpu, and reads the machine's facts for the
 * results. Returns them with the run options both runners record.
 */
function prepareRuns(opts) {
  if (opts.load !== undefined && !LOADS.includes(opts.load)) throw new UsageError(`unknown load generator "${opts.load}"; known: ${LOADS.join(', ')}`)
  if (opts.load === 'wrk') refusePipelining(opts.pipelining)
  assertBuilt()
  const pinnedOk = pinSelf(opts['load-cpu'])
  if (!hasTaskset()) log('warning: taskset not found: servers and load generator are not pinned to separate CPUs')
  const meta = machineInfo(opts.node)
  const options = {
    duration: opts.duration,
    warmup: opts.warmup,
    rounds: opts.rounds,
    retries: opts.retries,
    maxOthers: opts['max-others'],
    serverCpu: pinnedOk ? opts['server-cpu'] : null,
    loadCpu: pinnedOk ? opts['load-cpu'] : null,
    loadGenerator: opts.load === 'wrk' ? `${wrkVersion()} (one thread)` : `autocannon ${meta.versions.autocannon} on ${process.version}`,
    NODE_ENV: 'production',
  }
  return { meta, options }
}

/** The servers in the order they run in `round` (1-based): rotated each round so no server always follows the same one. */
function roundOrder(servers, round) {
  return servers.map((_, i) => servers[(i + round - 1) % servers.length])
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
  const protocol = opts.protocol || 'http1'
  const env = { BENCH_PROTOCOL: protocol }
  if (opts.gc) env.BENCH_GC = '1'
  const started = await startServer({ server, scenario: name, nodeBin: opts.node, cpu: opts['server-cpu'], env })
  if (started.status !== 'ready') {
    entry.status = started.status
    entry.reason = started.reason
    log(`${tag}  ${started.status}: ${started.reason.split('\n')[0]}`)
    return null
  }
  try {
    for (const n of started.notes) if (!entry.notes.includes(n)) entry.notes.push(n)
    const problems = await verify(started.port, name, started.child, protocol)
    if (problems.length) {
      entry.status = 'failed'
      entry.reason = `wrong answers: ${problems.join('; ')}`
      log(`${tag}  failed: ${entry.reason}`)
      return null
    }
    entry.status = 'ok'
    const base = { port: started.port, scenario: name, connections: opts.connections, pipelining: opts.pipelining }
    const gc0 = opts.gc ? await queryGc(started.child) : null
    // autocannon runs in this process; h2load and wrk are children pinned to the load CPU.
    let t = 0
    const load =
      protocol !== 'http1'
        ? (duration) => runH2Load({ ...base, protocol, streams: opts.streams, duration, cpu: opts['load-cpu'] })
        : opts.load === 'wrk'
          ? (duration) => runWrk({ ...base, duration, cpu: opts['load-cpu'] })
          : (duration, label) => runLoad({ ...base, duration, onTick: (n) => progress(`${tag}  ${label(++t)} ${formatInt(n)} req/s`) })
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
    const gc = gc0 ? gcPer1k(gc0, await queryGc(started.child), r.requests) : undefined
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
      gc,
      // Requests per CPU-second of the server: its cost per request, which
      // holds up when other processes take some of its core.
      reqPerCpuSecond: serverCpu > 0 ? r.requests / serverCpu : undefined,
      valid: r.non2xx === 0 && r.errors === 0 && r.requests > 0,
    }
    if (!run.valid) run.problem = `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`
    const shares = `CPU: server ${cpu.server.toFixed(2)}, load ${cpu.load.toFixed(2)}${cpu.others !== undefined ? `, others ${(cpu.others + cpu.steal).toFixed(2)}` : ''}`
    const gcText = gc ? `  GC/1k req: ${gc.scavengeMs.toFixed(2)} ms scavenge, ${gc.majorMs.toFixed(2)} ms major` : ''
    // h2load reports mean and maximum latency, no percentiles.
    const latency = r.latency.p50 !== undefined ? `p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms` : `mean ${r.latency.average} ms  max ${r.latency.max} ms`
    log(`${tag}  ${formatInt(r.rps).padStart(7)} req/s  ${latency}  ${shares}${gcText}${run.valid ? '' : `  INVALID: ${run.problem}`}`)
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
    e.medianP50 = latencyMedian(used.map((r) => r.latency.p50))
    e.medianP99 = latencyMedian(used.map((r) => r.latency.p99))
    e.medianReqPerCpuSecond = median(used.map((r) => r.reqPerCpuSecond))
    e.medianServerCpu = median(used.map((r) => r.cpu && r.cpu.server))
    if (used.some((r) => r.gc)) {
      e.medianGc = {}
      for (const k of ['scavenges', 'scavengeMs', 'majors', 'majorMs']) e.medianGc[k] = median(used.map((r) => r.gc && r.gc[k]))
    }
  }
  scenario.quietOnly = quietOnly
  const bare = scenario.servers.bare
  for (const e of Object.values(scenario.servers)) {
    e.ratioToBare = bare ? ratio(e.medianRps, bare.medianRps) : undefined
    e.cpuRatioToBare = bare ? ratio(e.medianReqPerCpuSecond, bare.medianReqPerCpuSecond) : undefined
  }
}

/**
 * The median of latencies in ms, kept to wrk's microseconds: of an even
 * number of runs the median is a mean, which would print as 2.1319999999999997.
 */
function latencyMedian(values) {
  const m = median(values)
  return Number.isFinite(m) ? Math.round(m * 1000) / 1000 : m
}

/** The server's GC between two snapshots (see servers/harness.js), per thousand requests. */
function gcPer1k(before, after, requests) {
  const per1k = (k) => (requests > 0 ? ((after[k] - before[k]) * 1000) / requests : undefined)
  return { scavenges: per1k('scavenges'), scavengeMs: per1k('scavengeMs'), majors: per1k('majors'), majorMs: per1k('majorMs') }
}

module.exports = { loadOption, prepareRuns, roundOrder, measure, summarise, log, progress }
