// `npm run bench`: runs every micro benchmark, each in its own process
// pinned to one CPU, and writes one JSON and one Markdown file of results.
// Each group's sampling time is split into interleaved rounds (`--rounds`,
// default 5): every task samples in round 1, then every task in round 2, and
// so on, and a task's ratio to the baseline is the median of its per-round
// ratios, so that a drift in the machine's speed between two tasks' turns
// does not become a ratio.
// `npm run bench -- router query` runs only the files whose names contain
// one of the words. Picked up: bench/micro/*.bench.js, and the benchmark
// scripts other parts of the project keep at bench/*.bench.{js,mjs}.
//
// A *.bench.js file may export one benchmark group or an array of them:
//
//   module.exports = {
//     title: 'What is measured',
//     unit: 'request',            // what one operation is (default 'op')
//     batch: 10,                  // operations per task call; times are divided by it
//     baseline: 'task name',      // the "time vs" column compares every task with this one
//     target: 'optional note, e.g. the issue target',
//     options: { time: 1000 },    // tinybench Bench options
//     async: false,               // true when any task returns a promise
//     setup() {},                 // optional, may be async; may push strings to this.notes
//     check() {},                 // optional: throw when the tasks do not do the same work
//     tasks: { 'name': fn, 'other': { fn, beforeEach } },
//   }
//
// A file whose source does not export `tasks` is run as a plain script
// (`node file`): its output is shown as it runs and kept as text in the
// results, so standalone tinybench scripts are picked up too.
'use strict'

const { spawn } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')
const { parseOptions, UsageError, describeError } = require('../lib/options')
const { resolveNode } = require('../lib/node-binary')
const { machineInfo, root } = require('../lib/machine')
const { assertBuilt, resultPath, saveResults } = require('../lib/results')
const { pinned } = require('../lib/pin')
const { sortedMedian, formatNs } = require('../lib/stats')
const { runInRounds, roundRatios } = require('../lib/rounds')
const { machineCpu, cpuShares } = require('../lib/cpu')
const { markdown } = require('./markdown')

const spec = {
  time: { type: 'number', default: 1000, env: 'BENCH_MICRO_TIME', help: 'milliseconds of sampling per task (a group may set its own)' },
  rounds: { type: 'number', default: 5, env: 'BENCH_MICRO_ROUNDS', help: 'interleaved rounds the sampling time is split into (ratios are medians over rounds)' },
  node: { type: 'string', default: process.execPath, env: 'BENCH_NODE', help: 'node binary that runs the benchmarks, or a major version ("24")' },
  cpu: { type: 'string', default: '1', env: 'BENCH_SERVER_CPU', help: 'CPU the benchmark processes are pinned to' },
  out: { type: 'string', env: 'BENCH_OUT', help: 'results path without extension (default bench/results/micro-node<major>)' },
  child: { type: 'string', help: '(internal) run one file in this process' },
}

function log(line) {
  process.stderr.write(line + '\n')
}

// ---- child: run the groups of one file -------------------------------------

/** Mean, relative margin of error (95%) and p99 of a sample list, in ms. */
function describe(list) {
  const n = list.length
  let sum = 0
  for (const x of list) sum += x
  const mean = sum / n
  let sq = 0
  for (const x of list) sq += (x - mean) * (x - mean)
  const sem = n > 1 ? Math.sqrt(sq / (n - 1) / n) : 0
  const sorted = [...list].sort((a, b) => a - b)
  return { mean, rme: mean > 0 ? (196 * sem) / mean : 0, p50: sortedMedian(sorted), p99: sorted[Math.min(n - 1, Math.floor(n * 0.99))] }
}

