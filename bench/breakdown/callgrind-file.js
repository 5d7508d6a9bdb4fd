// Reads a callgrind output file into per-function costs: each function's
// own instructions (self) and, for each function, the instructions spent in
// it on behalf of each caller (the inclusive cost of the calls). Code V8
// generated at run time has no symbol: callgrind names it by address, and
// the perf map V8 wrote (--perf-basic-prof) gives the JavaScript function
// that occupies that address.
'use strict'

const fs = require('node:fs')

/**
 * The address ranges of a V8 perf map (`<start hex> <size hex> <name>` per
 * line), sorted, with a lookup of the name covering an address.
 */
function readPerfMap(file) {
  const starts = []
  const ends = []
  const names = []
  if (file && fs.existsSync(file)) {
    const rows = []
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line)
      if (m) rows.push([parseInt(m[1], 16), parseInt(m[2], 16), m[3]])
    }
    // Later entries win for a reused address: sort by start, keep the order of writing otherwise.
    rows.forEach((r, i) => r.push(i))
    rows.sort((a, b) => a[0] - b[0] || a[3] - b[3])
    for (const [start, size, name] of rows) {
      starts.push(start)
      ends.push(start + size)
      names.push(name)
    }
  }
  return {
    lookup(address) {
      let lo = 0
      let hi = starts.length - 1
      let found = -1
      while (lo <= hi) {
        const mid = (lo + hi) >> 1
        if (starts[mid] <= address) {
          found = mid
          lo = mid + 1
        } else hi = mid - 1
      }
      // The last range starting at or before the address, if it covers it.
      for (let i = found; i >= 0 && i > found - 8; i--) if (address < ends[i] && address >= starts[i]) return names[i]
      return null
    },
  }
}

/**
 * A readable function name: callgrind's recursion suffix ('2) dropped, an
 * address of generated code named from the perf map with V8's tier marker
 * (JS:* optimised, JS:~ interpreted, ...) dropped so that all tiers of one
 * JavaScript function count together.
 */
function nameFunction(raw, perfMap) {
  const name = raw.replace(/'\d+$/, '')
  if (!/^0x[0-9a-f]+$/.test(name)) return name
  const mapped = perfMap.lookup(parseInt(name, 16))
  if (!mapped) return '(generated code, unnamed)'
  return mapped.replace(/^JS:[*~^+']*/, 'JS ').replace(/^Builtin:/, 'Builtins_')
}

/**
 * Parses `file` (callgrind's format, one event: Ir). Returns
 * `{ total, self: Map<name, Ir>, callers: Map<callee, Map<caller, Ir>> }`.
 */
function readCallgrind(file, perfMapFile) {
  const perfMap = readPerfMap(perfMapFile)
  const fnNames = new Map()
  const self = new Map()
  const callers = new Map()
  const resolved = new Map()
  let total = 0
  let current = null
  let callee = null
  let pendingCall = false
  const named = (raw) => {
    let n = resolved.get(raw)
    if (n === undefined) {
      n = nameFunction(raw, perfMap)
      resolved.set(raw, n)
    }
    return n
  }
  // `(id) name` defines a compressed name, `(id)` refers to it.
  const fnRef = (value) => {
    const m = /^\((\d+)\)(?: (.*))?$/.exec(value)
    if (!m) return named(value)
    if (m[2] !== undefined) fnNames.set(m[1], named(m[2]))
    return fnNames.get(m[1])
  }
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const c = line.charCodeAt(0)
    // Cost lines start with a position: a digit, +, - or *.
    if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 42) {
      const space = line.lastIndexOf(' ')
      const cost = space === -1 ? 0 : Number(line.slice(space + 1))
      if (!cost) {
        pendingCall = false
        continue
      }
      if (pendingCall) {
        pendingCall = false
        let m = callers.get(callee)
        if (!m) callers.set(callee, (m = new Map()))
        m.set(current, (m.get(current) || 0) + cost)
      } else {
        self.set(current, (self.get(current) || 0) + cost)
        total += cost
      }
      continue
    }
    if (line.startsWith('fn=')) current = fnRef(line.slice(3))
    else if (line.startsWith('cfn=')) callee = fnRef(line.slice(4))
    else if (line.startsWith('calls=')) pendingCall = true
  }
  return { total, self, callers }
}

module.exports = { readCallgrind, readPerfMap, nameFunction }
