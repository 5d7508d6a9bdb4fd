// A load generator run as a child process pinned to the load CPU (h2load,
// wrk): its output collected, its summary parsed into runLoad's shape
// (load.js), a clear message when the program is not installed.
'use strict'

const { spawn } = require('node:child_process')
const { pinned } = require('../lib/pin')
const { UsageError } = require('../lib/options')

/**
 * Runs `program args` on `cpu` and resolves with `parse(output)`; rejects
 * with a UsageError saying `install` when the program is missing, or with
 * the last lines of its output when `parse` finds no summary. `cleanUp`
 * runs once the program has exited, whatever happened.
 *
 * @example
 *   runChildLoad({ program: 'wrk', args, cpu: '0', install: 'apt-get install wrk', parse: parseSummary })
 */
function runChildLoad({ program, args, cpu, install, parse, cleanUp = () => {} }) {
  const [command, argv] = pinned(cpu, program, args)
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('error', (err) => {
      cleanUp()
      reject(err.code === 'ENOENT' ? new UsageError(install) : err)
    })
    child.on('close', (code) => {
      cleanUp()
      const summary = parse(out)
      if (!summary) return reject(new Error(`${program} exited with ${code}: ${out.trim().split('\n').slice(-5).join(' | ')}`))
      resolve(summary)
    })
  })
}

module.exports = { runChildLoad }
