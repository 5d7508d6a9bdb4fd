// The floor table of ./run.js from a breakdown result and the SHA-1 costs:
// per scenario, node:http's own work in webfw's request plus the hash, set
// against fastify's and node:http's totals (see ./run.js for the method).
'use strict'

const path = require('node:path')

/** The buckets of node:http's own work (../breakdown/rules.js). */
const NODE_BUCKETS = ['parse', 'write', 'json', 'runtime', 'client']

const int = (n) => Math.round(n).toLocaleString('en-US')
const ratio = (a, b) => (a / b).toFixed(2) + '×'

/** One row per scenario with webfw and fastify in the breakdown. */
function rows(breakdown, hashes) {
  const out = []
  for (const [scenario, servers] of Object.entries(breakdown.scenarios)) {
    const webfw = servers.webfw
    const fastify = servers.fastify
    if (!webfw || webfw.error || !fastify || fastify.error) continue
    const bare = servers.bare && !servers.bare.error ? servers.bare.total : null
    const nodeWork = NODE_BUCKETS.reduce((sum, b) => sum + (webfw.buckets[b] || 0), 0)
    const hash = (hashes[scenario] ?? hashes.hello).instructions
    const floor = nodeWork + hash
    const fastifyOwn = fastify.total - NODE_BUCKETS.reduce((sum, b) => sum + (fastify.buckets[b] || 0), 0)
    out.push({ scenario, nodeWork, hash, floor, fastify: fastify.total, fastifyOwn, bare, webfw: webfw.total, budget: fastify.total - floor, webfwOwn: webfw.total - floor })
  }
  return out
}

/** How a hash was made, for the table's text (results before the JavaScript SHA-1 carry no method: crypto.hash). */
function methodNote(hash) {
  return hash.method === 'JavaScript' ? ' in JavaScript' : ' with `crypto.hash`'
}

function toMarkdown(result) {
  const m = result.meta
  const lines = [
    `#### The floor of a request with Express's defaults, Node ${m.node}`,
    '',
    `node:http's own work in webfw 5's request (\`${path.basename(result.from)}\`, buckets ${NODE_BUCKETS.join(', ')}) plus the SHA-1 of the ETag alone, made as webfw makes it (${int(result.hashes.hello.instructions)} instructions for ${result.hashes.hello.bytes} bytes${methodNote(result.hashes.hello)}, ${int(result.hashes.views.instructions)} for the ${int(result.hashes.views.bytes)}-byte page${methodNote(result.hashes.views)}). "Left for the framework": fastify's total minus the floor, what webfw may spend on everything of its own to be at fastify's count, beside what fastify spends on its own (its total minus the same buckets of its request); webfw 5 spends the last column. The buckets come from callgrind's attribution, which inlining blurs by a few hundred instructions either way.`,
    '',
    '| scenario | node:http\'s own work | + SHA-1 alone | floor | fastify | floor ÷ fastify | left for the framework | fastify\'s own work | node:http | floor ÷ node:http | webfw 5 | webfw 5 above the floor |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const r of result.rows) {
    lines.push(
      `| ${r.scenario} | ${int(r.nodeWork)} | ${int(r.hash)} | ${int(r.floor)} | ${int(r.fastify)} | ${ratio(r.floor, r.fastify)} | ${int(r.budget)} | ${int(r.fastifyOwn)} | ${r.bare === null ? 'n/a' : int(r.bare)} | ${r.bare === null ? 'n/a' : ratio(r.floor, r.bare)} | ${int(r.webfw)} | ${int(r.webfwOwn)} |`,
    )
  }
  return lines.join('\n') + '\n'
}

module.exports = { NODE_BUCKETS, rows, toMarkdown }
