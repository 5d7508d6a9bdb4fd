// The headline figures: for each Node version with results, newest first,
// hello and stack on webfw 5 against express 5, fastify and node:http, in
// instructions per request (bench:instructions) and requests per second and
// per CPU-second (bench:http). The same Markdown opens docs/perf.md's
// generated part and is written into README.md between its markers, so that
// every figure the README quotes is one of the report's, for the Node it
// names.
'use strict'

const { formatInt } = require('../lib/stats')

const SCENARIOS = ['hello', 'stack']
const SERVERS = [
  ['webfw', 'webfw 5'],
  ['express', 'express 5'],
  ['fastify', 'fastify'],
  ['bare', 'node:http'],
]

/** The major version of a results file's Node ("v24.21.0" → 24). */
function majorOf(data) {
  return Number(String(data.meta.node).replace(/^v/, '').split('.')[0])
}

function day(data) {
  return data.meta.date.slice(0, 10)
}

/** Rows of one Node version: `{ label, cells }`, only for measures that have figures. */
function rowsFor({ instructions, http }) {
  const rows = []
  for (const scenario of SCENARIOS) {
    const counted = instructions && instructions.data.scenarios[scenario]
    if (counted) {
      const cells = SERVERS.map(([id]) => {
        const r = counted.servers[id]
        if (!r || !Number.isFinite(r.perRequest)) return '–'
        return `${formatInt(r.perRequest)}${Number.isFinite(r.compiler) ? ` (${formatInt(r.compiler)})` : ''}`
      })
      if (cells.some((c) => c !== '–')) rows.push({ label: `${scenario}: instructions / request (fewer is better; in brackets: of them in V8's compiler)`, cells })
    }
    const measured = http && http.data.scenarios[scenario]
    if (measured) {
      const pick = (key) =>
        SERVERS.map(([id]) => {
          const e = measured.servers[id]
          return e && Number.isFinite(e[key]) ? formatInt(e[key]) : '–'
        })
      const rps = pick('medianRps')
      if (rps.some((c) => c !== '–')) {
        rows.push({ label: `${scenario}: req/s`, cells: rps })
        rows.push({ label: `${scenario}: req per CPU-second of the server`, cells: pick('medianReqPerCpuSecond') })
      }
    }
  }
  return rows
}

/**
 * `byMajor`: Map of Node major → { instructions, http } (result files as
 * `{ file, data }`). Returns the Markdown, newest Node first.
 */
function headline(byMajor) {
  const majors = [...byMajor.keys()].sort((a, b) => b - a)
  const parts = []
  for (const major of majors) {
    const group = byMajor.get(major)
    const rows = rowsFor(group)
    if (rows.length === 0) continue
    const version = (group.instructions || group.http).data.meta.node
    const sources = []
    if (group.instructions) sources.push(`instructions counted by callgrind with \`npm run bench:instructions\` (${day(group.instructions.data)}, \`bench/results/${group.instructions.file}\`)`)
    if (group.http) sources.push(`req/s from one \`npm run bench:http\` run on a shared 2-core machine, noisy (${day(group.http.data)}, \`bench/results/${group.http.file}\`)`)
    parts.push(
      `**Node ${version}**: ${sources.join('; ')}. node:http is the bare server (with find-my-way on \`stack\`); – where a server was not measured.`,
      '',
      `| Node ${major} | ${SERVERS.map(([, label]) => label).join(' | ')} |`,
      `|---|${SERVERS.map(() => '---:').join('|')}|`,
      ...rows.map((r) => `| ${r.label} | ${r.cells.join(' | ')} |`),
      '',
    )
  }
  return parts.join('\n')
}

module.exports = { headline, majorOf }
