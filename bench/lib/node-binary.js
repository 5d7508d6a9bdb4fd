// The `--node` option of the bench scripts (BENCH_NODE): `current` (the node
// running the script, the default), a path to a node binary, or a major
// version ("24", "22"), which is installed once from the npm registry's
// `node@<major>` package into ~/.cache/webfw-bench/node-<major> (never into
// the project) and reused from there. The scripts say which Node they use.
'use strict'

const { execFileSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

function cacheDir(major) {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache')
  return path.join(base, 'webfw-bench', `node-${major}`)
}

/**
 * Resolves a `--node` value to a binary path.
 *
 * @example
 *   resolveNode('24')             // ~/.cache/webfw-bench/node-24/node_modules/.bin/node (installed on first use)
 *   resolveNode('/usr/bin/node')  // unchanged
 */
function resolveNode(value) {
  if (!value || value === 'current') return process.execPath
  if (!/^\d+$/.test(value)) return value
  const dir = cacheDir(value)
  const bin = path.join(dir, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node')
  if (!fs.existsSync(bin)) {
    process.stderr.write(`installing node@${value} into ${dir} (once) …\n`)
    fs.mkdirSync(dir, { recursive: true })
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', dir, `node@${value}`], { stdio: ['ignore', 'ignore', 'inherit'] })
  }
  const version = execFileSync(bin, ['-p', 'process.version'], { encoding: 'utf8' }).trim()
  if (!version.startsWith(`v${value}.`)) throw new Error(`${bin} is ${version}, not Node ${value}`)
  return bin
}

/** Resolves `value` like resolveNode and says on stderr which Node the script uses. */
function resolveAndAnnounce(value, what = 'servers') {
  const bin = resolveNode(value)
  const version = bin === process.execPath ? process.version : execFileSync(bin, ['-p', 'process.version'], { encoding: 'utf8' }).trim()
  process.stderr.write(`${what} run on Node ${version} (${bin})\n`)
  return bin
}

module.exports = { resolveNode, resolveAndAnnounce }
