// A grouped bar chart as SVG, written by hand (no chart library): one group
// per scenario, one bar per server, req/s on a linear axis from zero, the
// value over each bar and "n/a" where a server could not serve a scenario.
'use strict'

const { serversOf } = require('../http/table')

const COLORS = {
  webfw: '#1f5fbf',
  'webfw-v4': '#6f9fe6',
  'webfw-v3': '#a9c4ee',
  express: '#d9730d',
  express4: '#f0b070',
  fastify: '#2e9e5b',
  bare: '#6b6b6b',
  'bare-express': '#a8a8a8',
}
const FALLBACK = ['#8e44ad', '#c0392b', '#16a085', '#7f8c8d']

function esc(s) {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

function short(n) {
  if (n >= 1e6) return (n / 1e6).toFixed(1) + 'M'
  if (n >= 1e4) return Math.round(n / 1e3) + 'k'
  if (n >= 1e3) return (n / 1e3).toFixed(1) + 'k'
  return String(Math.round(n))
}

/** A round axis step giving about `count` ticks up to `max`. */
function niceStep(max, count) {
  const raw = max / count
  const mag = 10 ** Math.floor(Math.log10(raw))
  for (const m of [1, 2, 2.5, 5, 10]) if (m * mag >= raw) return m * mag
  return 10 * mag
}

/** The opening of an SVG document of the given size, with a white background. */
function svgStart(width, height) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
  ]
}

/** One coloured square and label per server, in a row starting at (`left`, `top`). */
function legend(out, ids, labels, color, left, top) {
  let lx = left
  ids.forEach((id, i) => {
    out.push(`<rect x="${lx}" y="${top}" width="10" height="10" fill="${color(id, i)}"/>`)
    out.push(`<text x="${lx + 14}" y="${top + 9}">${esc(labels[id])}</text>`)
    lx += 22 + labels[id].length * 6.2
  })
}

/** Horizontal grid lines with their values, from 0 to `axisMax` by `step`, between x = `left` and `right`. */
function valueGrid(out, { left, right, axisMax, step, y }) {
  for (let v = 0; v <= axisMax + 1e-9; v += step) {
    const yy = y(v).toFixed(1)
    out.push(`<line x1="${left}" x2="${right}" y1="${yy}" y2="${yy}" stroke="${v === 0 ? '#333' : '#e3e3e3'}" stroke-width="1"/>`)
    out.push(`<text x="${left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" fill="#555">${short(v)}</text>`)
  }
}

const METRICS = {
  rps: { field: 'medianRps', rel: 'ratioToBare', unit: 'req/s', title: (m) => `Requests per second, median of ${m.options.rounds} rounds (higher is better)` },
  cpu: {
    field: 'medianReqPerCpuSecond',
    rel: 'cpuRatioToBare',
    unit: 'req per CPU-s',
    title: () => 'Requests per CPU-second of the server process (higher is better)',
  },
}

/**
 * @param {object} results an http results file (see bench/http/run.js)
 * @param {'rps'|'cpu'} metric req/s, or requests per server CPU-second
 * @returns {string} the SVG document
 * @example fs.writeFileSync('chart.svg', barChart(JSON.parse(fs.readFileSync('bench/results/http-node20.json'))))
 */
function barChart(results, metric = 'rps') {
  const M = METRICS[metric]
  const scenarios = Object.keys(results.scenarios)
  const serverIds = []
  const labels = {}
  for (const s of Object.values(results.scenarios)) {
    for (const [id, e] of Object.entries(s.servers)) {
      if (!serverIds.includes(id)) serverIds.push(id)
      labels[id] = id === 'bare' && e.routedLabel ? `${e.label} (+ find-my-way when routed)` : e.label
    }
  }
  const color = (id, i) => COLORS[id] || FALLBACK[i % FALLBACK.length]

  const bar = 16
  const gap = 3
  const groupGap = 34
  const left = 64
  const top = 92
  const plotH = 300
  const groupW = serverIds.length * (bar + gap) - gap
  const width = Math.max(760, left + scenarios.length * (groupW + groupGap) + 20)
  const height = top + plotH + 56

  let max = 0
  for (const n of scenarios) for (const e of Object.values(results.scenarios[n].servers)) if (Number.isFinite(e[M.field])) max = Math.max(max, e[M.field])
  const step = niceStep(max || 1, 5)
  const axisMax = Math.ceil((max || 1) / step) * step
  const y = (v) => top + plotH - (v / axisMax) * plotH

  const m = results.meta
  const out = []
  out.push(...svgStart(width, height))
  out.push(`<text x="${left}" y="20" font-size="14" font-weight="600">${esc(M.title(m))}</text>`)
  out.push(`<text x="${left}" y="36" fill="#555">${esc(`Node ${m.node} · ${m.cpu} · ${m.date.slice(0, 10)} · commit ${m.commit}`)}</text>`)
  const pinning = m.options.serverCpu != null ? 'server pinned to one CPU, autocannon to another' : 'server and autocannon unpinned'
  out.push(`<text x="${left}" y="50" fill="#555">${esc(`${pinning} · ${m.options.connections} connections · ${m.options.duration} s per run`)}</text>`)

  legend(out, serverIds, labels, color, left, 62)
  valueGrid(out, { left, right: width - 10, axisMax, step, y })

  scenarios.forEach((name, g) => {
    const gx = left + 12 + g * (groupW + groupGap)
    serverIds.forEach((id, i) => {
      const e = results.scenarios[name].servers[id]
      const x = gx + i * (bar + gap)
      if (e && Number.isFinite(e[M.field])) {
        const value = e[M.field]
        const yy = y(value)
        const title = `${labels[id]}, ${name}: ${Math.round(value)} ${M.unit}${Number.isFinite(e[M.rel]) ? ` (${e[M.rel].toFixed(2)}× bare)` : ''}${e.disturbed ? ', disturbed by other processes' : ''}`
        out.push(`<rect x="${x}" y="${yy.toFixed(1)}" width="${bar}" height="${(top + plotH - yy).toFixed(1)}" fill="${color(id, i)}"><title>${esc(title)}</title></rect>`)
        out.push(`<text x="${x + bar / 2}" y="${(yy - 3).toFixed(1)}" text-anchor="middle" font-size="9" fill="#333">${short(value)}</text>`)
      } else if (e) {
        out.push(`<text x="${x + bar / 2}" y="${top + plotH - 4}" text-anchor="middle" font-size="9" fill="#777" transform="rotate(-90 ${x + bar / 2} ${top + plotH - 4})">${e.status === 'failed' ? 'failed' : 'n/a'}</text>`)
      }
    })
    const disturbed = Object.values(results.scenarios[name].servers).some((e) => e.disturbed)
    out.push(`<text x="${gx + groupW / 2}" y="${top + plotH + 18}" text-anchor="middle" font-size="12" font-weight="600">${esc(name)}${disturbed ? ' †' : ''}</text>`)
  })
  out.push(`<text x="${left}" y="${height - 10}" fill="#777">n/a: not in this build · †: includes runs disturbed by other processes · from bench/results by npm run bench:report</text>`)
  out.push('</svg>')
  return out.join('\n') + '\n'
}

