// `npm run flamegraph -- <scenario> [...]`: records a flamegraph of one
// benchmark server (webfw by default) under autocannon load with 0x, and
// writes flamegraphs/<scenario>/<server>.html (the flamegraph, self-contained)
// and <server>.txt (a text summary of the same samples). The raw profile
// stays in a temporary folder, removed unless --keep-raw.
'use strict'

const { spawn } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { parseOptions, UsageError, describeError } = require('../bench/lib/options')
const { resolveNode } = require('../bench/lib/node-binary')
const { root, nodeVersion } = require('../bench/lib/machine')
const { pinned, hasTaskset } = require('../bench/lib/pin')
const { scenarioNames, verify } = require('../bench/http/scenarios')
const { serverIds, serverById } = require('../bench/http/servers')
const { startServer } = require('../bench/http/process')
const { summarise } = require('./summarise')

const MAX_BYTES = 1024 * 1024

const spec = {
  server: { type: 'string', default: 'webfw', env: 'FLAMEGRAPH_SERVER', help: `server to profile (${serverIds.join(', ')})` },
  duration: { type: 'number', default: 10, env: 'BENCH_DURATION', help: 'seconds of load while recording' },
  connections: { type: 'number', default: 50, env: 'BENCH_CONNECTIONS', help: 'concurrent connections' },
  node: { type: 'string', default: process.execPath, env: 'BENCH_NODE', help: 'node binary that runs the profiled server, or a major version ("24")' },
  '0x': { type: 'string', default: '0x@6.0.0', env: 'FLAMEGRAPH_0X', help: 'npm package spec of 0x to run with npx, or a path to an installed 0x cmd.js' },
  'server-cpu': { type: 'string', default: '1', env: 'BENCH_SERVER_CPU', help: 'CPU of the profiled server' },
  'load-cpu': { type: 'string', default: '0', env: 'BENCH_LOAD_CPU', help: 'CPU of the load generator' },
  'collect-delay': { type: 'number', default: 1000, env: 'FLAMEGRAPH_COLLECT_DELAY', help: 'milliseconds from the server\'s start left out of the flamegraph (module loading, first unoptimised requests)' },
  'keep-raw': { type: 'bool', default: false, help: 'keep 0x\'s raw output folder (printed at the end)' },
}

