// Runs the compiled tests (`.test-build/**/*.test.js`, from `npm run
// build:test`) with Node's built-in runner, two files at a time, and ends
// with one line "N passed, M failed", read from the spec reporter's closing
// counts (cancelled tests count as failed).
//
// The files are listed one by one because from Node 22 on the arguments of
// `node --test` are glob patterns and a bare directory is taken for a file.
//
// Nothing may hang the run: each test has a bound (--test-timeout, a test's
// own `timeout` option may set a longer one; on Node 20 it bounds each file
// too), a file's process exits 10 s after its tests are done even if a failed
// test left a server open (test/exit-when-done.cjs: Node 24 waits for it
// otherwise), and the whole run is stopped after WEBFW_TEST_BOUND_S seconds
// (default 1200), counted as failed.
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../.test-build/', import.meta.url))
const expectedWarnings = fileURLToPath(new URL('./expected-warnings.cjs', import.meta.url))
const exitWhenDone = fileURLToPath(new URL('./exit-when-done.cjs', import.meta.url))
const perTestMs = 180_000
const wholeRunS = Number(process.env.WEBFW_TEST_BOUND_S) || 1200

function testFiles(dir) {
  const found = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) found.push(...testFiles(path))
    else if (entry.name.endsWith('.test.js')) found.push(path)
  }
  return found.sort()
}

let files = []
try {
  files = testFiles(root)
} catch {
  // no build directory: reported below
}
if (files.length === 0) {
  console.error(`no compiled tests under ${root}: run \`npm run build:test\` first`)
  process.exit(1)
}

const args = [
  // webfw's own deprecation warnings, raised on purpose by the tests of deprecated APIs, stay off stderr
  `--require=${expectedWarnings}`,
  // a file whose failed test left a server open would otherwise keep its process (and the run) alive
  `--require=${exitWhenDone}`,
  '--test',
  '--test-concurrency=2',
  `--test-timeout=${perTestMs}`,
  '--test-reporter=spec',
  ...files,
]
// Its own process group, so the bound can stop the test files it started too.
// The reference packages the tests compare webfw with (express 4, morgan) and
// express-session, which 3.x's session wraps, print their deprecation notices
// through depd when a test uses a deprecated form on purpose; NO_DEPRECATION
// names them so that those notices stay out of the output.
const env = { ...process.env, NO_DEPRECATION: [process.env.NO_DEPRECATION, 'express', 'morgan', 'express-session'].filter(Boolean).join(',') }
const runner = spawn(process.execPath, args, { stdio: ['inherit', 'pipe', 'inherit'], detached: true, env })

// The runner's output passes through; its closing counts ("ℹ pass 12") are kept.
const counts = {}
let pending = ''
runner.stdout.setEncoding('utf8')
runner.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  pending += chunk
  const lines = pending.split('\n')
  pending = lines.pop()
  for (const line of lines) {
    const count = /^ℹ (pass|fail|cancelled) (\d+)$/.exec(line)
    if (count) counts[count[1]] = Number(count[2])
  }
})
let overrun = false
const bound = setTimeout(() => {
  overrun = true
  console.error(`\nthe test run took longer than ${wholeRunS} s: stopped`)
  try {
    process.kill(-runner.pid, 'SIGKILL')
  } catch {
    runner.kill('SIGKILL')
  }
}, wholeRunS * 1000)
const forward = (signal) => () => {
  try {
    process.kill(-runner.pid, signal)
  } catch {
    // already gone
  }
}
process.on('SIGINT', forward('SIGINT'))
process.on('SIGTERM', forward('SIGTERM'))

runner.on('close', (code) => {
  clearTimeout(bound)
  const finished = !overrun && counts.pass !== undefined && counts.fail !== undefined
  const passed = finished ? counts.pass : 0
  const failed = finished ? counts.fail + (counts.cancelled ?? 0) : Math.max(1, (counts.fail ?? 0) + (counts.cancelled ?? 0))
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`)
  process.exit(overrun ? 1 : (code ?? 1))
})
