/**
 * res.json and res.send of a small object, webfw against Express 5, in one
 * run. Each iteration gets a fresh request/response pair built the way each
 * framework's own server builds it (webfw: its server classes; Express:
 * Node's objects re-parented to app.request/app.response); only the member
 * call is timed. A second group times the whole request through each app
 * (routing to one GET route that calls the member).
 *
 * The tasks run in 5 interleaved rounds (every task, then every task again),
 * and each "as fast as" figure is the median of the per-round ratios, with
 * their range: on a shared machine whose speed drifts, two tasks sampled
 * seconds apart in one block would be compared at different speeds.
 *
 * Run: npm run build && node bench/res-send.bench.js
 */
'use strict'

const { Socket } = require('node:net')
const http = require('node:http')
const { median } = require('./lib/stats')
const { runInRounds, roundRatios, assertAllRan } = require('./lib/rounds')
const express = require('express')
const webfw = require('..')
const { serverClasses } = require('../dist/app/server')

const body = { id: 42, name: 'tobi', tags: ['ferret', 'pet'], active: true }
const socket = new Socket()

function webfwPair(app) {
  const { IncomingMessage: Req, ServerResponse: Res } = serverClasses(app)
  return () => {
    const req = new Req(socket)
    req.method = 'GET'
    req.url = '/'
    const res = new Res(req)
    req.res = res
    res.req = req
    return { req, res }
  }
}

function expressPair(app) {
  return () => {
    const req = new http.IncomingMessage(socket)
    req.method = 'GET'
    req.url = '/'
    const res = new http.ServerResponse(req)
    Object.setPrototypeOf(req, app.request)
    Object.setPrototypeOf(res, app.response)
    req.res = res
    res.req = req
    return { req, res }
  }
}

function plainPair(Req, Res) {
  return () => {
    const req = new Req(socket)
    req.method = 'GET'
    req.url = '/'
    return { req, res: new Res(req) }
  }
}

const ROUNDS = 5

/** Adds a timed call of `res[member](body)`, on a fresh pair made before each call, to `tasks`. */
function addMemberTask(tasks, name, makePair, member) {
  let pair
  tasks[`${member} ${name}`] = { fn: () => pair.res[member](body), beforeEach() { pair = makePair() } }
}

/** Adds a whole request through `app` to a GET route that calls `res[member](body)` to `tasks`. */
function addAppTask(tasks, name, app, makePair, member) {
  app.get('/', (req, res) => res[member](body))
  let pair
  tasks[`app + ${member} ${name}`] = { fn: () => app(pair.req, pair.res), beforeEach() { pair = makePair() } }
}

async function main() {
  const time = Number(process.env.BENCH_TIME || 1500)
  const w = webfw()
  const e = express()
  const members = {}
  for (const member of ['json', 'send']) {
    addMemberTask(members, 'webfw', webfwPair(w), member)
    addMemberTask(members, 'express', expressPair(e), member)
  }
  const apps = {}
  for (const member of ['json', 'send']) {
    const wa = webfw()
    const ea = express()
    const { IncomingMessage: Req, ServerResponse: Res } = serverClasses(wa)
    addAppTask(apps, 'webfw', wa, plainPair(Req, Res), member)
    addAppTask(apps, 'express', ea, plainPair(http.IncomingMessage, http.ServerResponse), member)
  }

  // Medians: a fresh object pair per iteration makes the means carry GC pauses.
  const roundP50 = new Map()
  const samples = new Map()
  for (const tasks of [members, apps]) {
    const run = await runInRounds(tasks, { rounds: ROUNDS, time: time / ROUNDS, options: { warmupTime: 300 } })
    assertAllRan(run)
    for (const name of run.names) {
      roundP50.set(name, run.roundP50.get(name))
      samples.set(name, run.samples.get(name).length)
    }
  }

  console.table([...roundP50].map(([name, p50s]) => ({
    task: name,
    'median ns (median of round medians)': Math.round(median(p50s) * 1e6),
    samples: samples.get(name),
  })))
  for (const prefix of ['json', 'send', 'app + json', 'app + send']) {
    const r = roundRatios(roundP50, `${prefix} express`, `${prefix} webfw`)
    console.log(`${prefix}: webfw ${r.median.toFixed(2)}x as fast as express (median time per call, median of ${ROUNDS} rounds, range ${r.min.toFixed(2)}–${r.max.toFixed(2)})`)
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
