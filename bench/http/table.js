// Markdown from an end-to-end results file: the req/s table with ratios to
// the bare node:http ceiling, and the check of issue 8's targets. Shared by
// the runner (printed at the end of a run) and the report generator.
'use strict'

const { formatInt, formatRatio, ratio } = require('../lib/stats')

/** The label of a server in a scenario ("node:http + find-my-way" where bare routes). */
function labelFor(entry, scenario) {
  return scenario && scenario.routed && entry.routedLabel ? entry.routedLabel : entry.label
}

/** Servers in results order, with their labels. */
function serverList(results) {
  const seen = new Map()
  for (const s of Object.values(results.scenarios)) {
    for (const [id, entry] of Object.entries(s.servers)) if (!seen.has(id)) seen.set(id, entry)
  }
  return [...seen.entries()].map(([id, entry]) => ({ id, label: entry.label, routedLabel: entry.routedLabel }))
}

function cell(entry) {
  if (!entry) return ''
  if (entry.status === 'unavailable') return 'n/a'
  if (entry.status === 'failed') return 'failed'
  if (!Number.isFinite(entry.medianRps)) return 'no valid run'
  const r = entry.ratioToBare
  return `${formatInt(entry.medianRps)}${Number.isFinite(r) ? ` (${formatRatio(r)})` : ''}`
}

/**
 * The main table: one row per server, one column per scenario, each cell
 * the median req/s and, in brackets, its ratio to the bare server.
 */
function requestsTable(results) {
  const names = Object.keys(results.scenarios)
  const lines = []
  lines.push(`| server | ${names.join(' | ')} |`)
  lines.push(`|---|${names.map(() => '---:').join('|')}|`)
  for (const s of serverList(results)) {
    const label = s.id === 'bare' && s.routedLabel ? `${s.label} (+ find-my-way when routed)` : s.label
    lines.push(`| ${label} | ${names.map((n) => cell(results.scenarios[n].servers[s.id])).join(' | ')} |`)
  }
  return lines.join('\n')
}

/** Latency table: median over rounds of each run's p50 / p99, in ms. */
function latencyTable(results) {
  const names = Object.keys(results.scenarios)
  const lines = []
  lines.push(`| server | ${names.join(' | ')} |`)
  lines.push(`|---|${names.map(() => '---:').join('|')}|`)
  for (const s of serverList(results)) {
    const cells = names.map((n) => {
      const e = results.scenarios[n].servers[s.id]
      if (!e || !Number.isFinite(e.medianP50)) return cell(e) === '' ? '' : '–'
      return `${e.medianP50} / ${e.medianP99}`
    })
    lines.push(`| ${s.label} | ${cells.join(' | ')} |`)
  }
  return lines.join('\n')
}

/** Where a server/scenario was not measured, and why; notes about how it was served. */
function remarks(results) {
  const out = []
  for (const [name, s] of Object.entries(results.scenarios)) {
    for (const [, e] of Object.entries(s.servers)) {
      if (e.status === 'unavailable' || e.status === 'failed') out.push(`- ${name} / ${e.label}: ${e.status}: ${e.reason}`)
      for (const n of e.notes || []) out.push(`- ${name} / ${e.label}: ${n}`)
      const bad = (e.runs || []).filter((r) => !r.valid)
      if (bad.length) out.push(`- ${name} / ${e.label}: ${bad.length} run(s) left out of the median: ${bad.map((r) => r.problem).join('; ')}`)
    }
  }
  return out.join('\n')
}

/**
 * Issue 8's targets, checked against this run: one row per target with the
 * measured figure and whether it is met. Rows whose figures are missing say so.
 */
function targetRows(results) {
  const rows = []
  const get = (scenario, id) => {
    const s = results.scenarios[scenario]
    const e = s && s.servers[id]
    return e && e.status === 'ok' && Number.isFinite(e.medianRps) ? e.medianRps : undefined
  }
  const check = (target, measured, met) => rows.push({ target, measured, met })
  const profiles = [
    ['webfw', 'webfw 5'],
    ['webfw-v4', 'webfw 4'],
  ]
  for (const scenario of ['hello', 'routes', 'param', 'stack']) {
    if (!results.scenarios[scenario]) continue
    const floor = scenario === 'stack' ? 0.85 : 0.9
    const bare = get(scenario, 'bare')
    const fastify = get(scenario, 'fastify')
    const express = get(scenario, 'express')
    for (const [id, label] of profiles) {
      const w = get(scenario, id)
      const r = ratio(w, bare)
      check(`${scenario}: ${label} ≥ ${floor.toFixed(2)}× bare`, formatRatio(r), r === undefined ? undefined : r >= floor)
      const f = ratio(w, fastify)
      check(`${scenario}: ${label} ahead of fastify`, formatRatio(f) + ' of fastify', f === undefined ? undefined : f > 1)
      if (scenario === 'stack') {
        const x = ratio(w, express)
        check(`${scenario}: ${label} ≥ 5× express 5`, formatRatio(x, 1) + ' of express 5', x === undefined ? undefined : x >= 5)
      }
    }
    const v = ratio(get(scenario, 'webfw-v4'), get(scenario, 'webfw'))
    check(`${scenario}: webfw 4 within 5% of webfw 5`, formatRatio(v, 3), v === undefined ? undefined : Math.abs(v - 1) <= 0.05)
  }
  return rows
}

function targetsTable(results) {
  const lines = ['| target | this run | met |', '|---|---:|:---:|']
  for (const r of targetRows(results)) lines.push(`| ${r.target} | ${r.measured} | ${r.met === undefined ? 'not measured' : r.met ? 'yes' : 'no'} |`)
  return lines.join('\n')
}

/** The Markdown the runner writes next to its JSON: a heading with the conditions, the table, remarks. */
function runMarkdown(results) {
  const m = results.meta
  const o = m.options
  const lines = [
    `## End-to-end, ${m.node} (${m.date.slice(0, 10)})`,
    '',
    `Median req/s over ${o.rounds} rounds (ratio to the bare node:http server in brackets). ` +
      `${m.cpu}, ${m.cores} cores; server on CPU ${o.serverCpu ?? '(unpinned)'}, ${o.loadGenerator} on CPU ${o.loadCpu ?? '(unpinned)'}; ` +
      `${o.connections} connections, ${o.duration} s per run after ${o.warmup} s warm-up; commit ${m.commit}.`,
    '',
    requestsTable(results),
    '',
  ]
  const notes = remarks(results)
  if (notes) lines.push(notes, '')
  return lines.join('\n')
}

module.exports = { runMarkdown, requestsTable, latencyTable, remarks, targetRows, targetsTable, serverList, labelFor }
