// CPU pinning with taskset, so that a server and its load generator never
// share a core. Without taskset (macOS, containers without util-linux) the
// commands run unpinned and the result records that.
'use strict'

const { execFileSync } = require('node:child_process')

let available
function hasTaskset() {
  if (available === undefined) {
    try {
      execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' })
      available = true
    } catch {
      available = false
    }
  }
  return available
}

/** Pins this process (all its threads) to `cpu`; returns whether it could. */
function pinSelf(cpu) {
  if (cpu === undefined || cpu === '' || !hasTaskset()) return false
  execFileSync('taskset', ['-a', '-cp', String(cpu), String(process.pid)], { stdio: 'ignore' })
  return true
}

/** [command, args] running `command args` on `cpu` (unpinned without taskset). */
function pinned(cpu, command, args) {
  if (cpu === undefined || cpu === '' || !hasTaskset()) return [command, args]
  return ['taskset', ['-c', String(cpu), command, ...args]]
}

module.exports = { hasTaskset, pinSelf, pinned }