async function runFile(file, time, rounds) {
  const exported = require(file)
  const groups = (Array.isArray(exported) ? exported : [exported]).filter((g) => g && typeof g === 'object' && g.tasks)
  if (groups.length === 0) throw new Error('exports no benchmark group (an object with tasks)')
  const out = []
  for (const group of groups) {
    group.notes = group.notes || []
    if (group.setup) await group.setup()
    if (group.check) await group.check()
    log(`  ${group.title}`)
    const batch = group.batch || 1
    const machine0 = machineCpu()
    const self0 = process.cpuUsage()
    const wall0 = process.hrtime.bigint()
    const options = group.options || {}
    // The group's time per task, shared out over the rounds.
    const share = Math.max(50, Math.round((options.time ?? time) / rounds))
    const run = await runInRounds(group.tasks, { rounds, time: share, options, async: Boolean(group.async) })
    const self = process.cpuUsage(self0)
    const cpu = cpuShares({ wall: Number(process.hrtime.bigint() - wall0) / 1e9, server: (self.user + self.system) / 1e6, load: 0, machineBefore: machine0, machineAfter: machineCpu() })
    const hasBaseline = Boolean(group.baseline) && run.names.includes(group.baseline) && !run.errors.has(group.baseline)
    const tasks = run.names.map((name) => {
      if (run.errors.has(name)) return { name, error: run.errors.get(name) }
      const d = describe(run.samples.get(name))
      const task = {
        name,
        meanNs: (d.mean * 1e6) / batch,
        p50Ns: (d.p50 * 1e6) / batch,
        p99Ns: (d.p99 * 1e6) / batch,
        rme: d.rme,
        samples: run.samples.get(name).length,
        opsPerSec: (1000 / d.mean) * batch,
      }
      if (hasBaseline) {
        const r = roundRatios(run.roundP50, name, group.baseline)
        task.ratio = r.median
        task.ratioRange = [r.min, r.max]
      }
      log(`    ${name.padEnd(44)} ${formatNs(task.p50Ns).padStart(10)} / ${group.unit || 'op'}${task.ratio !== undefined ? `  ×${task.ratio.toFixed(2)}` : ''}`)
      return task
    })
    out.push({ title: group.title, unit: group.unit || 'op', batch, baseline: group.baseline, target: group.target, notes: group.notes, rounds, cpu, tasks })
  }
  return { standalone: false, groups: out }
}

// ---- parent: run every file, collect, write ---------------------------------

/** Whether a file follows the group contract (checked on its source, so that a plain script is never run twice). */
function exportsGroups(file) {
  const src = fs.readFileSync(file, 'utf8')
  return /\btasks\b/.test(src) && /\bmodule\.exports\b|\bexports\.\w+\s*=/.test(src)
}

function runChild(opts, file) {
  const standalone = !exportsGroups(file)
  return new Promise((resolve) => {
    const argv = standalone ? [file] : [__filename, '--child', file, '--time', String(opts.time), '--rounds', String(opts.rounds)]
    const [command, args] = pinned(opts.cpu, opts.node, argv)
    const stdio = standalone ? ['ignore', 'pipe', 'inherit'] : ['ignore', 'inherit', 'inherit', 'ipc']
    const child = spawn(command, args, { stdio, env: { ...process.env, NODE_ENV: 'production' }, cwd: root })
    let result
    let output = ''
    if (standalone) {
      child.stdout.on('data', (d) => {
        output += d
        process.stdout.write(d)
      })
    }
    child.on('message', (m) => {
      result = m
      child.disconnect()
    })
    child.on('exit', (code) => {
      // eslint-disable-next-line no-control-regex
      const text = output.replace(/\x1b\[[0-9;]*m/g, '').trimEnd()
      if (standalone) resolve(code === 0 ? { standalone: true, output: text } : { standalone: true, output: text, error: `exited with ${code}` })
      else resolve(result || { error: `exited with ${code} before reporting` })
    })
  })
}

/** The benchmark files, as paths relative to bench/: micro/*.bench.js, then *.bench.{js,mjs}. */
function benchFiles() {
  const list = (dir, prefix, re) =>
    fs
      .readdirSync(dir)
      .filter((f) => re.test(f))
      .sort()
      .map((f) => prefix + f)
  return [...list(__dirname, 'micro/', /\.bench\.js$/), ...list(path.dirname(__dirname), '', /\.bench\.m?js$/)]
}

async function main() {
  const opts = parseOptions(spec, undefined, undefined, 'usage: npm run bench -- [file-name-words] [options]')
  opts.node = resolveNode(opts.node)
  if (opts.child) {
    const result = await runFile(path.resolve(opts.child), opts.time, Math.max(1, Math.floor(opts.rounds)))
    process.send(result)
    return
  }
  assertBuilt()
  const all = benchFiles()
  const files = opts._.length ? all.filter((f) => opts._.some((w) => path.basename(f).includes(w))) : all
  if (files.length === 0) throw new UsageError(`no benchmark file matches ${opts._.join(', ')} (files: ${all.join(', ')})`)
  const meta = machineInfo(opts.node)
  const out = resultPath(opts.out, 'micro', meta)
  log(`webfw bench · ${meta.node} · ${meta.cpu} · ${files.length} file(s): ${files.join(', ')}`)
  const results = { kind: 'micro', meta: { ...meta, options: { time: opts.time, rounds: opts.rounds, cpu: opts.cpu } }, files: [] }
  for (const f of files) {
    log(`\n${f}`)
    const r = await runChild(opts, path.join(path.dirname(__dirname), f))
    results.files.push({ file: f, ...r })
    if (r.error) log(`  failed: ${r.error}`)
  }
  const md = saveResults(out, results, markdown)
  console.log('\n' + md)
  log(`written ${path.relative(process.cwd(), out)}.json and .md`)
}

main().catch((err) => {
  log(describeError(err))
  if (process.send) process.send({ error: String((err && err.stack) || err) })
  process.exitCode = 1
})

