// `npm run bench:memory`: memory under a long run. Drives one million
// requests (by default) of the `stack` scenario at the webfw server and asks
// the server process, over IPC, for its RSS and heap: at start, after the
// first ten thousand requests, at checkpoints, and at the end; each time
// before and after a full GC (the server runs with --expose-gc). Issue 8's
// target: RSS at the end within 10% of RSS after the first ten thousand.
'use strict'

const path = require('node:path')
const { parseOptions, UsageError, describeError } = require('../lib/options')
const { resolveNode } = require('../lib/node-binary')
const { machineInfo } = require('../lib/machine')
const { assertBuilt, resultPath, saveResults } = require('../lib/results')
const { pinSelf } = require('../lib/pin')
const { formatInt, formatMiB } = require('../lib/stats')
const { markdown } = require('./markdown')
const { scenarioNames, verify } = require('../http/scenarios')
const { serverIds, serverById } = require('../http/servers')
const { startServer, queryMemory } = require('../http/process')
const { runLoad } = require('../http/load')

const spec = {
  requests: { type: 'number', default: 1000000, env: 'BENCH_MEMORY_REQUESTS', help: 'requests in all' },
  first: { type: 'number', default: 10000, env: 'BENCH_MEMORY_FIRST', help: 'requests before the reference measurement' },
  checkpoints: { type: 'number', default: 10, env: 'BENCH_MEMORY_CHECKPOINTS', help: 'measurements between the first one and the end' },
  scenario: { type: 'string', default: 'stack', env: 'BENCH_MEMORY_SCENARIO', help: `scenario (${scenarioNames.join(', ')})` },
  servers: { type: 'list', default: ['webfw'], env: 'BENCH_SERVERS', help: `servers (${serverIds.join(', ')})` },
  connections: { type: 'number', default: 50, env: 'BENCH_CONNECTIONS', help: 'concurrent connections' },
  node: { type: 'string', default: process.execPath, env: 'BENCH_NODE', help: 'node binary that runs the servers, or a major version ("24")' },
  'server-cpu': { type: 'string', default: '1', env: 'BENCH_SERVER_CPU', help: 'CPU the server is pinned to' },
  'load-cpu': { type: 'string', default: '0', env: 'BENCH_LOAD_CPU', help: 'CPU the load generator (this process) is pinned to' },
  out: { type: 'string', env: 'BENCH_OUT', help: 'results path without extension (default bench/results/memory-node<major>)' },
}

function log(line) {
  process.stderr.write(`${process.stderr.isTTY ? '\r\x1b[K' : ''}${line}\n`)
}

function point(requests, m) {
  return {
    requests,
    rss: m.memory.rss,
    heapUsed: m.memory.heapUsed,
    heapTotal: m.memory.heapTotal,
    external: m.memory.external,
    rssAfterGc: m.afterGc && m.afterGc.rss,
    heapUsedAfterGc: m.afterGc && m.afterGc.heapUsed,
  }
}

async function measureServer(opts, server) {
  const entry = { label: server.label, scenario: opts.scenario, status: 'pending', checkpoints: [] }
  const started = await startServer({ server, scenario: opts.scenario, nodeBin: opts.node, cpu: opts['server-cpu'], nodeFlags: ['--expose-gc'] })
  if (started.status !== 'ready') {
    log(`${server.label}: ${started.status}: ${started.reason.split('\n')[0]}`)
    return { ...entry, status: started.status, reason: started.reason }
  }
  try {
    const problems = await verify(started.port, opts.scenario, started.child)
    if (problems.length) return { ...entry, status: 'failed', reason: `wrong answers: ${problems.join('; ')}` }
    entry.status = 'ok'
    entry.notes = started.notes
    entry.checkpoints.push(point(0, await queryMemory(started.child, true)))
    const chunk = Math.ceil((opts.requests - opts.first) / opts.checkpoints)
    const plan = [opts.first]
    for (let done = opts.first; done < opts.requests; done += chunk) plan.push(Math.min(chunk, opts.requests - done))
    let sent = 0
    let seconds = 0
    let bad = 0
    const t0 = Date.now()
    for (const amount of plan) {
      const r = await runLoad({
        port: started.port,
        scenario: opts.scenario,
        amount,
        connections: opts.connections,
        onTick: (n) => {
          seconds++
          if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${server.label}: ${formatInt(sent)} + … of ${formatInt(opts.requests)} requests, ${formatInt(n)} req/s, ${seconds} s`)
        },
      })
      sent += r.requests
      bad += r.non2xx + r.errors
      const p = point(sent, await queryMemory(started.child, true))
      entry.checkpoints.push(p)
      log(`${server.label}: ${formatInt(sent).padStart(9)} requests  RSS ${formatMiB(p.rss).padStart(10)}  heap ${formatMiB(p.heapUsed).padStart(9)}  heap after GC ${formatMiB(p.heapUsedAfterGc).padStart(9)}`)
    }
    entry.requests = sent
    entry.failedRequests = bad
    entry.seconds = (Date.now() - t0) / 1000
    const ref = entry.checkpoints[1]
    const end = entry.checkpoints[entry.checkpoints.length - 1]
    entry.rssGrowth = end.rss / ref.rss - 1
    entry.heapAfterGcGrowth = end.heapUsedAfterGc !== undefined ? end.heapUsedAfterGc / ref.heapUsedAfterGc - 1 : undefined
    return entry
  } finally {
    await started.stop()
  }
}

async function main() {
  const opts = parseOptions(spec, undefined, undefined, 'usage: npm run bench:memory -- [options]')
  opts.node = resolveNode(opts.node)
  assertBuilt()
  if (opts.first >= opts.requests) throw new UsageError('--first must be smaller than --requests')
  const pinnedOk = pinSelf(opts['load-cpu'])
  const meta = machineInfo(opts.node)
  const out = resultPath(opts.out, 'memory', meta)
  const options = { requests: opts.requests, first: opts.first, checkpoints: opts.checkpoints, connections: opts.connections, serverCpu: pinnedOk ? opts['server-cpu'] : null, loadCpu: pinnedOk ? opts['load-cpu'] : null }
  log(`webfw bench:memory · ${meta.node} · ${formatInt(opts.requests)} requests of ${opts.scenario} per server: ${opts.servers.join(', ')}`)
  const results = { kind: 'memory', meta: { ...meta, options }, servers: {} }
  for (const id of opts.servers) results.servers[id] = await measureServer(opts, serverById(id))
  const md = saveResults(out, results, markdown)
  console.log('\n' + md)
  log(`written ${path.relative(process.cwd(), out)}.json and .md`)
}

main().catch((err) => {
  log(describeError(err))
  process.exit(1)
})

