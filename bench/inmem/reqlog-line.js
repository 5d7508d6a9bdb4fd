// Instructions per `combined` log line: what a request logger adds to one
// request, counted by callgrind (bench/inmem/instructions.js's method).
//
//   node bench/inmem/reqlog-line.js [--loggers reqlog,hand,morgan] [--runs 3] [--out path]
//   node bench/inmem/reqlog-line.js --loggers reqlog,reqlog:/other/build/dist/reqlog/index.js
//
// bench/inmem/reqlog-server.js serves the `stack` request on plain node:http
// with no logger and with each logger asked for; a logger's cost per line is
// its instructions per request minus those of the server without a logger.
// That holds everything the line costs the request (the middleware call,
// the start marks, the response hooks, the tokens, the text and the write to
// a null stream) and nothing of any framework. Run it with the Node binary to
// measure (`/path/to/node24 bench/inmem/reqlog-line.js`).
'use strict'

const { spawnSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { parseOptions } = require('../lib/options')
const { machineInfo } = require('../lib/machine')
const { assertBuilt, saveResults } = require('../lib/results')
const { formatInt } = require('../lib/stats')

const INSTRUCTIONS = path.join(__dirname, 'instructions.js')
const SERVER = path.join(__dirname, 'reqlog-server.js')

const opts = parseOptions(
  {
    loggers: { type: 'list', default: ['reqlog', 'hand'], help: 'loggers to price (reqlog, reqlog:<module path>, morgan, hand, write, write-scoped)' },
    runs: { type: 'number', default: 3, help: 'pairs of callgrind runs per variant (the median is used)' },
    requests: { type: 'number', default: 3000, help: 'counted requests per run (after two uncounted settling rounds as long); with 1,000, a scavenge landing in the counted round or not moved a line by up to 1,000 instructions between builds' },
    warmup: { type: 'number', default: 50000, help: 'requests of warm-up before the measured ones (10,000 left V8 compiling in the counted round)' },
    out: { type: 'string', default: '', help: 'write <out>.json and <out>.md' },
  },
  undefined,
  undefined,
  'usage: node bench/inmem/reqlog-line.js [--loggers reqlog,hand,morgan] [--runs n] [--requests n] [--warmup n] [--out path]',
)

/** Instructions per request of the server with each logger (and none), from instructions.js. */
function perRequest(loggers) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'reqlog-line-'))
  const out = path.join(scratch, 'result')
  try {
    const entries = ['none', ...loggers].map((logger) => `${SERVER}:LOGGER=${logger}`)
    const counts = ['--runs', opts.runs, '--requests', opts.requests, '--warmup', opts.warmup].map(String)
    const run = spawnSync(process.execPath, [INSTRUCTIONS, 'stack', ...entries, ...counts, '--out', out], {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    if (run.status !== 0) throw new Error(`instructions.js failed (exit ${run.status})`)
    const { rows } = JSON.parse(fs.readFileSync(out + '.json', 'utf8'))
    return rows.map((row) => ({ logger: row.server.slice(row.server.lastIndexOf('=') + 1), perRequest: row.perRequest, runs: row.runs }))
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true })
  }
}

function toMarkdown(result) {
  const lines = [
    `Node ${result.meta.node}: instructions per combined line (request with the logger minus request without, median of ${result.runs} runs of ${result.measured} requests)`,
    '',
    '| logger | instructions per line | per request | runs |',
    '|---|---:|---:|---|',
  ]
  for (const row of result.rows) {
    lines.push(`| ${row.logger} | ${row.logger === 'none' ? '–' : formatInt(row.perLine)} | ${formatInt(row.perRequest)} | ${row.runs.map((v) => formatInt(v)).join(', ')} |`)
  }
  return lines.join('\n') + '\n'
}

assertBuilt()
const measured = perRequest(opts.loggers)
const baseline = measured[0].perRequest
const result = {
  kind: 'instructions-reqlog-line',
  meta: machineInfo(),
  runs: opts.runs,
  measured: opts.requests,
  rows: measured.map((row) => ({ ...row, perLine: row.perRequest - baseline })),
}
if (opts.out) saveResults(path.resolve(opts.out), result, toMarkdown)
console.log('\n' + toMarkdown(result))
