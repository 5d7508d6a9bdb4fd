// Instructions per request of one server over HTTP/2, counted by valgrind's
// callgrind: the HTTP/2 counterpart of bench/inmem/instructions.js, for A/B
// work on webfw's HTTP/2 path, where timings (bench:http --protocol h2c)
// move by more than the changes being weighed.
//
//   node bench/http2/instructions.js <scenario> <server> [<server> …] [--node 24] [--protocol h2c|h2] [--requests 3000] [--top 40]
//
// node:http2 has no in-memory transport like the HTTP/1.1 worker's, so the
// server (an id of bench/http/servers) listens on 127.0.0.1 under callgrind
// with instrumentation off, and h2load sends it the scenario's requests
// from another process on one connection, one stream at a time (each
// request is read, answered and written on its own, as in bench:http's
// h2load runs): --warmup requests uncounted; then instrumentation is
// switched on, --settle settling rounds of --requests are served, the
// counts zeroed after each; then the measured round of --requests is served
// and dumped. Only the server process is counted, and the measured round
// includes one connection's set-up (the same for every server, a small
// share over 3,000 requests). V8 runs with callgrind.js's flags
// (--predictable, fixed seeds). Two runs of one build agree less closely
// than the in-memory counts: the collections and V8's compilations that
// fall into the measured round vary from run to run (timers and socket
// reads follow the client's pace), so the figure is also given without the
// instructions of V8's compiler and garbage collector
// (../breakdown/rules.js); compare those, and repeat the run.
'use strict'

const { spawn, execFile } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { parseOptions, UsageError, describeError } = require('../lib/options')
const { resolveAndAnnounce } = require('../lib/node-binary')
const { missingTools, V8_FLAGS, NAMING_FLAGS } = require('../lib/callgrind')
const { readCallgrind } = require('../breakdown/callgrind-file')
const { compilerAndGc } = require('../breakdown/rules')
const { scenarios } = require('../http/scenarios')
const { serverById } = require('../http/servers')
const { h2loadVersion, parseSummary, scenarioRequests } = require('../http/h2load')
const { formatInt } = require('../lib/stats')

const STREAMS = 1

