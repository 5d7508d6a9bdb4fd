// CPU accounting of a run, to tell a clean measurement from a disturbed one:
// how much CPU the server and the load generator used, and how much went to
// everything else on the machine (other processes, and on a VM the time the
// hypervisor stole). Linux only (/proc/stat); elsewhere the machine figures
// are left out.
'use strict'

const { execFileSync } = require('node:child_process')
const fs = require('node:fs')

let ticksPerSecond
function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
    } catch {
      ticksPerSecond = 100
    }
  }
  return ticksPerSecond
}

/** Machine-wide CPU seconds so far: busy (all cores, excluding idle and iowait) and stolen. */
function machineCpu() {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]
    const f = line.trim().split(/\s+/).slice(1).map(Number)
    const [user, nice, system, idle, iowait, irq, softirq, steal] = f
    const hz = clockTicks()
    return { busy: (user + nice + system + irq + softirq) / hz, steal: (steal || 0) / hz }
  } catch {
    return undefined
  }
}

/**
 * Shares of one core over `wall` seconds: the server's, the load
 * generator's, everything else's, and stolen time.
 *
 * @example
 *   cpuShares({ wall: 5, server: 4.9, load: 3.1, machineBefore, machineAfter }) // { server: 0.98, load: 0.62, others: 0.04, steal: 0 }
 */
function cpuShares({ wall, server, load, machineBefore, machineAfter }) {
  const out = { server: server / wall, load: load / wall }
  if (machineBefore && machineAfter) {
    const busy = machineAfter.busy - machineBefore.busy
    out.others = Math.max(0, (busy - server - load) / wall)
    out.steal = (machineAfter.steal - machineBefore.steal) / wall
  }
  return out
}

/**
 * CPU seconds (user + system) used so far by this process's children that
 * have exited (Linux /proc; 0 elsewhere): the load generator's share when it
 * is a child process (h2load), measured around its run.
 */
function exitedChildrenCpu() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8')
    // Fields after the command name, which is in parentheses and may hold spaces.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // cutime and cstime are fields 16 and 17 of stat(5), 14 and 15 here.
    return (Number(f[13]) + Number(f[14])) / clockTicks()
  } catch {
    return 0
  }
}

module.exports = { machineCpu, cpuShares, exitedChildrenCpu }
