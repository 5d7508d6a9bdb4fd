// One server of bench/http/servers fed its scenario's requests through an
// in-memory socket: a Duplex handed to the server as a new connection, so
// node:http parses and answers exactly as it would from the network, but no
// kernel, no load generator and no second core take part. What is left is
// the server's own CPU time per request, much steadier than over loopback on
// a shared machine (see bench/README.md, "In-memory A/B").
//
//   node bench/inmem/worker.js <server> <scenario> [rounds] [requests] [connections] [warm-up requests]
//
// `<server>` is an id of bench/http/servers, or the path of a server file
// ending in `.js` built the same way (e.g. bench/inmem/reqlog-server.js).
//
// Prints one JSON line: { server, scenario, cpuNs: [...], wallNs: [...],
// gcNs: [...], gcMajorNs: [...], scavenges: [...] }, per round after an
// unmeasured warm-up served as two rounds (`requests` long in all, or
// `warm-up requests`; see warmUp below): the CPU (user + system, all threads) and wall
// time per request, the time spent in garbage collection per request (all
// kinds, and mark-compact alone) and the number of scavenges per 1,000
// requests.
//
// Without `connections`, one connection carries the requests PIPELINED at a
// time. With `connections` = K, K connections each carry one request at a
// time, all K started in the same turn of the event loop, and each sends its
// next request in a later turn once answered: what a load generator with K
// connections does, so that K requests are in flight at once. That is how
// the cost per request is measured against concurrency (docs/perf.md).
'use strict'

const fs = require('node:fs')
const http = require('node:http')
const { PerformanceObserver, constants: perfConstants } = require('node:perf_hooks')
const { Duplex } = require('node:stream')
const { scenarios } = require('../http/scenarios')
const path = require('node:path')
const { serverById } = require('../http/servers')

const PIPELINED = 16
const STATUS_OFFSET = 'HTTP/1.1 '.length

/** The raw bytes of one request of the scenario, as a client would send them. */
function rawRequest(req) {
  const body = req.body === undefined ? '' : req.body
  const lines = [`${req.method} ${req.path} HTTP/1.1`, 'Host: 127.0.0.1', 'User-Agent: webfw-inmem']
  for (const [name, value] of Object.entries(req.headers || {})) lines.push(`${name}: ${value}`)
  if (body !== '') lines.push(`Content-Length: ${Buffer.byteLength(body)}`)
  return Buffer.from(lines.join('\r\n') + '\r\n\r\n' + body, 'latin1')
}

/** Batches of `depth` requests cycling through the scenario's requests. */
function batches(scenario, depth) {
  const raws = scenario.requests.map(rawRequest)
  const count = Math.max(1, raws.length)
  const out = []
  for (let start = 0; start < count; start++) {
    const parts = []
    for (let i = 0; i < depth; i++) parts.push(raws[(start * depth + i) % raws.length])
    out.push(Buffer.concat(parts))
  }
  return out
}

/**
 * Starts the server file with `listen` caught: the http.Server it builds is
 * kept instead of bound to a port. Resolves with it.
 */
function captureServer(file, scenarioName, args) {
  const caught = []
  http.Server.prototype.listen = function keep() {
    caught.push(this)
    return this
  }
  process.argv = [process.argv[0], file, scenarioName, ...args]
  require(file)
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const poll = () => {
      if (caught.length !== 0) return resolve(caught[0])
      if (Date.now() - started > 10000) return reject(new Error(`${file} built no server for ${scenarioName}`))
      setTimeout(poll, 10)
    }
    poll()
  })
}

/** Time in garbage collection (all kinds, and mark-compact alone) and scavenge count, while observed. */
const gc = { ns: 0, majorNs: 0, scavenges: 0 }
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = entry.detail ? entry.detail.kind : entry.kind
    gc.ns += entry.duration * 1e6
    if (kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) gc.majorNs += entry.duration * 1e6
    if (kind === perfConstants.NODE_PERFORMANCE_GC_MINOR) gc.scavenges++
  }
}).observe({ entryTypes: ['gc'] })

