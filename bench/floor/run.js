// `npm run bench:floor`: how low webfw could go while it sends Express's
// bytes, per scenario, against fastify and bare node:http (issue #31). The
// floor of a request is node:http's own work in webfw's request, taken from
// a breakdown run (HTTP parsing and request set-up, the socket write path
// with Express's headers, JSON, node's runtime, the in-memory client: the
// buckets no framework code is charged to, see ../breakdown/rules.js), plus
// the SHA-1 of the default weak ETag measured alone, made as webfw makes it
// (./hash-cost.js: the hello body, one SHA-1 block hashed in JavaScript, for
// every JSON answer, so a lower bound there; the rendered page, through
// crypto.hash, for `views`). What fastify's total leaves above the
// floor is all a framework may spend (routing, dispatch, body and cookie
// parsing, logging, res.json, the rest of the ETag, its allocations) to be
// at or below fastify with Express's defaults on.
//
//   npm run bench:breakdown -- --node 24 --servers webfw,fastify,bare \
//     --scenarios hello,routes,param,stack,many-routes,nested-routers,middlewares,views,urlencoded \
//     --out bench/results/floor-breakdown-node24
//   npm run bench:floor -- --node 24
//
// Writes bench/results/floor-node<major>.{json,md}.
'use strict'

const fs = require('node:fs')
const path = require('node:path')
const { parseOptions, UsageError, describeError } = require('../lib/options')
const { machineInfo, root } = require('../lib/machine')
const { resultPath, saveResults } = require('../lib/results')
const { resolveAndAnnounce } = require('../lib/node-binary')
const { missingTools } = require('../lib/callgrind')
const { hashCost } = require('./hash-cost')
const { rows, toMarkdown } = require('./table')

const opts = parseOptions(
  {
    node: { type: 'string', default: 'current', env: 'BENCH_NODE', help: 'Node that hashes (the one the breakdown ran on): current, a major version (24, 22) or a path' },
    from: { type: 'string', default: '', env: 'BENCH_FROM', help: 'breakdown results to read (default bench/results/floor-breakdown-node<major>.json)' },
    calls: { type: 'number', default: 50000, env: 'BENCH_CALLS', help: 'hash calls of the shorter counted run (the longer makes twice as many)' },
    out: { type: 'string', default: '', env: 'BENCH_OUT', help: 'results path without extension (default bench/results/floor-node<major>)' },
  },
  undefined,
  undefined,
  'usage: npm run bench:floor -- [--node 24] [--from <breakdown json>]',
)

async function main() {
  const missing = missingTools()
  if (missing) throw new UsageError(missing)
  const nodeBin = resolveAndAnnounce(opts.node)
  const meta = { ...machineInfo(nodeBin), calls: opts.calls }
  const major = meta.node.slice(1).split('.')[0]
  const from = opts.from ? path.resolve(opts.from) : path.join(root, 'bench', 'results', `floor-breakdown-node${major}.json`)
  if (!fs.existsSync(from)) throw new UsageError(`no breakdown at ${path.relative(process.cwd(), from)}: run the breakdown first (see the header of bench/floor/run.js)`)
  const breakdown = JSON.parse(fs.readFileSync(from, 'utf8'))
  if (breakdown.kind !== 'breakdown') throw new UsageError(`${from} is not a breakdown result`)
  if (breakdown.meta.node !== meta.node) throw new UsageError(`the breakdown ran on Node ${breakdown.meta.node}, the hashing would run on ${meta.node}`)
  const hashes = {}
  for (const name of ['hello', 'views']) hashes[name] = await hashCost(nodeBin, name, opts.calls)
  const result = { kind: 'floor', meta, from: path.relative(root, from), hashes, rows: rows(breakdown, hashes) }
  console.log(saveResults(resultPath(opts.out, 'floor', meta), result, toMarkdown))
}

main().catch((err) => {
  console.error(describeError(err))
  process.exit(1)
})
