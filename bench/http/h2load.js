// The HTTP/2 load generator: h2load (nghttp2's, from the Debian/Ubuntu
// package `nghttp2-client`, Homebrew `nghttp2`), run as a child process with
// the requests of a scenario. autocannon speaks HTTP/1.1 only. h2load's
// summary is parsed into the shape runLoad (load.js) returns, so the runner
// treats both alike; h2load reports mean and maximum latency, no
// percentiles, so p50/p99 are left out.
'use strict'

const { execFileSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { scenarios } = require('./scenarios')
const { baseUrl } = require('./protocol')
const { runChildLoad } = require('./child-load')
const { UsageError } = require('../lib/options')

const INSTALL = 'h2load is not installed: `sudo apt-get install nghttp2-client` (Debian, Ubuntu) or `brew install nghttp2` (macOS)'

/** h2load's version line; throws a UsageError saying how to install it when it is missing. */
function h2loadVersion() {
  try {
    return execFileSync('h2load', ['--version'], { encoding: 'utf8' }).trim()
  } catch {
    throw new UsageError(INSTALL)
  }
}

/**
 * Runs h2load against 127.0.0.1:`port` with the requests of `scenario` for
 * `duration` seconds: `connections` connections of up to `streams`
 * concurrent streams each, one thread, pinned to `cpu`. A scenario's
 * several paths are taken in turn; a body is sent as POST with its headers.
 *
 * @example
 *   const r = await runH2Load({ port, protocol: 'h2c', scenario: 'hello', duration: 10, connections: 50, streams: 1 })
 */
function runH2Load({ port, protocol, scenario, duration = 10, connections = 50, streams = 1, cpu }) {
  const { args, cleanUp } = scenarioRequests(scenario, protocol, port)
  args.unshift('-D', String(duration), '-c', String(connections), '-m', String(streams), '-t', '1')
  return runChildLoad({ program: 'h2load', args, cpu, install: INSTALL, parse: parseSummary, cleanUp })
}

/**
 * h2load's arguments for the requests of `scenario` on 127.0.0.1:`port`:
 * the first request's headers, its body (written to a file of its own;
 * h2load sends the same body, as POST, with every request) and the paths,
 * taken in turn. `cleanUp` removes the body's file.
 */
function scenarioRequests(scenario, protocol, port) {
  const s = scenarios[scenario]
  if (!s) throw new Error(`unknown scenario ${scenario}`)
  const first = s.requests[0]
  const args = []
  for (const [name, value] of Object.entries(first.headers || {})) args.push('-H', `${name}: ${value}`)
  let bodyFile
  if (first.body !== undefined) {
    bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-h2load-')), 'body')
    fs.writeFileSync(bodyFile, first.body)
    args.push('-d', bodyFile)
  }
  const base = baseUrl(protocol, port)
  for (const r of s.requests) args.push(base + r.path)
  const cleanUp = () => {
    if (bodyFile) fs.rmSync(path.dirname(bodyFile), { recursive: true, force: true })
  }
  return { args, cleanUp }
}

/** Milliseconds from one of h2load's durations ("230us", "54.65ms", "1.2s"). */
function ms(text) {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text)
  if (!m) return undefined
  const n = Number(m[1])
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : n * 1000
}

/** The figures of h2load's final report, or null when it has none. */
function parseSummary(out) {
  // "finished in 12.00s" over a run of seconds, "66.21ms" over a short one.
  const finished = /finished in (\S+), ([\d.]+) req\/s/.exec(out)
  const requests = /requests: (\d+) total, (\d+) started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored, (\d+) timeout/.exec(out)
  const codes = /status codes: (\d+) 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx/.exec(out)
  if (!finished || !requests || !codes) return null
  const latency = /time for request:\s+(\S+)\s+(\S+)\s+(\S+)/.exec(out)
  const finishedMs = ms(finished[1])
  if (finishedMs === undefined) return null
  const duration = finishedMs / 1000
  const succeeded = Number(requests[4])
  const non2xx = Number(codes[2]) + Number(codes[3]) + Number(codes[4])
  return {
    requests: succeeded,
    duration,
    rps: Number(finished[2]),
    latency: { average: latency ? ms(latency[3]) : undefined, max: latency ? ms(latency[2]) : undefined },
    non2xx,
    errors: Number(requests[5]) + Number(requests[6]),
    timeouts: Number(requests[7]),
    statusCodes: { '2xx': Number(codes[1]), '3xx': Number(codes[2]), '4xx': Number(codes[3]), '5xx': Number(codes[4]) },
  }
}

module.exports = { runH2Load, scenarioRequests, h2loadVersion, parseSummary }
