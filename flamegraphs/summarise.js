// A plain-text reading of a 0x profile (the ticks file 0x writes next to its
// flamegraph): where the busy samples fall by V8 state, by package, and by
// function (self and total), so the findings can be read and quoted without
// a browser, and the raw profile need not be kept.
'use strict'

const path = require('node:path')

// V8's VM states (StateTag in v8-unwinder.h), as numbered in its tick log;
// newer V8 (Node 24) adds LOGGING.
const STATES = ['JS', 'GC', 'parser', 'bytecode compiler', 'compiler', 'other', 'external (C++ / native)', 'atomics wait', 'idle', 'logging (the profiler itself)']
const IDLE = 8

/** Who owns a code entry: webfw, a dependency package, Node's own JS, or native code. */
function ownerOf(entry, root) {
  if (entry.type !== 'JS') return entry.type === 'CODE' ? `V8 ${entry.kind || 'code'}` : 'native (C++ / libs)'
  const name = entry.name
  const nm = name.lastIndexOf('node_modules/')
  if (nm !== -1) {
    const rest = name.slice(nm + 'node_modules/'.length).split('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  if (name.includes(path.join(root, 'dist') + path.sep)) return 'webfw (dist/)'
  if (name.includes(path.join(root, 'bench') + path.sep)) return 'bench server code'
  if (/ node:/.test(name) || name.startsWith('node:')) return 'node core (JS)'
  return 'other JS'
}

function shortName(name, root) {
  return name.split(root + path.sep).join('').replace(/\S*node_modules\//g, '~/')
}

function top(map, total, count) {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`)
}

/**
 * @param {object} ticks the parsed `*-v8.log.json` of a 0x run
 * @param {{ root: string, title: string, count?: number }} options
 * @returns {string} the summary text
 */
function summarise(ticks, { root, title, count = 25 }) {
  const code = ticks.code
  const states = new Map()
  const owners = new Map()
  const self = new Map()
  const total = new Map()
  let busy = 0
  for (const t of ticks.ticks) {
    states.set(t.vm, (states.get(t.vm) || 0) + 1)
    if (t.vm === IDLE) continue
    busy++
    const frames = []
    for (let i = 0; i < t.s.length; i += 2) if (t.s[i] >= 0 && code[t.s[i]]) frames.push(code[t.s[i]])
    if (frames.length === 0) {
      const k = `(${STATES[t.vm] || 'unknown'}, no frame)`
      self.set(k, (self.get(k) || 0) + 1)
      owners.set(k, (owners.get(k) || 0) + 1)
      continue
    }
    const leaf = frames[0]
    const leafName = shortName(leaf.name, root)
    self.set(leafName, (self.get(leafName) || 0) + 1)
    const owner = ownerOf(leaf, root)
    owners.set(owner, (owners.get(owner) || 0) + 1)
    const seen = new Set()
    for (const f of frames) {
      const n = shortName(f.name, root)
      if (seen.has(n)) continue
      seen.add(n)
      total.set(n, (total.get(n) || 0) + 1)
    }
  }
  const all = ticks.ticks.length
  const lines = [
    title,
    '',
    `${all} samples, ${busy} busy (${((busy / all) * 100).toFixed(1)}%); percentages below are of busy samples.`,
    '',
    'By V8 state:',
    ...[...states.entries()]
      .filter(([s]) => s !== IDLE)
      .sort((a, b) => b[1] - a[1])
      .map(([s, n]) => `${((n / busy) * 100).toFixed(1).padStart(5)}%  ${STATES[s] || s}`),
    '',
    'Self time by owner of the innermost frame:',
    ...top(owners, busy, count),
    '',
    `Self time, top ${count} functions:`,
    ...top(self, busy, count),
    '',
    `Total time (function on the stack), top ${count}:`,
    ...top(total, busy, count),
    '',
  ]
  return lines.join('\n')
}

module.exports = { summarise }
