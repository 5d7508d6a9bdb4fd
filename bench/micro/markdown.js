// Markdown from a micro-benchmark results file (bench/micro/run.js), shared
// with the report generator.
'use strict'

const { formatNs, formatInt, formatRatio } = require('../lib/stats')

/** Markdown of a micro results file; `level` is the heading level of its title. */
function markdown(results, level = 2) {
  const h = '#'.repeat(level)
  const m = results.meta
  const rounds = m.options && m.options.rounds > 1 ? m.options.rounds : 0
  const method = rounds
    ? ` Each group ran in ${rounds} interleaved rounds; times are medians of all samples, and each ratio is the median of the ${rounds} per-round ratios (task and baseline sampled moments apart), with their range in brackets.`
    : ''
  const lines = [`${h} Micro benchmarks, ${m.node} (${m.date.slice(0, 10)})`, '', `tinybench, one process per file pinned to one CPU; ${m.cpu}; commit ${m.commit}. Times are medians per operation.${method}`, '']
  for (const f of results.files) {
    if (f.error && !f.standalone) {
      lines.push(`${h}# ${f.file}`, '', `failed: ${f.error}`, '')
      continue
    }
    if (f.standalone) {
      lines.push(`${h}# ${f.file}`, '', 'Its own output, as printed (a standalone script; see its header for what it measures):', '', '```text', f.output || '(no output)', '```', '')
      if (f.error) lines.push(`It ${f.error}.`, '')
      continue
    }
    for (const g of f.groups) {
      lines.push(`${h}# ${g.title}`, '')
      if (g.target) lines.push(`Target: ${g.target}.`, '')
      const vs = g.baseline ? ` | time vs ${g.baseline}` : ''
      lines.push(`| task | median per ${g.unit} | mean ± rme | ops/s${vs} |`, `|---|---:|---:|---:|${g.baseline ? '---:|' : ''}`)
      for (const t of g.tasks) {
        if (t.error) {
          lines.push(`| ${t.name} | error: ${t.error.split('\n')[0]} | | |${g.baseline ? ' |' : ''}`)
          continue
        }
        const range = t.ratioRange && t.name !== g.baseline ? ` (${t.ratioRange.map((x) => x.toFixed(2)).join('–')})` : ''
        const r = g.baseline ? ` | ${formatRatio(t.ratio)}${range}` : ''
        lines.push(`| ${t.name} | ${formatNs(t.p50Ns)} | ${formatNs(t.meanNs)} ± ${t.rme.toFixed(1)}% | ${formatInt(t.opsPerSec)}${r} |`)
      }
      for (const n of g.notes || []) lines.push('', n)
      const others = g.cpu && g.cpu.others !== undefined ? g.cpu.others + g.cpu.steal : 0
      if (others > 0.15) lines.push('', `Other processes used ${others.toFixed(2)} of a core on average while this group ran: its figures may be disturbed.`)
      lines.push('')
    }
  }
  return lines.join('\n')
}

module.exports = { markdown }
