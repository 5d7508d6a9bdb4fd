// Markdown from a memory results file (bench/memory/run.js), shared with the
// report generator.
'use strict'

const { formatInt, formatMiB } = require('../lib/stats')

function pct(x) {
  return Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%` : '–'
}

/** Markdown of a memory results file; `level` is the heading level of its title. */
function markdown(results, level = 2) {
  const h = '#'.repeat(level)
  const m = results.meta
  const o = m.options
  const lines = [
    `${h} Memory, ${m.node} (${m.date.slice(0, 10)})`,
    '',
    `${m.cpu}; commit ${m.commit}; server on CPU ${o.serverCpu ?? '(unpinned)'}, ${o.connections} connections. ` +
      `Growth is measured from the point after the first ${formatInt(o.first)} requests; the bare node:http server, when included, shows how much of it is V8 sizing its heap rather than anything the framework keeps.`,
    '',
  ]
  for (const [id, e] of Object.entries(results.servers)) {
    lines.push(`${h}# ${e.label}, ${e.scenario}`, '')
    if (e.status !== 'ok') {
      lines.push(`${e.status}: ${e.reason}`, '')
      continue
    }
    lines.push(
      `${formatInt(e.requests)} requests in ${e.seconds.toFixed(0)} s (${formatInt(e.requests / e.seconds)} req/s), ${e.failedRequests} failed. ` +
        `RSS at the end vs after the first ${formatInt(results.meta.options.first)}: **${pct(e.rssGrowth)}** (target: within 10%); ` +
        `heap after GC: ${pct(e.heapAfterGcGrowth)}.`,
      '',
      '| requests | RSS | heap used | heap total | external | heap used after GC |',
      '|---:|---:|---:|---:|---:|---:|',
    )
    for (const p of e.checkpoints) {
      lines.push(`| ${formatInt(p.requests)} | ${formatMiB(p.rss)} | ${formatMiB(p.heapUsed)} | ${formatMiB(p.heapTotal)} | ${formatMiB(p.external)} | ${formatMiB(p.heapUsedAfterGc)} |`)
    }
    for (const n of e.notes || []) lines.push('', `${id}: ${n}`)
    lines.push('')
  }
  return lines.join('\n')
}

module.exports = { markdown }