function run(program, args) {
  return new Promise((resolve, reject) => {
    execFile(program, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${program} ${args.join(' ')}: ${stderr || err.message}`))
      else resolve(stdout)
    })
  })
}

/** h2load's arguments for `count` requests of `scenario` on one connection, one stream at a time, and the clean-up of its body's file. */
function h2loadArgs(scenario, protocol, port, count) {
  const { args, cleanUp } = scenarioRequests(scenario, protocol, port)
  args.unshift('-n', String(count), '-c', '1', '-m', String(STREAMS), '-t', '1')
  return { args, cleanUp }
}

/** Sends `count` requests; fails unless every one was answered 2xx. */
async function load(scenario, protocol, port, count) {
  // h2load does not verify the bench certificate (bench/http/protocol.js).
  const { args, cleanUp } = h2loadArgs(scenario, protocol, port, count)
  try {
    const out = await run('h2load', args)
    const summary = parseSummary(out)
    if (!summary || summary.requests !== count || summary.statusCodes['2xx'] !== count) throw new Error(`h2load: not every request answered 2xx\n${out}`)
  } finally {
    cleanUp()
  }
}

/** The instructions per request of `server` serving `scenario`, counted as the header says. */
async function count({ nodeBin, server, scenario, protocol, requests, warmup, settle, top }) {
  const entry = serverById(server)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-h2-callgrind-'))
  const args = ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${path.join(dir, 'callgrind.out.%p')}`, nodeBin, ...V8_FLAGS, ...NAMING_FLAGS, entry.path, scenario, ...entry.args]
  // Without an IPC channel the server prints its port (bench/http/servers/harness.js).
  const child = spawn('valgrind', args, { cwd: dir, env: { ...process.env, NODE_ENV: 'production', BENCH_PROTOCOL: protocol }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d))
  const closed = new Promise((resolve) => child.on('close', resolve))
  try {
    const port = await new Promise((resolve, reject) => {
      let stdout = ''
      child.stdout.on('data', (d) => {
        stdout += d
        const m = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout)
        if (m) resolve(Number(m[1]))
      })
      child.on('close', () => reject(new Error(`${server} exited before listening: ${stderr.slice(-2000)}`)))
    })
    const pid = String(child.pid)
    await load(scenario, protocol, port, warmup)
    await run('callgrind_control', ['-i', 'on', pid])
    // Settling rounds, each counted and thrown away, as in bench/inmem/instructions.js.
    for (let round = 0; round < settle; round++) {
      await load(scenario, protocol, port, requests)
      await run('callgrind_control', ['-z', pid])
    }
    await load(scenario, protocol, port, requests)
    await run('callgrind_control', ['-d', pid])
    const dump = fs.readdirSync(dir).find((f) => /^callgrind\.out\.\d+\.\d+$/.test(f))
    if (!dump) throw new Error(`${server}: callgrind wrote no dump`)
    const text = fs.readFileSync(path.join(dir, dump), 'utf8')
    const totals = /^(?:totals|summary): (\d+)/m.exec(text)
    if (!totals) throw new Error(`${server}: no totals in the dump`)
    // Each function's own instructions, generated code named from V8's perf map.
    const { self } = readCallgrind(path.join(dir, dump), path.join(os.tmpdir(), `perf-${child.pid}.map`))
    const { compiler, gc } = compilerAndGc(self)
    const functions = [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, ir]) => ({ name, perRequest: ir / requests }))
    return { perRequest: Number(totals[1]) / requests, compiler: compiler / requests, gc: gc / requests, functions }
  } finally {
    child.kill('SIGKILL')
    await closed
    fs.rmSync(dir, { recursive: true, force: true })
    fs.rmSync(path.join(os.tmpdir(), `perf-${child.pid}.map`), { force: true })
  }
}

async function main() {
  const usage = 'usage: node bench/http2/instructions.js <scenario> <server> [<server> …] [--node 24] [--protocol h2c|h2] [--requests N] [--warmup N]'
  const options = parseOptions(
    {
      node: { type: 'string', help: 'Node to run the servers on: a major (installed from npm into a cache folder), a path, or current' },
      protocol: { type: 'string', default: 'h2c', help: 'h2c (cleartext) or h2 (TLS)' },
      requests: { type: 'number', default: 3000, help: 'requests in the settling round and in the measured round' },
      warmup: { type: 'number', default: 60000, help: 'uncounted requests first' },
      settle: { type: 'number', default: 2, help: 'counted rounds of --requests thrown away before the measured one' },
      top: { type: 'number', default: 0, help: 'also list the functions with the most instructions of their own, this many' },
    },
    process.argv.slice(2),
    process.env,
    usage,
  )
  const [scenario, ...servers] = options._
  if (!scenario || !scenarios[scenario] || servers.length === 0) throw new UsageError(usage)
  if (!['h2c', 'h2'].includes(options.protocol)) throw new UsageError('--protocol must be h2c or h2')
  const missing = missingTools()
  if (missing) throw new UsageError(missing)
  h2loadVersion()
  const nodeBin = resolveAndAnnounce(options.node)
  for (const server of servers) {
    const { perRequest, compiler, gc, functions } = await count({ nodeBin, server, scenario, protocol: options.protocol, requests: options.requests, warmup: options.warmup, settle: options.settle, top: options.top })
    console.log(
      `${scenario} ${server} ${options.protocol}: ${formatInt(perRequest)} instructions per request ` +
        `(V8 compiler ${formatInt(compiler)}, GC ${formatInt(gc)}; without them ${formatInt(perRequest - compiler - gc)})`,
    )
    for (const f of functions) console.log(`  ${formatInt(f.perRequest).padStart(8)}  ${f.name}`)
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(describeError(err))
    process.exit(1)
  })
}

module.exports = { h2loadArgs, load }