/**
 * A line chart of a `bench:concurrency` result: req/s (or another per-server
 * figure) against the number of connections, one line per server; the x
 * axis places the levels evenly (they grow roughly geometrically).
 *
 * @param {object} results a concurrency results file (see bench/http/concurrency.js)
 * @param {(entry: object) => number|undefined} value the plotted figure of one server at one level
 * @param {string} title the chart's heading
 * @returns {string} the SVG document
 * @example fs.writeFileSync('c.svg', lineChart(results, (e) => e.medianRps, 'Requests per second'))
 */
function lineChart(results, value, title) {
  const levels = Object.keys(results.levels)
  const servers = serversOf(results.levels)
  const ids = servers.map((s) => s.id)
  const labels = Object.fromEntries(servers.map((s) => [s.id, s.label]))
  const color = (id, i) => COLORS[id] || FALLBACK[i % FALLBACK.length]
  const left = 64
  const top = 80
  const plotW = 560
  const plotH = 280
  const width = left + plotW + 40
  const height = top + plotH + 50
  let max = 0
  for (const c of levels) for (const e of Object.values(results.levels[c].servers)) if (Number.isFinite(value(e))) max = Math.max(max, value(e))
  const step = niceStep(max || 1, 5)
  const axisMax = Math.ceil((max || 1) / step) * step
  const x = (i) => left + (levels.length === 1 ? plotW / 2 : (i * plotW) / (levels.length - 1))
  const y = (v) => top + plotH - (v / axisMax) * plotH
  const m = results.meta
  const out = []
  out.push(...svgStart(width, height))
  out.push(`<text x="${left}" y="20" font-size="14" font-weight="600">${esc(title)}</text>`)
  out.push(`<text x="${left}" y="36" fill="#555">${esc(`${m.options.scenario} · Node ${m.node} · ${m.cpu} · ${m.date.slice(0, 10)} · commit ${m.commit}`)}</text>`)
  legend(out, ids, labels, color, left, 50)
  valueGrid(out, { left, right: left + plotW, axisMax, step, y })
  levels.forEach((c, i) => out.push(`<text x="${x(i)}" y="${top + plotH + 16}" text-anchor="middle" fill="#333">${esc(c)}</text>`))
  out.push(`<text x="${left + plotW / 2}" y="${top + plotH + 34}" text-anchor="middle" fill="#555">concurrent connections</text>`)
  ids.forEach((id, i) => {
    const points = levels.map((c, k) => [k, results.levels[c].servers[id]]).filter(([, e]) => e && Number.isFinite(value(e)))
    if (points.length > 1) out.push(`<polyline fill="none" stroke="${color(id, i)}" stroke-width="2" points="${points.map(([k, e]) => `${x(k).toFixed(1)},${y(value(e)).toFixed(1)}`).join(' ')}"/>`)
    for (const [k, e] of points) out.push(`<circle cx="${x(k).toFixed(1)}" cy="${y(value(e)).toFixed(1)}" r="3" fill="${color(id, i)}"><title>${esc(`${labels[id]}, ${levels[k]} connections: ${Math.round(value(e))}`)}</title></circle>`)
  })
  out.push('</svg>')
  return out.join('\n') + '\n'
}

module.exports = { barChart, lineChart }
