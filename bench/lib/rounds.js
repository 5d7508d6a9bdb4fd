// Interleaved rounds for tinybench, shared by the micro runner and the
// standalone benchmark scripts: every task samples in round 1, then every
// task in round 2, and so on. On a machine whose speed drifts over seconds (a
// shared VM), two tasks sampled in one block each would be compared at
// different speeds; a ratio taken within each round, then the median over
// rounds, is not moved by that drift.
'use strict'

const { Bench } = require('tinybench')
const { median } = require('./stats')

/**
 * Runs `tasks` ({ name: fn | { fn, beforeEach, afterEach } }) in `rounds`
 * rounds of `time` ms per task each. tinybench's warm-up (`options`) runs in
 * the first round only: later rounds reuse the warmed code. A task that
 * fails in any round is left out of the later ones. Resolves with, per task
 * name, every latency sample (ms), the median of each round (ms), and the
 * error text of the tasks that failed.
 *
 * @example
 * const run = await runInRounds({ a: fnA, b: fnB }, { rounds: 5, time: 200 })
 * roundRatios(run.roundP50, 'a', 'b').median
 */
async function runInRounds(tasks, { rounds, time, options = {}, async = true }) {
  const names = Object.keys(tasks)
  const samples = new Map(names.map((n) => [n, []]))
  const roundP50 = new Map(names.map((n) => [n, []]))
  const errors = new Map()
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ ...options, time, warmup: round === 0 && options.warmup !== false })
    for (const [name, t] of Object.entries(tasks)) {
      if (errors.has(name)) continue
      if (typeof t === 'function') bench.add(name, t)
      else bench.add(name, t.fn, { beforeEach: t.beforeEach, afterEach: t.afterEach })
    }
    if (async) await bench.run()
    else bench.runSync()
    for (const t of bench.tasks) {
      const r = t.result
      if (!r || r.error) {
        errors.set(t.name, String((r && r.error && r.error.stack) || 'no result'))
        continue
      }
      // (a loop, not push(...samples): a fast task has too many samples to spread)
      const all = samples.get(t.name)
      for (const x of r.latency.samples) all.push(x)
      roundP50.get(t.name).push(r.latency.p50)
    }
  }
  return { names, samples, roundP50, errors }
}

/** The per-round ratios of task `name`'s median to task `base`'s: their median, lowest and highest. */
function roundRatios(roundP50, name, base) {
  const baseRounds = roundP50.get(base)
  const ratios = roundP50.get(name).map((p, i) => p / baseRounds[i])
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) }
}

/** Throws, naming each failed task with its error, when any task of `run` failed. */
function assertAllRan(run) {
  if (run.errors.size !== 0) throw new Error([...run.errors].map(([name, err]) => `${name}: ${err}`).join('\n'))
}

/**
 * Runs `tasks` in 5 interleaved rounds of 300 ms each (after 300 ms of
 * warm-up) and prints each task's median (over the rounds of each round's
 * median) and its cost over the task `base` (the per-round difference's
 * median), in nanoseconds, under a line naming Node and the number of
 * rounds; a failed task ends the process with its error.
 */
function printOverBase(tasks, base, what) {
  return runInRounds(tasks, { rounds: 5, time: 300, options: { warmupTime: 300 } })
    .then((run) => {
      assertAllRan(run)
      printRun(run, base, what)
    })
    .catch((err) => {
      console.error(err)
      process.exit(1)
    })
}

function printRun(run, base, what) {
  const { names, roundP50 } = run
  console.log(`node ${process.version} (medians of ${roundP50.get(base).length} interleaved rounds)`)
  const baseRounds = roundP50.get(base)
  const width = Math.max(...names.map((n) => n.length)) + 2
  for (const name of names) {
    const rounds = roundP50.get(name)
    const ns = median(rounds) * 1e6
    const over = median(rounds.map((p, i) => p - baseRounds[i])) * 1e6
    console.log(`${name.padEnd(width)} ${ns.toFixed(0).padStart(6)} ns  (${over.toFixed(0).padStart(5)} ns over ${what})`)
  }
}

module.exports = { runInRounds, roundRatios, assertAllRan, printOverBase }
