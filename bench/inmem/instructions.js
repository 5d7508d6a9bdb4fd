// Instructions per request of one server, counted by valgrind's callgrind:
// a measure that other processes on the machine cannot move, for A/B work
// on changes too small for any timing to show (docs/perf.md).
//
//   npm run bench:instructions -- --node 24            # every scenario × webfw 5, webfw 4, fastify, bare, and the cases (reqlog's combined line)
//   node bench/inmem/instructions.js hello webfw webfw:BENCH_TRACE=otel
//   node bench/inmem/instructions.js stack webfw fastify --connections 50
//
// Without a scenario it runs every scenario (or --scenarios) against the
// default servers (or --servers) and writes bench/results/instructions-
// node<major>.{json,md}, which `npm run bench:report` puts in docs/perf.md.
// With a scenario and servers it prints their figures (and writes them only
// with --out), for A/B work.
//
// Method (bench/lib/callgrind.js): each server runs in the in-memory worker
// (worker.js) under callgrind with instrumentation off while it starts and
// serves --warmup requests, then counts two settling rounds and the
// measured round of --requests each, and only the measured one is read.
// Node 24's V8 keeps re-optimising the request path for tens of thousands of
// requests, so the warm-up is long, and a few Turbofan tier-ups still land
// in the second round after it whatever its length (issue 31): two settling
// rounds leave none in the measured one. What compilation is left is shown
// apart ("of which V8 compiler"). V8 runs with `--predictable` and fixed
// seeds; two runs of one build agree to a few instructions per request. `--method difference`
// is the older way: two whole counted runs of --few and --many requests,
// their difference divided by the extra requests (slower, and it includes
// more of the warm-up).
'use strict'

const { spawnSync } = require('node:child_process')
const path = require('node:path')
const { parseOptions, UsageError, describeError } = require('../lib/options')
const { machineInfo } = require('../lib/machine')
const { assertBuilt, resultPath, saveResults } = require('../lib/results')
const { median, formatInt } = require('../lib/stats')
const { resolveAndAnnounce } = require('../lib/node-binary')
const { countRequests, cleanUp, missingTools, V8_FLAGS } = require('../lib/callgrind')
const { readCallgrind } = require('../breakdown/callgrind-file')
const { compilerAndGc } = require('../breakdown/rules')
const { scenarioNames } = require('../http/scenarios')
const { serverById } = require('../http/servers')
const { parseEntry } = require('./entry')

const WORKER = path.join(__dirname, 'worker.js')
const DEFAULT_SERVERS = ['webfw', 'webfw-v4', 'fastify', 'bare']
const REQLOG_SERVER = path.join(__dirname, 'reqlog-server.js')

/**
 * What one piece costs a request, counted by a full run beside the scenario
 * table: the request with the piece minus the same request without it.
 * `reqlog-combined`: one `combined` line of webfw/reqlog (bench/inmem/reqlog-line.js
 * compares it with other loggers).
 */
const CASE_REQUESTS = 3000
const CASES = {
  'reqlog-combined': {
    label: "reqlog's `combined` line (stack request on node:http, with `reqlog('combined')` minus without)",
    scenario: 'stack',
    with: `${REQLOG_SERVER}:LOGGER=reqlog`,
    without: `${REQLOG_SERVER}:LOGGER=none`,
  },
}

const opts = parseOptions(
  {
    node: { type: 'string', default: 'current', env: 'BENCH_NODE', help: 'Node that runs the servers: current, a major version (24, 22: node@<major> installed from npm into ~/.cache/webfw-bench once) or a path' },
    scenarios: { type: 'list', default: scenarioNames, env: 'BENCH_SCENARIOS', help: 'scenarios of a full run' },
    servers: { type: 'list', default: DEFAULT_SERVERS, env: 'BENCH_SERVERS', help: 'servers of a full run' },
    cases: { type: 'list', default: Object.keys(CASES), env: 'BENCH_CASES', help: `costs of one piece counted by a full run (${Object.keys(CASES).join(', ')}; "none" for none)` },
    requests: { type: 'number', default: 1000, env: 'BENCH_REQUESTS', help: 'counted requests per server (after two uncounted settling rounds as long)' },
    warmup: { type: 'number', default: 50000, env: 'BENCH_WARMUP', help: 'uncounted requests of warm-up (cheap: valgrind runs them without instrumentation)' },
    jobs: { type: 'number', default: 2, env: 'BENCH_JOBS', help: 'servers counted at once (callgrind is single-threaded; counts do not depend on it)' },
    connections: { type: 'number', default: 0, help: 'connections with one request in flight each (0: one connection, 16 pipelined)' },
    method: { type: 'string', default: 'toggle', help: 'toggle (counting switched on after the warm-up) or difference (the older two-run method)' },
    few: { type: 'number', default: 6000, help: '--method difference: requests per round of the short run' },
    many: { type: 'number', default: 16000, help: '--method difference: requests per round of the long run' },
    runs: { type: 'number', default: 1, help: 'counts per server (the median is shown)' },
    out: { type: 'string', default: '', env: 'BENCH_OUT', help: 'write <out>.json and <out>.md (a full run: bench/results/instructions-node<major> by default)' },
  },
  undefined,
  undefined,
  'usage: npm run bench:instructions -- [--node 24] [--scenarios a,b] [--servers x,y]\n       node bench/inmem/instructions.js <scenario> <server>[:NAME=value] ... [options]',
)

