/**
 * The in-memory worker that bench:instructions counts under callgrind
 * (bench/inmem/worker.js, V8 flags from bench/lib/callgrind.js): the rounds
 * it counts must not carry a garbage collector's marking cycle begun in the
 * warm-up, or the counts measure V8's collector rather than the server
 * (issue 31). Checked by reading V8's GC trace between the worker's
 * handshake stages, without valgrind.
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'node:test'
import { packageRoot } from '../helpers/webfw'

/* eslint-disable @typescript-eslint/no-require-imports */
const { V8_FLAGS } = require(join(packageRoot, 'bench/lib/callgrind.js'))
/* eslint-enable @typescript-eslint/no-require-imports */

const TRACE_FLAGS = ['--trace-gc']
/** A scavenge during a marking cycle, or the major collection itself. */
const MARKING = /\(interleaved\)|Mark-Compact|Mark-sweep/

/**
 * Runs the worker as the callgrind runner does (answering each handshake
 * stage at once) with V8's traces on; resolves with the trace lines printed
 * in each counted round: the settling rounds, then the measured one.
 */
function countedRoundTraces(server: string, scenario: string): Promise<string[][]> {
  const worker = join(packageRoot, 'bench/inmem/worker.js')
  const args = [...V8_FLAGS, ...TRACE_FLAGS, worker, server, scenario, '3', '1000', '0', '50000']
  return new Promise((resolve, reject) => {
    // One stream for both: V8 traces on stdout, the worker's stages on stderr, in order.
    const child = spawn('/bin/sh', ['-c', 'exec "$0" "$@" 2>&1', process.execPath, ...args], {
      env: { ...process.env, NODE_ENV: 'production', BENCH_HANDSHAKE: '1' },
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let output = ''
    let pending = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      output += chunk
      pending += chunk
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) if (line.startsWith('webfw-bench:')) child.stdin.write('go\n')
    })
    child.on('error', reject)
    child.on('close', (code) => {
      const lines = output.split('\n')
      const start = lines.indexOf('webfw-bench:warm')
      const end = lines.indexOf('webfw-bench:measured')
      if (code !== 0 || start < 0 || end < start) return reject(new Error(`worker exited ${code}:\n${output.slice(-2000)}`))
      const rounds: string[][] = [[]]
      for (const line of lines.slice(start + 1, end)) {
        if (line === 'webfw-bench:round') rounds.push([])
        else rounds[rounds.length - 1].push(line)
      }
      resolve(rounds)
    })
  })
}

test('the counted rounds of webfw hello: no marking cycle', { timeout: 120_000 }, async () => {
  const rounds = await countedRoundTraces('webfw', 'hello')
  assert.equal(rounds.length, 3, 'two settling rounds and the measured one')
  // Under --predictable a marking cycle started in the warm-up never ends,
  // and every counted request pays for it: --no-incremental-marking (V8_FLAGS).
  assert.deepEqual(rounds.flat().filter((line) => MARKING.test(line)), [])
  // Whether V8 still compiles or deoptimises something in a counted round
  // depends on the host's speed (the warm-up is at least 1.2 s of requests,
  // a number of requests that varies), so it is not asserted here: every
  // count reports V8's compiler share beside it (bench:instructions), and
  // docs/perf.md shows it.
})
