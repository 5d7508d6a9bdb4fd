// `npm run bench:breakdown`: where a server's instructions per request go.
// Each server serves the scenario in the in-memory worker under callgrind,
// counted after a long uncounted warm-up (bench/lib/callgrind.js); every
// function's own instructions are named (V8's generated code through its
// perf map) and put in a bucket by the rules of ./rules.js (./attribute.js).
// Prints one table per scenario and writes bench/results/breakdown-
// node<major>.{json,md}, which `npm run bench:report` puts in docs/perf.md.
//
//   npm run bench:breakdown -- --node 24
//   npm run bench:breakdown -- --node 24 --scenarios stack --servers webfw,fastify
//   npm run bench:breakdown -- --node 24 --scenarios stack --servers webfw --callers 'Builtins_(Load|Store)IC|CEntry'
//
// `--callers` also prints who calls the functions its pattern names, with
// the instructions per request of those calls (callgrind's inclusive cost,
// one level of callers): how an inline-cache call or a runtime entry that
// V8 left in a framework function was found (docs/perf.md, "Calls V8 left
// in the request's code").
'use strict'

const path = require('node:path')
const { parseOptions, UsageError, describeError } = require('../lib/options')
const { machineInfo } = require('../lib/machine')
const { assertBuilt, resultPath, saveResults } = require('../lib/results')
const { resolveAndAnnounce } = require('../lib/node-binary')
const { countRequests, cleanUp, missingTools, V8_FLAGS } = require('../lib/callgrind')
const { scenarioNames } = require('../http/scenarios')
const { serverById } = require('../http/servers')
const { readCallgrind } = require('./callgrind-file')
const { attribute } = require('./attribute')
const { buckets } = require('./rules')
const { breakdownMarkdown } = require('./markdown')
const { callersReport } = require('./callers')

const TOP = 6

const opts = parseOptions(
  {
    node: { type: 'string', default: 'current', env: 'BENCH_NODE', help: 'Node that runs the servers: current, a major version (24, 22: node@<major> installed from npm into ~/.cache/webfw-bench once) or a path' },
    scenarios: { type: 'list', default: ['hello', 'stack'], env: 'BENCH_SCENARIOS', help: `scenarios (${scenarioNames.join(', ')})` },
    servers: { type: 'list', default: ['webfw', 'fastify', 'bare-express'], env: 'BENCH_SERVERS', help: 'servers (ids of bench/http/servers)' },
    requests: { type: 'number', default: 1000, env: 'BENCH_REQUESTS', help: 'counted requests per server (after an uncounted settling round as long)' },
    warmup: { type: 'number', default: 50000, env: 'BENCH_WARMUP', help: 'uncounted requests of warm-up (cheap: valgrind runs them without instrumentation)' },
    jobs: { type: 'number', default: 2, env: 'BENCH_JOBS', help: 'servers profiled at once' },
    out: { type: 'string', default: '', env: 'BENCH_OUT', help: 'results path without extension (default bench/results/breakdown-node<major>)' },
    callers: { type: 'string', default: '', env: 'BENCH_CALLERS', help: 'a regular expression on function names: also print who calls them, in instructions per request' },
  },
  undefined,
  undefined,
  'usage: npm run bench:breakdown -- [--node 24] [--scenarios hello,stack] [--servers webfw,fastify,bare-express]',
)

async function profile(nodeBin, id, scenario) {
  const run = await countRequests({ nodeBin, entry: { id, env: {} }, scenario, requests: opts.requests, warmup: opts.warmup, settle: 1, names: true, keep: true })
  try {
    const profileData = readCallgrind(run.file, run.perfMap)
    const { totals, functions } = attribute(profileData)
    const per = (v) => Math.round(v / opts.requests)
    if (opts.callers !== '') {
      const lines = callersReport(profileData.callers, new RegExp(opts.callers), per, shorten)
      console.error([`callers in ${scenario} · ${id} (instructions per request of the calls):`, ...lines.map((l) => '  ' + l)].join('\n'))
    }
    const result = { total: per(run.total), buckets: {}, top: {} }
    for (const [bucket] of buckets) {
      result.buckets[bucket] = per(totals[bucket])
      result.top[bucket] = functions[bucket]
        .slice(0, TOP)
        .map(([name, cost]) => [shorten(name), per(cost)])
        .filter(([, cost]) => cost > 0)
    }
    return result
  } finally {
    cleanUp(run)
  }
}

/** A function name without this checkout's path or the C++ argument lists. */
function shorten(name) {
  const root = path.resolve(__dirname, '..', '..') + path.sep
  return name.split(root).join('').replace(/\S*node_modules\//g, '~/').replace(/\((?:[^()]|\([^()]*\))*\)/g, '()').slice(0, 140)
}

async function main() {
  assertBuilt()
  const missing = missingTools()
  if (missing) throw new UsageError(missing)
  for (const n of opts.scenarios) if (!scenarioNames.includes(n)) throw new UsageError(`unknown scenario "${n}"; known: ${scenarioNames.join(', ')}`)
  const servers = opts.servers.map(serverById)
  const nodeBin = resolveAndAnnounce(opts.node)
  const meta = { ...machineInfo(nodeBin), requests: opts.requests, warmup: opts.warmup, v8Flags: V8_FLAGS }
  const out = resultPath(opts.out, 'breakdown', meta)
  const result = { kind: 'breakdown', meta, buckets: Object.fromEntries(buckets), servers: Object.fromEntries(servers.map((s) => [s.id, s.label])), scenarios: {} }
  const tasks = []
  for (const name of opts.scenarios) {
    result.scenarios[name] = {}
    for (const s of servers) {
      tasks.push(async () => {
        try {
          result.scenarios[name][s.id] = await profile(nodeBin, s.id, name)
          console.error(`${name} · ${s.label}: ${result.scenarios[name][s.id].total.toLocaleString('en-US')} instructions per request`)
        } catch (err) {
          console.error(`${name} · ${s.label}: failed: ${String(err.message).split('\n')[0]}`)
          result.scenarios[name][s.id] = { error: String(err.message).split('\n')[0] }
        }
        saveResults(out, result, breakdownMarkdown)
      })
    }
  }
  console.error(`${tasks.length} profiles, ${opts.jobs} at a time; results → ${path.relative(process.cwd(), out)}.{json,md}`)
  let next = 0
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]()
  }
  await Promise.all(Array.from({ length: Math.max(1, opts.jobs) }, lane))
  console.log('\n' + saveResults(out, result, breakdownMarkdown))
}

main().catch((err) => {
  console.error(describeError(err))
  process.exit(1)
})
