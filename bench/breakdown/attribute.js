// Puts every instruction of a callgrind profile in a bucket of rules.js. A
// function a rule names keeps its own instructions; the instructions of one
// no rule names (an inline cache, a builtin, memcpy, node's stream code) go
// to its callers in proportion to what each caller's calls to it cost, and
// on up the call graph until they reach functions a rule names. Callgrind
// keeps one level of callers, not whole stacks, so a helper shared by two
// buckets is split by its callers' overall shares: a map, not a ledger.
'use strict'

const { buckets, bucketOf } = require('./rules')

const ROUNDS = 40

/**
 * @param {{ self: Map<string, number>, callers: Map<string, Map<string, number>> }} profile
 * @returns {{ totals: Record<string, number>, functions: Record<string, Array<[string, number]>> }}
 *   instructions per bucket, and per bucket the functions whose own
 *   instructions landed there (name, instructions), heaviest first.
 */
function attribute(profile) {
  const ids = buckets.map(([id]) => id)
  const index = new Map(ids.map((id, i) => [id, i]))
  const names = new Set([...profile.self.keys(), ...profile.callers.keys()])
  for (const m of profile.callers.values()) for (const c of m.keys()) names.add(c)
  // share.get(f): the fractions of f's instructions each bucket gets.
  const share = new Map()
  const open = []
  for (const name of names) {
    const bucket = bucketOf(name)
    const v = new Float64Array(ids.length)
    if (bucket) v[index.get(bucket)] = 1
    else {
      v[index.get('other')] = 1
      if (profile.callers.has(name)) open.push(name)
    }
    share.set(name, v)
  }
  // Fixed-point iteration: an unnamed function takes the weighted mix of its
  // callers' shares; chains settle within a few rounds, cycles converge.
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of open) {
      const from = profile.callers.get(name)
      let weight = 0
      for (const w of from.values()) weight += w
      if (weight === 0) continue
      const mix = new Float64Array(ids.length)
      for (const [caller, w] of from) {
        if (caller === name) continue
        const s = share.get(caller)
        for (let i = 0; i < mix.length; i++) mix[i] += (s[i] * w) / weight
      }
      let sum = 0
      for (let i = 0; i < mix.length; i++) sum += mix[i]
      if (sum > 0) share.set(name, mix.map((x) => x / sum))
    }
  }
  const totals = Object.fromEntries(ids.map((id) => [id, 0]))
  const functions = Object.fromEntries(ids.map((id) => [id, new Map()]))
  for (const [name, cost] of profile.self) {
    const s = share.get(name)
    for (let i = 0; i < ids.length; i++) {
      if (s[i] === 0) continue
      totals[ids[i]] += cost * s[i]
      const m = functions[ids[i]]
      m.set(name, (m.get(name) || 0) + cost * s[i])
    }
  }
  return {
    totals,
    functions: Object.fromEntries(Object.entries(functions).map(([id, m]) => [id, [...m.entries()].sort((a, b) => b[1] - a[1])])),
  }
}

module.exports = { attribute }
