// Instructions per request of one server, counted by valgrind's callgrind:
// a measure that other processes on the machine cannot move, for A/B work
// on changes too small for any timing to show (docs/perf.md).
//
//   node bench/inmem/instructions.js <scenario> <server>[:NAME=value] ...
//   node bench/inmem/instructions.js hello webfw webfw:BENCH_TRACE=otel
//   node bench/inmem/instructions.js stack webfw fastify --connections 50 --warmup 10000
//
// For each server the in-memory worker (worker.js) runs twice under callgrind,
// serving `--few` and `--many` requests (twice each: its unmeasured round and
// one measured round); start-up and warm-up cost the same in both runs (the
// short run is long enough for V8 to have optimised the request path), so
// the difference of the two totals divided by the difference of the request
// counts is the cost of one request in the steady state. V8 runs with
// `--predictable` and fixed seeds so that two runs of one build mostly agree
// (to ~1%; a collection or an optimisation landing in one run and not the
// other can move it by several per cent: repeat with `--runs` and read the
// median). With `--warmup n` both runs first serve the same n requests of
// warm-up (identical work, V8's tiering included) and then one round of
// `--few` or `--many`, so the difference holds the measured requests alone.
// `--connections k` sends them over k connections with one request in flight
// each instead of one pipelined connection (see worker.js). `--out <path>`
// also writes the figures to `<path>.json` and `<path>.md` (e.g.
// bench/results/instructions-<topic>).
'use strict'

const { spawnSync } = require('node:child_process')
const path = require('node:path')
const { parseOptions } = require('../lib/options')
const { machineInfo } = require('../lib/machine')
const { assertBuilt, saveResults } = require('../lib/results')
const { median, formatInt } = require('../lib/stats')
const { scenarioNames } = require('../http/scenarios')
const { parseEntry } = require('./entry')

const WORKER = path.join(__dirname, 'worker.js')
const V8_FLAGS = ['--predictable', '--hash-seed=1', '--random-seed=1']

const opts = parseOptions(
  {
    few: { type: 'number', default: 6000, help: 'requests per round of the short run' },
    many: { type: 'number', default: 16000, help: 'requests per round of the long run' },
    runs: { type: 'number', default: 1, help: 'pairs of runs per server (the median is shown)' },
    warmup: { type: 'number', default: 0, help: 'requests of warm-up before the measured round, the same in both runs (0: a round as long as the measured one)' },
    connections: { type: 'number', default: 0, help: 'connections with one request in flight each (0: one connection, 16 pipelined)' },
    out: { type: 'string', default: '', help: 'write <out>.json and <out>.md' },
  },
  undefined,
  undefined,
  'usage: node bench/inmem/instructions.js <scenario> <server>[:NAME=value] ... [--few n] [--many n] [--runs n] [--warmup n] [--connections k]',
)

const [scenario, ...entries] = opts._
if (!scenarioNames.includes(scenario) || entries.length === 0) {
  console.error(`usage: node bench/inmem/instructions.js <scenario> <server>[:NAME=value] ...; scenarios: ${scenarioNames.join(', ')}`)
  process.exit(2)
}

/** Total instructions callgrind counted for one worker run of `requests` per round. */
function count(entry, requests) {
  const run = spawnSync(
    'valgrind',
    [
      '--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, ...V8_FLAGS, WORKER, entry.id, scenario, '1', String(requests),
      String(opts.connections), ...(opts.warmup > 0 ? [String(opts.warmup)] : []),
    ],
    { encoding: 'utf8', env: { ...process.env, ...entry.env, NODE_ENV: 'production' }, maxBuffer: 64 * 1024 * 1024 },
  )
  const out = JSON.parse(run.stdout.trim().split('\n').pop() || '{}')
  if (run.status !== 0 || out.error) throw new Error(`${entry.id} ${scenario}: ${out.error || run.stderr.slice(-2000)}`)
  const collected = /Collected : (\d+)/.exec(run.stderr)
  if (!collected) throw new Error(`no callgrind total in:\n${run.stderr.slice(-2000)}`)
  return Number(collected[1])
}

assertBuilt()
const rows = []
for (const text of entries) {
  const entry = parseEntry(text)
  const perRequest = []
  for (let i = 0; i < opts.runs; i++) {
    const few = count(entry, opts.few)
    const many = count(entry, opts.many)
    // Without --warmup both runs serve a warm-up round as long as the
    // measured one; with it, the same warm-up, which cancels out.
    const served = opts.warmup > 0 ? opts.many - opts.few : 2 * (opts.many - opts.few)
    perRequest.push((many - few) / served)
  }
  const value = median(perRequest)
  rows.push({ server: text, perRequest: value, runs: perRequest })
  console.error(`${text}: ${formatInt(value)} instructions per request (${perRequest.map((v) => formatInt(v)).join(', ')})`)
}
function toMarkdown(result) {
  const lines = [`| ${result.scenario} | instructions per request | runs |`, '|---|---:|---|']
  for (const row of result.rows) lines.push(`| ${row.server} | ${formatInt(row.perRequest)} | ${row.runs.map((v) => formatInt(v)).join(', ')} |`)
  return lines.join('\n') + '\n'
}

const result = {
  kind: 'instructions',
  meta: { ...machineInfo(), few: opts.few, many: opts.many, warmup: opts.warmup, connections: opts.connections },
  scenario,
  rows,
}
if (opts.out) saveResults(require('node:path').resolve(opts.out), result, toMarkdown)
console.log('\n' + toMarkdown(result))
