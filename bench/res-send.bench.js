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
const { Bench } = require('tinybench')
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

/** A timed call of `res[member](body)` on a fresh pair made before each call. */
function memberTask(name, makePair, member) {
  let pair
  return [`${member} ${name}`, () => pair.res[member](body), { beforeEach() { pair = makePair() } }]
}

/** A whole request through `app` to a GET route that calls `res[member](body)`. */
function appTask(name, app, makePair, member) {
  app.get('/', (req, res) => res[member](body))
  let pair
  return [`app + ${member} ${name}`, () => app(pair.req, pair.res), { beforeEach() { pair = makePair() } }]
}

function median(values) {
  const v = [...values].sort((a, b) => a - b)
  const mid = v.length >> 1
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2
}

async function main() {
  const time = Number(process.env.BENCH_TIME || 1500)
  const w = webfw()
  const e = express()
  const groups = [[], []]
  for (const member of ['json', 'send']) {
    groups[0].push(memberTask('webfw', webfwPair(w), member), memberTask('express', expressPair(e), member))
  }
  for (const member of ['json', 'send']) {
    const wa = webfw()
    const ea = express()
    const { IncomingMessage: Req, ServerResponse: Res } = serverClasses(wa)
    groups[1].push(
      appTask('webfw', wa, plainPair(Req, Res), member),
      appTask('express', ea, plainPair(http.IncomingMessage, http.ServerResponse), member),
    )
  }

  // Per task, the median of each round (medians: a fresh object pair per
  // iteration makes the means carry GC pauses), and the samples taken.
  const perRound = new Map()
  const samples = new Map()
  for (let round = 0; round < ROUNDS; round++) {
    for (const group of groups) {
      const bench = new Bench({ time: time / ROUNDS, warmupTime: 300, warmup: round === 0 })
      for (const [name, fn, opts] of group) bench.add(name, fn, opts)
      await bench.run()
      for (const t of bench.tasks) {
        if (!perRound.has(t.name)) perRound.set(t.name, [])
        perRound.get(t.name).push(t.result.latency.p50 * 1e6)
        samples.set(t.name, (samples.get(t.name) || 0) + t.result.latency.samples.length)
      }
    }
  }

  console.table([...perRound].map(([name, p50s]) => ({
    task: name,
    'median ns (median of round medians)': Math.round(median(p50s)),
    samples: samples.get(name),
  })))
  for (const prefix of ['json', 'send', 'app + json', 'app + send']) {
    const theirs = perRound.get(`${prefix} express`)
    const ratios = perRound.get(`${prefix} webfw`).map((ours, i) => theirs[i] / ours)
    const range = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`
    console.log(`${prefix}: webfw ${median(ratios).toFixed(2)}x as fast as express (median time per call, median of ${ROUNDS} rounds, range ${range})`)
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
