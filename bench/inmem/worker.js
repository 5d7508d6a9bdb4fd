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
// gcNs: [...], gcMajorNs: [...], scavenges: [...] }, per round after one
// unmeasured round of warm-up (`requests` long, or `warm-up requests`): the CPU (user + system, all threads) and wall
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
 * Sends `total` requests over `connections` in-memory connections, `depth`
 * at a time on each (pipelined when above 1), and resolves with the CPU,
 * wall and GC nanoseconds per request. Every answer must be a 200: anything
 * else rejects, so a fast error never counts.
 */
function measure(server, requestBatches, total, connections, depth) {
  return new Promise((resolve, reject) => {
    let answered = 0
    let sent = 0
    let next = 0
    let done = false
    let cpuStart
    let wallStart
    let gcStart

    function connection() {
      const c = { socket: null, outstanding: 0 }
      // A response starts with its status line at the start of a write.
      c.socket = memorySocket((chunk) => {
        const text = typeof chunk === 'string' ? chunk : chunk.toString('latin1', 0, 16)
        if (!text.startsWith('HTTP/1.')) return
        const status = text.slice(STATUS_OFFSET, STATUS_OFFSET + 3)
        if (status !== '200') {
          reject(new Error(`answered ${status} instead of 200`))
          return
        }
        answered++
        if (--c.outstanding !== 0) return
        if (sent < total) setImmediate(feed, c)
        else if (answered === total && !done) finish()
      })
      server.emit('connection', c.socket)
      return c
    }

    function feed(c) {
      const batch = requestBatches[next]
      next = (next + 1) % requestBatches.length
      sent += depth
      c.outstanding += depth
      c.socket.push(batch)
    }

    function finish() {
      done = true
      const cpu = process.cpuUsage(cpuStart)
      const wall = process.hrtime.bigint() - wallStart
      for (const c of conns) c.socket.destroy()
      // GC entries are delivered asynchronously: read them on the next turn.
      setImmediate(() => {
        resolve({
          cpuNs: ((cpu.user + cpu.system) * 1000) / total,
          wallNs: Number(wall) / total,
          gcNs: (gc.ns - gcStart.ns) / total,
          gcMajorNs: (gc.majorNs - gcStart.majorNs) / total,
          scavenges: ((gc.scavenges - gcStart.scavenges) * 1000) / total,
        })
      })
    }

    const conns = []
    for (let i = 0; i < connections; i++) conns.push(connection())
    gcStart = { ...gc }
    cpuStart = process.cpuUsage()
    wallStart = process.hrtime.bigint()
    for (const c of conns) feed(c)
  })
}

/**
 * With BENCH_HANDSHAKE=1 (set by the callgrind runners, see
 * bench/lib/callgrind.js): says `<stage>` on stderr and waits for a line on
 * stdin, so that the runner can switch counting on after the warm-up and
 * take its figures after the measured rounds, leaving start-up, warm-up and
 * exit out of them.
 */
function handshake(stage) {
  if (process.env.BENCH_HANDSHAKE !== '1') return Promise.resolve()
  process.stderr.write(`webfw-bench:${stage}\n`)
  return new Promise((resolve) => {
    const onData = () => {
      process.stdin.off('data', onData)
      process.stdin.pause()
      resolve()
    }
    process.stdin.on('data', onData)
    process.stdin.resume()
  })
}

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
  await measure(server, requestBatches, warmup, connections, depth)
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
