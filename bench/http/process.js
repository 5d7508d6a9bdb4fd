// Starting and stopping benchmark servers: each in its own process, pinned
// to the server CPU, talking to the runner over IPC (its port, "unavailable",
// memory figures).
'use strict'

const { spawn } = require('node:child_process')
const { pinned } = require('../lib/pin')

const START_TIMEOUT_MS = 15000

/**
 * Starts `server` (an entry of servers/index.js) for `scenario`. Resolves with
 * `{ status: 'ready', port, notes, child, stop }`, `{ status: 'unavailable',
 * reason }` or `{ status: 'failed', reason }`.
 */
function startServer({ server, scenario, nodeBin = process.execPath, cpu, nodeFlags = [], env = {} }) {
  const [command, args] = pinned(cpu, nodeBin, [...nodeFlags, server.path, scenario, ...server.args])
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, NODE_ENV: 'production', ...env },
  })
  let output = ''
  const keep = (d) => {
    output = (output + d).slice(-4000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)

  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
      child.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
      child.kill('SIGTERM')
    })

  return new Promise((resolve) => {
    let settled = false
    const settle = (value) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(value)
    }
    const timer = setTimeout(() => {
      stop()
      settle({ status: 'failed', reason: `no answer within ${START_TIMEOUT_MS / 1000} s: ${output.trim()}` })
    }, START_TIMEOUT_MS)
    child.on('message', (msg) => {
      if (msg.type === 'ready') settle({ status: 'ready', port: msg.port, notes: msg.notes || [], child, stop, output: () => output })
      else if (msg.type === 'unavailable') {
        stop()
        settle({ status: 'unavailable', reason: msg.reason })
      }
    })
    child.on('exit', (code, signal) => {
      settle({ status: 'failed', reason: `exited (${signal || code}) before listening: ${output.trim()}` })
    })
    child.on('error', (err) => settle({ status: 'failed', reason: err.message }))
  })
}

let nextId = 1

function ask(child, type, extra) {
  const id = nextId++
  return new Promise((resolve, reject) => {
    const onMessage = (msg) => {
      if (msg.type === type && msg.id === id) {
        child.off('message', onMessage)
        resolve(msg)
      }
    }
    child.on('message', onMessage)
    child.send({ type, id, ...extra }, (err) => err && reject(err))
  })
}

/** CPU seconds (user + system) the server process has used so far. */
async function queryCpu(child) {
  const { usage } = await ask(child, 'cpu')
  return (usage.user + usage.system) / 1e6
}

/** The server's garbage collection so far (it must run with BENCH_GC=1): counts and milliseconds of scavenges and of the other (major) kinds. */
async function queryGc(child) {
  const { totals } = await ask(child, 'gc')
  return totals
}

/** How many lines the server's request logger has written, and the last one. */
async function queryLogged(child) {
  const { lines, last } = await ask(child, 'logged')
  return { lines, last }
}

/** Asks a running server for process.memoryUsage() (after a full GC as well when `gc` and it runs with --expose-gc). */
async function queryMemory(child, gc = false) {
  const msg = await ask(child, 'memory', { gc })
  return { memory: msg.memory, afterGc: msg.afterGc }
}

module.exports = { startServer, queryMemory, queryCpu, queryGc, queryLogged }