function shellQuote(s) {
  return `'${String(s).replace(/'/g, `'\\''`)}'`
}

function zeroXCommand(spec0x) {
  if (spec0x.endsWith('.js')) return [process.execPath, [path.resolve(spec0x)]]
  return ['npx', ['--yes', '--package', spec0x, '--', '0x']]
}

function run(command, args, env) {
  return new Promise((resolve) => {
    let output = ''
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
    const relay = (d) => {
      output += d
      process.stderr.write(d)
    }
    child.stdout.on('data', relay)
    child.stderr.on('data', relay)
    child.on('exit', (code) => resolve({ code, output }))
    child.on('error', (err) => resolve({ code: -1, output: String(err) }))
  })
}

async function record(opts, scenario) {
  const server = serverById(opts.server)
  const label = `${server.label}, ${scenario}`

  // First make sure the server can serve the scenario and answers correctly.
  const probe = await startServer({ server, scenario, nodeBin: opts.node })
  if (probe.status !== 'ready') return { scenario, status: probe.status, reason: probe.reason }
  const problems = await verify(probe.port, scenario, probe.child)
  await probe.stop()
  if (problems.length) return { scenario, status: 'failed', reason: `wrong answers: ${problems.join('; ')}` }

  const raw = fs.mkdtempSync(path.join(os.tmpdir(), `webfw-flame-${scenario}-`))
  const load = [
    ...(hasTaskset() ? ['taskset', '-c', opts['load-cpu']] : []),
    process.execPath,
    path.join(root, 'bench', 'http', 'load.js'),
    scenario,
    '--port',
    '$PORT',
    '--duration',
    String(opts.duration),
    '--connections',
    String(opts.connections),
  ]
    .map((a) => (a === '$PORT' ? a : shellQuote(a)))
    .join(' ')
  const [zx, zxArgs] = zeroXCommand(opts['0x'])
  const [command, args] = pinned(opts['server-cpu'], zx, [
    ...zxArgs,
    '--output-dir',
    raw,
    '--output-html',
    path.join(raw, 'flamegraph.html'),
    '--title',
    `${label} (${nodeVersion(opts.node)})`,
    '--collect-delay',
    String(opts['collect-delay']),
    '--on-port',
    load,
    '--',
    opts.node,
    server.path,
    scenario,
    ...server.args,
  ])
  process.stderr.write(`\nrecording ${label} for ${opts.duration} s …\n`)
  const result = await run(command, args, { ...process.env, NODE_ENV: 'production' })
  const html = path.join(raw, 'flamegraph.html')
  if (result.code !== 0 || !fs.existsSync(html)) return { scenario, status: 'failed', reason: `0x exited with ${result.code}; raw output in ${raw}` }

  const outDir = path.join(__dirname, scenario)
  fs.mkdirSync(outDir, { recursive: true })
  const htmlOut = path.join(outDir, `${server.id}.html`)
  fs.copyFileSync(html, htmlOut)
  const ticksFile = fs.readdirSync(raw).find((f) => f.endsWith('.log.json'))
  const loadLine = (result.output.match(new RegExp(`^${scenario}: .*req/s.*$`, 'm')) || [''])[0]
  const title = [
    `Flamegraph summary: ${label}`,
    `Recorded ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${nodeVersion(opts.node)}, ${os.cpus()[0].model}; ${opts.duration} s of autocannon load, ${opts.connections} connections; the first ${opts['collect-delay']} ms of the process left out.`,
    loadLine ? `Load under the profiler (slower than unprofiled): ${loadLine}` : '',
  ]
    .filter(Boolean)
    .join('\n')
  let txtOut
  if (ticksFile) {
    txtOut = path.join(outDir, `${server.id}.txt`)
    fs.writeFileSync(txtOut, summarise(JSON.parse(fs.readFileSync(path.join(raw, ticksFile), 'utf8')), { root, title }))
  }
  if (!opts['keep-raw']) fs.rmSync(raw, { recursive: true, force: true })
  const size = fs.statSync(htmlOut).size
  return { scenario, status: 'ok', html: htmlOut, txt: txtOut, size, raw: opts['keep-raw'] ? raw : undefined }
}

async function main() {
  const opts = parseOptions(spec, undefined, undefined, `usage: npm run flamegraph -- <scenario ...|all> [options]\nscenarios: ${scenarioNames.join(', ')}`)
  opts.node = resolveNode(opts.node)
  const wanted = opts._.length === 0 ? [] : opts._[0] === 'all' ? scenarioNames : opts._
  if (wanted.length === 0) throw new UsageError(`name a scenario (${scenarioNames.join(', ')}) or "all"`)
  for (const s of wanted) if (!scenarioNames.includes(s)) throw new UsageError(`unknown scenario "${s}"`)
  if (!fs.existsSync(path.join(root, 'dist', 'index.js'))) throw new UsageError('webfw is not built: run `npm run build` first')
  const results = []
  for (const s of wanted) results.push(await record(opts, s))
  console.log('')
  for (const r of results) {
    if (r.status !== 'ok') {
      console.log(`${r.scenario}: ${r.status}: ${r.reason.split('\n')[0]}`)
      continue
    }
    const rel = (p) => path.relative(process.cwd(), p)
    console.log(`${r.scenario}: ${rel(r.html)} (${(r.size / 1024).toFixed(0)} KiB)${r.txt ? `, ${rel(r.txt)}` : ''}${r.raw ? `; raw profile kept in ${r.raw}` : ''}`)
    if (r.size > MAX_BYTES) console.log(`  warning: larger than 1 MiB; record a shorter run (--duration) before committing it`)
  }
  if (results.some((r) => r.status === 'failed')) process.exitCode = 1
}

main().catch((err) => {
  console.error(describeError(err))
  process.exit(1)
})
