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
    // The budget: how much webfw spends above fastify in each bucket, when both were profiled.
    const ok = (id) => byServer[id] && !byServer[id].error
    const budget = ok('webfw') && ok('fastify')
    const signed = (n) => (n > 0 ? '+' : n < 0 ? '−' : '') + formatInt(Math.abs(n))
    lines.push(
      `| bucket | ${ids.map((id) => result.servers[id]).join(' | ')}${budget ? ` | ${result.servers.webfw} − ${result.servers.fastify}` : ''} |`,
      `|---|${ids.map(() => '---:').join('|')}${budget ? '|---:' : ''}|`,
    )
    const cell = (id, f) => (ok(id) ? f(byServer[id]) : 'n/a')
    const row = (label, f, strong = false) => {
      const b = (text) => (strong ? `**${text}**` : text)
      const diff = budget ? ` | ${b(signed(f(byServer.webfw) - f(byServer.fastify)))}` : ''
      lines.push(`| ${b(label)} | ${ids.map((id) => cell(id, (r) => b(formatInt(f(r))))).join(' | ')}${diff} |`)
    }
    for (const [bucket, label] of Object.entries(result.buckets)) {
      if (ids.every((id) => !ok(id) || byServer[id].buckets[bucket] === 0)) continue
      row(label, (r) => r.buckets[bucket])
    }
    row('total', (r) => r.total, true)
    // What V8 still compiles after the warm-up is not the server's steady cost (bench/README.md): compare without it.
    row('total without the V8 compiler', (r) => r.total - r.buckets.compiler)
    lines.push('')
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