/** A Duplex handed to the server as a client connection; `onWrite` sees what the server writes. */
function memorySocket(onWrite) {
  const socket = new Duplex({
    read() {},
    write(chunk, encoding, callback) {
      onWrite(chunk)
      callback()
    },
    writev(chunks, callback) {
      onWrite(chunks[0].chunk)
      callback()
    },
  })
  Object.assign(socket, { remoteAddress: '127.0.0.1', remotePort: 40000, localAddress: '127.0.0.1', localPort: 80 })
  socket.setTimeout = () => socket
  socket.setNoDelay = () => socket
  socket.setKeepAlive = () => socket
  return socket
}

/**
 * The round being served. Its handlers below are the same functions in every
 * round, reading this state, so that a new round brings V8 no new call
 * targets to deoptimise on (issue 31).
 */
let round = null

/** A response starts with its status line at the start of a write. */
function answer(c, chunk) {
  const text = typeof chunk === 'string' ? chunk : chunk.toString('latin1', 0, 16)
  if (!text.startsWith('HTTP/1.')) return
  const status = text.slice(STATUS_OFFSET, STATUS_OFFSET + 3)
  if (status !== '200') {
    round.reject(new Error(`answered ${status} instead of 200`))
    return
  }
  round.answered++
  if (--c.outstanding !== 0) return
  if (round.sent < round.total) setImmediate(feed, c)
  else if (round.answered === round.total && !round.done) finish()
}

function feed(c) {
  const batch = round.requestBatches[round.next]
  round.next = (round.next + 1) % round.requestBatches.length
  round.sent += round.depth
  c.outstanding += round.depth
  c.socket.push(batch)
}

function finish() {
  const r = round
  r.done = true
  const cpu = process.cpuUsage(r.cpuStart)
  const wall = process.hrtime.bigint() - r.wallStart
  // GC entries are delivered asynchronously: read them on the next turn.
  setImmediate(() => {
    r.resolve({
      cpuNs: ((cpu.user + cpu.system) * 1000) / r.total,
      wallNs: Number(wall) / r.total,
      gcNs: (gc.ns - r.gcStart.ns) / r.total,
      gcMajorNs: (gc.majorNs - r.gcStart.majorNs) / r.total,
      scavenges: ((gc.scavenges - r.gcStart.scavenges) * 1000) / r.total,
    })
  })
}

/**
 * The `count` in-memory connections of `server`, opened on the first round
 * and kept open for all later ones. They are never destroyed: on Node 24 the
 * first destroy of such a socket changes a prototype chain that the
 * optimised node:stream and node:http code depends on, so the next round
 * would run in baseline code and pay V8's compiler again (issue 31).
 */
const openByServer = new Map()
function openConnections(server, count) {
  let conns = openByServer.get(server)
  if (conns === undefined) {
    conns = []
    for (let i = 0; i < count; i++) {
      const c = { socket: null, outstanding: 0 }
      c.socket = memorySocket((chunk) => answer(c, chunk))
      server.emit('connection', c.socket)
      conns.push(c)
    }
    openByServer.set(server, conns)
  }
  return conns
}

/**
 * Sends `total` requests over `connections` in-memory connections, `depth`
 * at a time on each (pipelined when above 1), and resolves with the CPU,
 * wall and GC nanoseconds per request. Every answer must be a 200: anything
 * else rejects, so a fast error never counts.
 */
function measure(server, requestBatches, total, connections, depth) {
  return new Promise((resolve, reject) => {
    const conns = openConnections(server, connections)
    round = { requestBatches, total, depth, answered: 0, sent: 0, next: 0, done: false, resolve, reject }
    round.gcStart = { ...gc }
    round.cpuStart = process.cpuUsage()
    round.wallStart = process.hrtime.bigint()
    for (const c of conns) feed(c)
  })
}

