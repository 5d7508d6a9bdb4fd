// One server of bench/http/servers fed its scenario's requests through an
// in-memory socket: a Duplex handed to the server as a new connection, so
// node:http parses and answers exactly as it would from the network, but no
// kernel, no load generator and no second core take part. What is left is
// the server's own CPU time per request, much steadier than over loopback on
// a shared machine (see bench/README.md, "In-memory A/B").
//
//   node bench/inmem/worker.js <server> <scenario> [rounds] [requests]
//
// Prints one JSON line: { server, scenario, cpuNs: [...], wallNs: [...] },
// the CPU (user + system, all threads) and wall time per request of each
// round, after one unmeasured round of warm-up.
'use strict'

const http = require('node:http')
const { Duplex } = require('node:stream')
const { scenarios } = require('../http/scenarios')
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

/** Batches of PIPELINED requests cycling through the scenario's requests. */
function batches(scenario) {
  const raws = scenario.requests.map(rawRequest)
  const count = Math.max(1, raws.length)
  const out = []
  for (let start = 0; start < count; start++) {
    const parts = []
    for (let i = 0; i < PIPELINED; i++) parts.push(raws[(start * PIPELINED + i) % raws.length])
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

/**
 * Sends `total` requests over one in-memory connection, PIPELINED at a time,
 * and resolves with the CPU and wall nanoseconds per request. Every answer
 * must be a 200: anything else rejects, so a fast error never counts.
 */
function measure(server, requestBatches, total) {
  return new Promise((resolve, reject) => {
    let answered = 0
    let sent = 0
    let next = 0
    let cpuStart
    let wallStart
    const socket = new Duplex({
      read() {},
      write(chunk, encoding, callback) {
        seen(chunk)
        callback()
      },
      writev(chunks, callback) {
        seen(chunks[0].chunk)
        callback()
      },
    })
    Object.assign(socket, { remoteAddress: '127.0.0.1', remotePort: 40000, localAddress: '127.0.0.1', localPort: 80 })
    socket.setTimeout = () => socket
    socket.setNoDelay = () => socket
    socket.setKeepAlive = () => socket

    function feed() {
      sent += PIPELINED
      socket.push(requestBatches[next])
      next = (next + 1) % requestBatches.length
    }

    // A response starts with its status line at the start of a write.
    function seen(chunk) {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('latin1', 0, 16)
      if (!text.startsWith('HTTP/1.')) return
      const status = text.slice(STATUS_OFFSET, STATUS_OFFSET + 3)
      if (status !== '200') {
        reject(new Error(`answered ${status} instead of 200`))
        return
      }
      answered++
      if (answered !== sent) return
      if (sent < total) {
        setImmediate(feed)
        return
      }
      const cpu = process.cpuUsage(cpuStart)
      const wall = process.hrtime.bigint() - wallStart
      socket.destroy()
      resolve({ cpuNs: ((cpu.user + cpu.system) * 1000) / total, wallNs: Number(wall) / total })
    }

    server.emit('connection', socket)
    cpuStart = process.cpuUsage()
    wallStart = process.hrtime.bigint()
    feed()
  })
}

async function main() {
  const [serverId, scenarioName, roundsArg = '7', requestsArg = '10000'] = process.argv.slice(2)
  const scenario = scenarios[scenarioName]
  if (!scenario) throw new Error(`unknown scenario ${scenarioName}`)
  const entry = serverById(serverId)
  const rounds = Number(roundsArg)
  const requests = Math.ceil(Number(requestsArg) / PIPELINED) * PIPELINED
  const server = await captureServer(entry.path, scenarioName, entry.args)
  const requestBatches = batches(scenario)
  await measure(server, requestBatches, requests)
  const cpuNs = []
  const wallNs = []
  for (let i = 0; i < rounds; i++) {
    const r = await measure(server, requestBatches, requests)
    cpuNs.push(Math.round(r.cpuNs))
    wallNs.push(Math.round(r.wallNs))
  }
  process.stdout.write(JSON.stringify({ server: serverId, scenario: scenarioName, cpuNs, wallNs }) + '\n')
  process.exit(0)
}

main().catch((err) => {
  process.stdout.write(JSON.stringify({ error: String((err && err.message) || err) }) + '\n')
  process.exit(1)
})
