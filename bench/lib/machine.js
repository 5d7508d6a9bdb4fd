// What a result was measured on: CPU, cores, memory, OS, the Node binary
// that ran the servers, the project commit, and the versions of the peers.
'use strict'

const { execFileSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const root = path.resolve(__dirname, '..', '..')

function cpuModel() {
  try {
    const line = fs.readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('model name'))
    if (line) return line.split(':')[1].trim()
  } catch {}
  const cpus = os.cpus()
  return cpus.length ? cpus[0].model : 'unknown'
}

/** `process.version` of another Node binary (the one that runs the servers). */
function nodeVersion(nodeBin) {
  if (!nodeBin || nodeBin === process.execPath) return process.version
  return execFileSync(nodeBin, ['-p', 'process.version'], { encoding: 'utf8' }).trim()
}

function gitCommit() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
    // Result files and the report they feed do not change what was measured.
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!bench/results', ':!docs/perf*', ':!flamegraphs/*/*'], {
      cwd: root,
      encoding: 'utf8',
    }).trim()
    return dirty ? commit + '+dirty' : commit
  } catch {
    return 'unknown'
  }
}

function packageVersion(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version
  } catch {
    return undefined
  }
}

/** A description of this machine and run, stored with every result file. */
function machineInfo(nodeBin) {
  return {
    date: new Date().toISOString(),
    node: nodeVersion(nodeBin),
    nodeBinary: nodeBin || process.execPath,
    runnerNode: process.version,
    cpu: cpuModel(),
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    commit: gitCommit(),
    versions: Object.fromEntries(
      ['express', 'express4', 'fastify', 'find-my-way', 'morgan', 'cookie-parser', '@fastify/static', '@fastify/cookie', 'autocannon', 'tinybench']
        .map((n) => [n, packageVersion(n)])
        .filter(([, v]) => v),
    ),
  }
}

module.exports = { machineInfo, nodeVersion, cpuModel, root }