/** --method difference: total instructions of one whole counted worker run. */
function countWhole(nodeBin, entry, scenario, requests) {
  const run = spawnSync(
    'valgrind',
    ['--tool=callgrind', '--callgrind-out-file=/dev/null', nodeBin, ...V8_FLAGS, WORKER, entry.id, scenario, '1', String(requests), String(opts.connections)],
    { encoding: 'utf8', env: { ...process.env, ...entry.env, NODE_ENV: 'production' }, maxBuffer: 64 * 1024 * 1024 },
  )
  const out = JSON.parse(run.stdout.trim().split('\n').pop() || '{}')
  if (run.status !== 0 || out.error) throw new Error(`${entry.id} ${scenario}: ${out.error || run.stderr.slice(-2000)}`)
  const collected = /Collected : (\d+)/.exec(run.stderr)
  if (!collected) throw new Error(`no callgrind total in:\n${run.stderr.slice(-2000)}`)
  return Number(collected[1])
}

/** One count of `entry` in `scenario`: instructions per request, and those of them in V8's compiler and GC. */
async function countOnce(nodeBin, entry, scenario, requests = opts.requests) {
  if (opts.method === 'difference') {
    const few = countWhole(nodeBin, entry, scenario, opts.few)
    const many = countWhole(nodeBin, entry, scenario, opts.many)
    return { perRequest: (many - few) / (2 * (opts.many - opts.few)) }
  }
  const run = await countRequests({ nodeBin, entry, scenario, requests, warmup: opts.warmup, settle: 2, connections: opts.connections, keep: true })
  try {
    const { compiler, gc } = compilerAndGc(readCallgrind(run.file).self)
    return { perRequest: run.total / requests, compiler: compiler / requests, gc: gc / requests }
  } finally {
    cleanUp(run)
  }
}

/** Runs `tasks` (functions returning promises) `jobs` at a time, in order of start. */
async function pool(tasks, jobs) {
  const results = new Array(tasks.length)
  let next = 0
  async function lane() {
    while (next < tasks.length) {
      const i = next++
      results[i] = await tasks[i]()
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, lane))
  return results
}

async function countServer(nodeBin, text, scenario, requests = opts.requests) {
  const entry = parseEntry(text)
  const counts = []
  for (let i = 0; i < opts.runs; i++) counts.push(await countOnce(nodeBin, entry, scenario, requests))
  const pick = (k) => (counts[0][k] === undefined ? undefined : median(counts.map((c) => c[k])))
  const row = { server: text, perRequest: pick('perRequest'), compiler: pick('compiler'), gc: pick('gc'), runs: counts.map((c) => c.perRequest) }
  const extra = row.compiler === undefined ? '' : ` (V8 compiler ${formatInt(row.compiler)}, GC ${formatInt(row.gc)})`
  console.error(`${scenario} · ${text}: ${formatInt(row.perRequest)} instructions per request${extra}`)
  return row
}

function labelOf(text) {
  const { id, env } = parseEntry(text)
  const label = id.endsWith('.js') ? path.basename(id) : serverById(id).label
  const assignments = Object.entries(env).map(([k, v]) => `${k}=${v}`)
  return assignments.length ? `${label} (${assignments.join(' ')})` : label
}

/** The Markdown table of a full run: scenarios down, servers across. */
function fullMarkdown(result) {
  const servers = result.servers
  const lines = [
    `| instructions / request, Node ${result.meta.node} | ${servers.map(labelOf).join(' | ')} |`,
    `|---|${servers.map(() => '---:').join('|')}|`,
  ]
  for (const [name, s] of Object.entries(result.scenarios)) {
    lines.push(`| ${name} | ${servers.map((id) => (s.servers[id] && s.servers[id].perRequest !== undefined ? formatInt(s.servers[id].perRequest) : 'n/a')).join(' | ')} |`)
  }
  const cases = Object.entries(result.cases || {})
  if (cases.length > 0) {
    lines.push('', '| case | instructions |', '|---|---:|')
    for (const [name, c] of cases) lines.push(`| ${name}: ${c.label} | ${c.perRequest === undefined ? 'failed' : formatInt(c.perRequest)} |`)
  }
  return lines.join('\n') + '\n'
}

