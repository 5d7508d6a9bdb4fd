// What every benchmark server shares: picking the scenario from argv,
// reporting "unavailable" (a feature webfw does not have yet) instead of
// crashing, telling the runner its port over IPC (or on stdout without IPC,
// e.g. under 0x), and answering the runner's questions about its memory and
// CPU time; and which protocol to serve (HTTP/1.1, or HTTP/2 with or without TLS).
'use strict'

const { Writable } = require('node:stream')
const { currentProtocol, tlsOptions } = require('../protocol')

/** The protocol to serve (BENCH_PROTOCOL: http1, h2c or h2; see ../protocol.js). */
const protocol = currentProtocol()

/** Thrown by a scenario builder when the framework cannot serve it yet. */
class Unavailable extends Error {}

/** Returns `value`, or throws Unavailable naming `what` when it is not a function. */
function need(value, what) {
  if (typeof value !== 'function') throw new Unavailable(`${what} is not available in this build`)
  return value
}

/** `require(id)`, turning "module not found" into Unavailable. */
function requireFeature(id) {
  try {
    return require(id)
  } catch (err) {
    if (err && (err.code === 'MODULE_NOT_FOUND' || err.code === 'ERR_PACKAGE_PATH_NOT_EXPORTED')) {
      throw new Unavailable(`${id} is not available in this build`)
    }
    throw err
  }
}

// What the request loggers wrote, so the runner can check they did log.
const logged = { lines: 0, last: '' }

/** A writable stream that drops everything (the logger's output in `stack`), keeping a count and the last line. */
function nullStream() {
  return new Writable({
    write(chunk, encoding, callback) {
      logged.lines++
      logged.last = chunk
      callback()
    },
  })
}

const notes = []

/** Records a remark about how this server serves the scenario (kept in the results). */
function note(text) {
  notes.push(text)
}

function report(message) {
  if (process.send) process.send(message)
  else if (message.type === 'ready') console.log(`listening on http://127.0.0.1:${message.port}/ (${message.scenario})`)
  else if (message.type === 'unavailable') console.error(`unavailable: ${message.reason}`)
}

function memory() {
  const m = process.memoryUsage()
  return { rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers }
}

// With BENCH_GC=1 (bench:concurrency), the time this process spends in
// garbage collection, by kind, read from performance entries. Off by
// default so the other benchmarks run without an observer.
const gcTotals = { scavenges: 0, scavengeMs: 0, majors: 0, majorMs: 0 }
if (process.env.BENCH_GC === '1') {
  const { PerformanceObserver, constants } = require('node:perf_hooks')
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = entry.detail ? entry.detail.kind : entry.kind
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        gcTotals.scavenges++
        gcTotals.scavengeMs += entry.duration
      } else {
        gcTotals.majors++
        gcTotals.majorMs += entry.duration
      }
    }
  }).observe({ entryTypes: ['gc'] })
}

process.on('message', (msg) => {
  if (msg && msg.type === 'gc') return process.send({ type: 'gc', id: msg.id, totals: gcTotals })
  if (msg && msg.type === 'cpu') return process.send({ type: 'cpu', id: msg.id, usage: process.cpuUsage() })
  if (msg && msg.type === 'logged') return process.send({ type: 'logged', id: msg.id, lines: logged.lines, last: String(logged.last) })
  if (!msg || msg.type !== 'memory') return
  const before = memory()
  let afterGc
  if (msg.gc && typeof global.gc === 'function') {
    global.gc()
    afterGc = memory()
  }
  process.send({ type: 'memory', id: msg.id, memory: before, afterGc })
})

/**
 * Runs the builder of the scenario named in argv[2]. A builder returns a
 * listening (or about to listen) http.Server, or a promise of one.
 *
 * @example
 *   serve({ hello: () => { const app = express(); app.get('/', ...); return app.listen(0, '127.0.0.1') } })
 */
async function serve(builders) {
  const scenario = process.argv[2]
  const build = builders[scenario]
  if (typeof build !== 'function') {
    report({ type: 'unavailable', scenario, reason: `no ${scenario} scenario for this server` })
    return exitSoon(0)
  }
  let server
  try {
    server = await build()
  } catch (err) {
    const reason = err instanceof Unavailable ? err.message : `failed to start: ${(err && err.stack) || err}`
    report({ type: 'unavailable', scenario, reason })
    return exitSoon(err instanceof Unavailable ? 0 : 1)
  }
  const announce = () => report({ type: 'ready', scenario, port: server.address().port, pid: process.pid, notes })
  if (server.listening) announce()
  else server.once('listening', announce)
  // The runner ends a server by disconnecting or by SIGTERM.
  process.on('disconnect', () => process.exit(0))
  process.on('SIGTERM', () => process.exit(0))
  process.on('SIGINT', () => process.exit(0))
}

function exitSoon(code) {
  // Let the IPC message leave before exiting.
  setTimeout(() => process.exit(code), 50)
}

/** The items of a variant list in environment variable `name` (separated by `+` or `,`; none when unset). */
function envList(name) {
  return (process.env[name] || '').split(/[+,]/).filter(Boolean)
}

/** Throws Unavailable when the benchmark speaks HTTP/2 and this server cannot (`why`). */
function http1Only(why) {
  if (protocol !== 'http1') throw new Unavailable(why)
}

module.exports = { serve, Unavailable, need, requireFeature, nullStream, note, envList, protocol, tlsOptions, http1Only }
