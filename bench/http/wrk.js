// The other HTTP/1.1 load generator: wrk (Debian/Ubuntu package `wrk`,
// Homebrew `wrk`), run as a child process pinned to the load CPU, with a
// Lua script that sends the scenario's requests in turn. Chosen with
// `--load wrk`. Its point is latency: autocannon keeps latencies in whole
// milliseconds, so a p99 of 2 ms against 3 ms is all it can tell, while wrk
// records microseconds; it is also written in C, so the load generator's
// own core is less of a limit on the fastest servers. Its summary is parsed
// into the shape runLoad (load.js) returns, so the runners treat all three
// generators alike.
'use strict'

const { execFileSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { scenarios } = require('./scenarios')
const { runChildLoad } = require('./child-load')
const { UsageError } = require('../lib/options')

const INSTALL = 'wrk is not installed: `sudo apt-get install wrk` (Debian, Ubuntu) or `brew install wrk` (macOS)'

/** wrk's version line ("wrk 4.1.0 [epoll] …"); throws a UsageError saying how to install it when it is missing. */
function wrkVersion() {
  let out
  try {
    // `wrk -v` prints its version and exits with status 1.
    out = execFileSync('wrk', ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (err) {
    if (err.code === 'ENOENT' || err.stdout === undefined) throw new UsageError(INSTALL)
    out = String(err.stdout) + String(err.stderr)
  }
  const line = /wrk \S+/.exec(out)
  if (!line) throw new UsageError(INSTALL)
  return line[0]
}

/** wrk sends one request at a time per connection: a UsageError for anything else. */
function refusePipelining(pipelining) {
  if (pipelining > 1) throw new UsageError('wrk sends one request at a time per connection: use --load autocannon with --pipelining')
}

/**
 * A Lua string literal of `text`'s UTF-8 bytes: printable ASCII as itself,
 * everything else (and the quote and backslash) as a decimal escape, which
 * Lua 5.1 (wrk's LuaJIT) reads as one byte.
 */
function luaString(text) {
  let out = '"'
  for (const byte of Buffer.from(text, 'utf8')) {
    out += byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`
  }
  return out + '"'
}

/**
 * The script wrk runs: the scenario's requests formatted once per thread,
 * sent in turn, and a last line of JSON with what the runner needs
 * (latencies in microseconds). No `response` function: wrk then skips
 * handing each response to Lua; it counts answers with a status above 399
 * itself, and the runner has checked the answers before the load.
 */
function luaScript(requests) {
  const formatted = requests.map((r) => {
    const headers = Object.entries(r.headers || {}).map(([name, value]) => `[${luaString(name)}] = ${luaString(String(value))}`)
    const body = r.body === undefined ? 'nil' : luaString(r.body)
    return `    wrk.format(${luaString(r.method || 'GET')}, ${luaString(r.path)}, { ${headers.join(', ')} }, ${body}),`
  })
  return [
    'local requests',
    'local i = 0',
    'function init(args)',
    '  requests = {',
    ...formatted,
    '  }',
    'end',
    'function request()',
    '  i = i % #requests + 1',
    '  return requests[i]',
    'end',
    'function done(summary, latency, _)',
    '  local e = summary.errors',
    '  io.write(string.format(\'\\nWEBFW-WRK {"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' +
      '"meanUs":%.3f,"maxUs":%d,"p50Us":%d,"p90Us":%d,"p99Us":%d,"p999Us":%d}\\n\',',
    '    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,',
    '    latency.mean, latency.max, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9)))',
    'end',
    '',
  ].join('\n')
}

/**
 * Runs wrk against 127.0.0.1:`port` with the requests of `scenario` for
 * `duration` seconds over `connections` connections, one thread, pinned to
 * `cpu`. Latencies come back in milliseconds with microsecond resolution.
 *
 * @example
 *   const r = await runWrk({ port, scenario: 'stack', duration: 8, connections: 50, cpu: '0' })
 *   console.log(r.rps, r.latency.p99)
 */
function runWrk({ port, scenario, duration = 10, connections = 50, pipelining = 1, cpu }) {
  const s = scenarios[scenario]
  if (!s) throw new Error(`unknown scenario ${scenario}`)
  refusePipelining(pipelining)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-wrk-'))
  const script = path.join(dir, 'scenario.lua')
  fs.writeFileSync(script, luaScript(s.requests))
  const args = ['-t', '1', '-c', String(connections), '-d', `${duration}s`, '--timeout', '10s', '-s', script, `http://127.0.0.1:${port}`]
  const cleanUp = () => fs.rmSync(dir, { recursive: true, force: true })
  return runChildLoad({ program: 'wrk', args, cpu, install: INSTALL, parse: parseSummary, cleanUp })
}

/** The figures of the script's last line, in runLoad's shape (ms), or null when wrk printed none. */
function parseSummary(out) {
  const line = /^WEBFW-WRK (\{.*\})$/m.exec(out)
  if (!line) return null
  const w = JSON.parse(line[1])
  const duration = w.durationUs / 1e6
  const ms = (us) => Math.round(us) / 1000
  return {
    requests: w.requests,
    duration,
    rps: duration > 0 ? w.requests / duration : 0,
    latency: { average: ms(w.meanUs), p50: ms(w.p50Us), p90: ms(w.p90Us), p99: ms(w.p99Us), p999: ms(w.p999Us), max: ms(w.maxUs) },
    throughputBytesPerSec: duration > 0 ? w.bytes / duration : 0,
    // Answers with a status above 399 (wrk's own count); 3xx are not told apart.
    non2xx: w.status,
    // Timeouts count as errors too, as in autocannon's summary.
    errors: w.connect + w.read + w.write + w.timeout,
    timeouts: w.timeout,
    statusCodes: {},
  }
}

module.exports = { runWrk, wrkVersion, refusePipelining, luaScript, luaString, parseSummary }