/** A case of CASES: the request with the piece and without, and their difference. */
async function countCase(nodeBin, name) {
  const c = CASES[name]
  // a difference of two counts: at least CASE_REQUESTS counted requests, so
  // that a scavenge landing in one round and not the other moves it little
  const requests = Math.max(opts.requests, CASE_REQUESTS)
  const withPiece = await countServer(nodeBin, c.with, c.scenario, requests)
  const without = await countServer(nodeBin, c.without, c.scenario, requests)
  return { label: c.label, scenario: c.scenario, perRequest: withPiece.perRequest - without.perRequest, with: withPiece.perRequest, without: without.perRequest }
}

function singleMarkdown(result) {
  const lines = [`| ${result.scenario} | instructions per request | of which V8 compiler | runs |`, '|---|---:|---:|---|']
  for (const row of result.rows) {
    lines.push(`| ${row.server} | ${formatInt(row.perRequest)} | ${row.compiler === undefined ? '' : formatInt(row.compiler)} | ${row.runs.map((v) => formatInt(v)).join(', ')} |`)
  }
  return lines.join('\n') + '\n'
}

async function main() {
  assertBuilt()
  if (!['toggle', 'difference'].includes(opts.method)) throw new UsageError(`--method: toggle or difference, not ${opts.method}`)
  const missing = missingTools()
  if (missing) throw new UsageError(missing)
  const nodeBin = resolveAndAnnounce(opts.node)
  const method = { method: opts.method, ...(opts.method === 'toggle' ? { requests: opts.requests, warmup: opts.warmup } : { few: opts.few, many: opts.many }), connections: opts.connections, v8Flags: V8_FLAGS }
  const [scenario, ...entries] = opts._

  if (scenario !== undefined) {
    // A/B mode: one scenario, the servers named.
    if (!scenarioNames.includes(scenario) || entries.length === 0) throw new UsageError(`usage: node bench/inmem/instructions.js <scenario> <server>[:NAME=value] ...; scenarios: ${scenarioNames.join(', ')}`)
    // A server id, or the path of a server file (the worker takes both: bench/inmem/reqlog-line.js uses a path).
    for (const text of entries) if (!parseEntry(text).id.endsWith('.js')) serverById(parseEntry(text).id)
    const rows = await pool(entries.map((text) => () => countServer(nodeBin, text, scenario)), opts.jobs)
    const result = { kind: 'instructions-ab', meta: { ...machineInfo(nodeBin), ...method }, scenario, rows }
    if (opts.out) saveResults(path.resolve(opts.out), result, singleMarkdown)
    console.log('\n' + singleMarkdown(result))
    return
  }

  for (const n of opts.scenarios) if (!scenarioNames.includes(n)) throw new UsageError(`unknown scenario "${n}"; known: ${scenarioNames.join(', ')}`)
  for (const id of opts.servers) serverById(parseEntry(id).id)
  const caseNames = opts.cases.filter((name) => name !== 'none')
  for (const name of caseNames) if (!CASES[name]) throw new UsageError(`unknown case "${name}"; known: ${Object.keys(CASES).join(', ')}`)
  const meta = { ...machineInfo(nodeBin), ...method }
  const out = resultPath(opts.out, 'instructions', meta)
  const result = { kind: 'instructions', meta, servers: opts.servers, scenarios: {}, cases: {} }
  const tasks = []
  for (const name of opts.scenarios) {
    result.scenarios[name] = { servers: {} }
    for (const id of opts.servers) {
      tasks.push(async () => {
        try {
          result.scenarios[name].servers[id] = await countServer(nodeBin, id, name)
        } catch (err) {
          if (err.unavailable) {
            console.error(`${name} · ${id}: unavailable (${err.unavailable})`)
            result.scenarios[name].servers[id] = { server: id, unavailable: err.unavailable }
          } else {
            console.error(`${name} · ${id}: failed: ${String(err.message).split('\n')[0]}`)
            result.scenarios[name].servers[id] = { server: id, error: String(err.message).split('\n')[0] }
          }
        }
        saveResults(out, result, fullMarkdown)
      })
    }
  }
  for (const name of caseNames) {
    tasks.push(async () => {
      try {
        result.cases[name] = await countCase(nodeBin, name)
      } catch (err) {
        console.error(`${name}: failed: ${String(err.message).split('\n')[0]}`)
        result.cases[name] = { label: CASES[name].label, error: String(err.message).split('\n')[0] }
      }
      saveResults(out, result, fullMarkdown)
    })
  }
  console.error(`${tasks.length} counts (${opts.scenarios.length} scenarios × ${opts.servers.length} servers, ${caseNames.length} cases), ${opts.jobs} at a time; results → ${path.relative(process.cwd(), out)}.{json,md}`)
  await pool(tasks, opts.jobs)
  console.log('\n' + saveResults(out, result, fullMarkdown))
}

main().catch((err) => {
  console.error(describeError(err))
  process.exit(1)
})
