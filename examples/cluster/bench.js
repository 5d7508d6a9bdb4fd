// Measures the throughput of this example with 1 and 2 workers, using
// autocannon (a devDependency of this repository).
//
//   npm run build && node examples/cluster/bench.js
//
// Environment: WORKER_COUNTS (default "1,2"), DURATION seconds per run
// (default 10), ROUNDS per worker count (default 3, interleaved; the median
// is reported), CONNECTIONS (default 100), PIPELINING (default 1).
//
// CPU pinning (Linux, with `taskset`): the server (primary and workers) runs
// on CPUs 0..N-1 for N workers, autocannon on the last CPU. With fewer CPUs
// than workers + 1, autocannon shares a CPU with a worker; the script says so.
'use strict'

const { spawn, spawnSync } = require('node:child_process')
const os = require('node:os')
const path = require('node:path')

const counts = (process.env.WORKER_COUNTS || '1,2').split(',').map(Number)
const duration = Number(process.env.DURATION) || 10
const rounds = Number(process.env.ROUNDS) || 3
const connections = Number(process.env.CONNECTIONS) || 100
const pipelining = Number(process.env.PIPELINING) || 1
const cpus = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length
const hasTaskset = process.platform === 'linux' && spawnSync('taskset', ['-V']).status === 0
const autocannonBin = require.resolve('autocannon/autocannon.js')

function pinned(cpuList, command, args) {
  return hasTaskset ? ['taskset', ['-c', cpuList, command, ...args]] : [command, args]
}

function startServer(workers) {
  const serverCpus = `0-${Math.min(workers, cpus) - 1}`
  const [cmd, args] = pinned(serverCpus, process.execPath, [path.join(__dirname, 'server.js')])
  const child = spawn(cmd, args, { env: { ...process.env, PORT: '0', WORKERS: String(workers) }, stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m) resolve({ child, url: m[1] + '/', serverCpus })
    })
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)))
  })
}

function autocannon(url, seconds) {
  const clientCpu = String(cpus - 1)
  const [cmd, args] = pinned(clientCpu, process.execPath, [
    autocannonBin, '--json', '-c', String(connections), '-p', String(pipelining), '-d', String(seconds), url,
  ])
  const run = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (run.status !== 0) throw new Error('autocannon failed: ' + run.stderr)
  return { result: JSON.parse(run.stdout), clientCpu }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** One measurement: a fresh server with `workers` workers, warmed up, then one autocannon run. */
async function measure(workers) {
  const server = await startServer(workers)
  try {
    autocannon(server.url, 2) // warm-up
    const run = autocannon(server.url, duration)
    if (run.result.non2xx || run.result.errors) throw new Error('the server answered with errors: ' + JSON.stringify(run.result))
    return { rps: run.result.requests.average, p99: run.result.latency.p99, serverCpus: server.serverCpus, clientCpu: run.clientCpu }
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
  }
}

async function main() {
  console.log(`node ${process.version}, ${cpus} CPUs (${os.cpus()[0].model}), load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  console.log(
    `autocannon -c ${connections} -p ${pipelining} -d ${duration}, ${rounds} rounds (worker counts interleaved), ` +
      `median reported; pinning: ${hasTaskset ? 'taskset' : 'none'}`,
  )
  // Rounds alternate between the worker counts, so a change in the machine's
  // load during the run affects every configuration alike.
  const results = new Map(counts.map((n) => [n, []]))
  for (let i = 0; i < rounds; i++) {
    for (const workers of counts) results.get(workers).push(await measure(workers))
  }
  for (const workers of counts) {
    const runs = results.get(workers)
    const { serverCpus, clientCpu } = runs[0]
    const shared = hasTaskset && Number(clientCpu) < workers ? ' (autocannon shares a CPU with a worker)' : ''
    console.log(
      `${workers} worker(s): ${Math.round(median(runs.map((r) => r.rps)))} req/s ` +
        `(rounds: ${runs.map((r) => Math.round(r.rps)).join(', ')}), p99 latency ${median(runs.map((r) => r.p99))} ms; ` +
        `server CPUs ${hasTaskset ? serverCpus : 'any'}, autocannon CPU ${hasTaskset ? clientCpu : 'any'}${shared}`,
    )
  }
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
