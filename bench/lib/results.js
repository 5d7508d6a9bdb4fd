// What the benchmark runners share around a run: the build they measure must
// exist, and the result goes to `bench/results/<kind>-node<major>` (or --out)
// as a JSON file the report is generated from and a Markdown copy to read.
'use strict'

const fs = require('node:fs')
const path = require('node:path')
const { root } = require('./machine')
const { UsageError } = require('./options')

/** Benchmarks measure the build in dist/: refuse to start without one. */
function assertBuilt() {
  if (!fs.existsSync(path.join(root, 'dist', 'index.js'))) throw new UsageError('webfw is not built: run `npm run build` first')
}

/** The result path without extension, for a run on the Node binary described by `meta`. */
function resultPath(out, kind, meta) {
  return out ? path.resolve(out) : path.join(root, 'bench', 'results', `${kind}-node${meta.node.slice(1).split('.')[0]}`)
}

/** Writes `<out>.json` and `<out>.md` (from `toMarkdown(results)`); returns the Markdown. */
function saveResults(out, results, toMarkdown) {
  fs.mkdirSync(path.dirname(out), { recursive: true })
  fs.writeFileSync(out + '.json', JSON.stringify(results, null, 2) + '\n')
  const md = toMarkdown(results)
  fs.writeFileSync(out + '.md', md)
  return md
}

module.exports = { assertBuilt, resultPath, saveResults }
