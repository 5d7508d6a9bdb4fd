// Markdown tables of a `bench:concurrency` result: one table per measure
// (req/s, CPU per request, latency, GC), one row per server, one column per
// number of connections.
'use strict'

const { formatInt } = require('../lib/stats')
const { serversOf } = require('./table')

function grid(results, title, value) {
  const levels = Object.keys(results.levels)
  const lines = [`| ${title} | ${levels.map((c) => `${c} conn`).join(' | ')} |`, `|---|${levels.map(() => '---:').join('|')}|`]
  for (const row of serversOf(results.levels)) {
    const cells = levels.map((c) => {
      const e = results.levels[c].servers[row.id]
      if (!e || e.status !== 'ok' || !e.runsUsed) return e && e.status !== 'pending' ? e.status : '–'
      return value(e, results.levels[c]) + (e.disturbed ? ' †' : '')
    })
    lines.push(`| ${row.label} | ${cells.join(' | ')} |`)
  }
  return lines.join('\n')
}

const cpuMicros = (e) => (e.medianReqPerCpuSecond ? 1e6 / e.medianReqPerCpuSecond : undefined)

function relativeTo(base, field) {
  return (e, level) => {
    const b = level.servers[base]
    return b && Number.isFinite(b[field]) && Number.isFinite(e[field]) ? ` (${(e[field] / b[field]).toFixed(2)}×)` : ''
  }
}

/** The four tables, with the ratio to fastify in brackets where fastify ran. */
function concurrencyTables(results) {
  const vsFastifyRps = relativeTo('fastify', 'medianRps')
  const vsFastifyCpu = relativeTo('fastify', 'medianReqPerCpuSecond')
  return [
    'Median req/s (ratio to fastify at the same concurrency):',
    '',
    grid(results, 'server', (e, l) => formatInt(e.medianRps) + vsFastifyRps(e, l)),
    '',
    'Server CPU per request, µs (in brackets: fastify\'s CPU per request over this one\'s, above 1 is cheaper than fastify):',
    '',
    grid(results, 'server', (e, l) => cpuMicros(e).toFixed(1) + vsFastifyCpu(e, l)),
    '',
    'Latency p50 / p99, ms:',
    '',
    grid(results, 'server', (e) => `${e.medianP50} / ${e.medianP99}`),
    '',
    'Garbage collection per 1,000 requests: ms in scavenges / ms in major GCs (scavenges per 1,000 requests in brackets):',
    '',
    grid(results, 'server', (e) => (e.medianGc ? `${e.medianGc.scavengeMs.toFixed(2)} / ${e.medianGc.majorMs.toFixed(2)} (${e.medianGc.scavenges.toFixed(2)})` : '–')),
  ].join('\n')
}

/** The Markdown file written beside the JSON results. */
function concurrencyMarkdown(results) {
  const m = results.meta
  const o = m.options
  return [
    `# bench:concurrency — ${o.scenario} on Node ${m.node}`,
    '',
    `${m.date.replace('T', ' ').slice(0, 16)} UTC, commit \`${m.commit}\`; ${m.cpu}, ${m.cores} cores. ${results.description}. ` +
      `${o.rounds} interleaved round(s) of ${o.duration} s after ${o.warmup} s warm-up per run; servers on CPU ${o.serverCpu ?? '(unpinned)'}, ${o.loadGenerator} on CPU ${o.loadCpu ?? '(unpinned)'}. † includes runs disturbed by other processes.`,
    '',
    concurrencyTables(results),
    '',
  ].join('\n')
}

module.exports = { concurrencyMarkdown, concurrencyTables, cpuMicros }
