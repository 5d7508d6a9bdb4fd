// The server entries of the in-memory scripts (run.js, instructions.js):
// a server id of bench/http/servers, optionally with one environment
// assignment for its processes, so that variants of one server can be
// measured side by side (`webfw:BENCH_TRACE=otel`).
'use strict'

/**
 * `server` or `server:NAME=value`: the server id and the extra environment of
 * its processes. A malformed entry ends the script with a usage message.
 *
 * @example
 *   parseEntry('bare-express:BENCH_OMIT=etag') // { id: 'bare-express', env: { BENCH_OMIT: 'etag' } }
 */
function parseEntry(entry) {
  const colon = entry.indexOf(':')
  if (colon === -1) return { id: entry, env: {} }
  const assignment = entry.slice(colon + 1)
  const eq = assignment.indexOf('=')
  if (eq <= 0) {
    console.error(`"${entry}": expected <server>:<NAME>=<value>`)
    process.exit(2)
  }
  return { id: entry.slice(0, colon), env: { [assignment.slice(0, eq)]: assignment.slice(eq + 1) } }
}

module.exports = { parseEntry }