/**
 * With BENCH_HANDSHAKE=1 (set by the callgrind runners, see
 * bench/lib/callgrind.js): says `<stage>` on stderr and waits for a line on
 * stdin, so that the runner can switch counting on after the warm-up and
 * take its figures after the measured rounds, leaving start-up, warm-up and
 * exit out of them. Done with blocking fs calls on the file descriptors, not
 * process.stdin/stderr: those are streams of other shapes, and the first of
 * them met after the warm-up would send the node:stream code it optimised
 * back to baseline, to be compiled again inside the counted rounds (issue 31).
 */
function handshake(stage) {
  if (process.env.BENCH_HANDSHAKE !== '1') return
  fs.writeSync(2, `webfw-bench:${stage}\n`)
  const line = Buffer.alloc(64)
  for (;;) {
    try {
      if (fs.readSync(0, line, 0, line.length, null) > 0) return
      throw new Error('stdin closed before the runner answered')
    } catch (err) {
      if (err.code !== 'EAGAIN') throw err
    }
  }
}

/**
 * The warm-up, served as two rounds. The end of a round takes branches of
 * this file's own handlers (answer(), which V8 inlines into node:stream's
 * write path) that no request before it took, so V8 throws that optimised
 * code away there and compiles it again some thousands of requests later.
 * With the warm-up in one round, on Node 22 that recompilation fell in the
 * measured round, for every server alike (issue 31); ending a round once
 * inside the warm-up leaves it there.
 */
async function warmUp(server, requestBatches, total, connections, depth) {
  const started = process.hrtime.bigint()
  const perTurn = depth * connections
  const first = Math.ceil(total / 2 / perTurn) * perTurn
  await measure(server, requestBatches, first, connections, depth)
  if (total > first) await measure(server, requestBatches, total - first, connections, depth)
  // Work that runs once a second (node:http's Date header cache expiring,
  // its timer) must have run before counting, or its first run deoptimises
  // code in a counted round. On a fast machine without valgrind the rounds
  // above can take less than a second: serve more until 1.2 s have passed.
  while (process.hrtime.bigint() - started < WARM_UP_AT_LEAST_NS) await measure(server, requestBatches, perTurn * 64, connections, depth)
}

const WARM_UP_AT_LEAST_NS = 1_200_000_000n

async function main() {
  const [serverId, scenarioName, roundsArg = '7', requestsArg = '10000', connectionsArg = '0', warmupArg] = process.argv.slice(2)
  const scenario = scenarios[scenarioName]
  if (!scenario) throw new Error(`unknown scenario ${scenarioName}`)
  const entry = serverId.endsWith('.js') ? { path: path.resolve(serverId), args: [] } : serverById(serverId)
  const rounds = Number(roundsArg)
  const connections = Math.max(1, Number(connectionsArg))
  const depth = Number(connectionsArg) > 0 ? 1 : PIPELINED
  const whole = (n) => Math.ceil(n / (depth * connections)) * depth * connections
  const requests = whole(Number(requestsArg))
  const warmup = warmupArg === undefined ? requests : whole(Number(warmupArg))
  const server = await captureServer(entry.path, scenarioName, entry.args)
  const requestBatches = batches(scenario, depth)
  await warmUp(server, requestBatches, warmup, connections, depth)
  await handshake('warm')
  const out = { server: serverId, scenario: scenarioName, connections: Number(connectionsArg) > 0 ? connections : 0, cpuNs: [], wallNs: [], gcNs: [], gcMajorNs: [], scavenges: [] }
  for (let i = 0; i < rounds; i++) {
    if (i > 0) await handshake('round')
    const r = await measure(server, requestBatches, requests, connections, depth)
    out.cpuNs.push(Math.round(r.cpuNs))
    out.wallNs.push(Math.round(r.wallNs))
    out.gcNs.push(Math.round(r.gcNs))
    out.gcMajorNs.push(Math.round(r.gcMajorNs))
    out.scavenges.push(Number(r.scavenges.toFixed(2)))
  }
  await handshake('measured')
  process.stdout.write(JSON.stringify(out) + '\n')
  process.exit(0)
}

main().catch((err) => {
  process.stdout.write(JSON.stringify({ error: String((err && err.message) || err) }) + '\n')
  process.exit(1)
})
