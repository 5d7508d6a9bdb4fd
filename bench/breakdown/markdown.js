// The Markdown of a breakdown result (bench/results/breakdown-node*.json):
// per scenario, instructions per request by bucket and server, then the
// heaviest functions of each bucket, so that a misplaced rule shows.
'use strict'

const { formatInt } = require('../lib/stats')

function breakdownMarkdown(result) {
  const ids = Object.keys(result.servers)
  const lines = []
  for (const [scenario, byServer] of Object.entries(result.scenarios)) {
    lines.push(`#### \`${scenario}\`, instructions per request by bucket, Node ${result.meta.node}`, '')
    lines.push(`| bucket | ${ids.map((id) => result.servers[id]).join(' | ')} |`, `|---|${ids.map(() => '---:').join('|')}|`)
    const cell = (id, f) => (byServer[id] && !byServer[id].error ? f(byServer[id]) : 'n/a')
    for (const [bucket, label] of Object.entries(result.buckets)) {
      if (ids.every((id) => !byServer[id] || byServer[id].error || byServer[id].buckets[bucket] === 0)) continue
      lines.push(`| ${label} | ${ids.map((id) => cell(id, (r) => formatInt(r.buckets[bucket]))).join(' | ')} |`)
    }
    lines.push(`| **total** | ${ids.map((id) => cell(id, (r) => `**${formatInt(r.total)}**`)).join(' | ')} |`, '')
    for (const id of ids) {
      const r = byServer[id]
      if (!r || r.error) continue
      lines.push(`<details><summary>${result.servers[id]}, ${scenario}: heaviest functions per bucket</summary>`, '')
      for (const [bucket, label] of Object.entries(result.buckets)) {
        const top = r.top[bucket].filter(([, cost]) => cost >= 50)
        if (top.length) lines.push(`- ${label}: ${top.map(([name, cost]) => `\`${name.replace(/`/g, "'")}\` ${formatInt(cost)}`).join(', ')}`)
      }
      lines.push('', '</details>', '')
    }
  }
  return lines.join('\n')
}

module.exports = { breakdownMarkdown }
