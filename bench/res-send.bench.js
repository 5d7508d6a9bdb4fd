/**
 * res.json and res.send of a small object, webfw against Express 5, in one
 * run. Each iteration gets a fresh request/response pair built the way each
 * framework's own server builds it (webfw: its server classes; Express:
 * Node's objects re-parented to app.request/app.response); only the member
 * call is timed. A second group times the whole request through each app
 * (routing to one GET route that calls the member).
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

function memberTasks(bench, name, makePair, member) {
  let pair
  bench.add(`${member} ${name}`, () => pair.res[member](body), {
    beforeEach() {
      pair = makePair()
    },
  })
}

function appTasks(bench, name, app, makePair, member) {
  app.get('/', (req, res) => res[member](body))
  let pair
  bench.add(`app + ${member} ${name}`, () => app(pair.req, pair.res), {
    beforeEach() {
      pair = makePair()
    },
  })
}

async function main() {
  const time = Number(process.env.BENCH_TIME || 1500)
  const w = webfw()
  const e = express()
  const members = new Bench({ time, warmupTime: 300 })
  for (const member of ['json', 'send']) {
    memberTasks(members, 'webfw', webfwPair(w), member)
    memberTasks(members, 'express', expressPair(e), member)
  }
  await members.run()

  const apps = new Bench({ time, warmupTime: 300 })
  for (const member of ['json', 'send']) {
    const wa = webfw()
    const ea = express()
    const { IncomingMessage: Req, ServerResponse: Res } = serverClasses(wa)
    appTasks(apps, 'webfw', wa, plainPair(Req, Res), member)
    appTasks(apps, 'express', ea, plainPair(http.IncomingMessage, http.ServerResponse), member)
  }
  await apps.run()

  const rows = [...members.tasks, ...apps.tasks].map((t) => ({
    task: t.name,
    'ops/s': Math.round(t.result.throughput.mean),
    'median ns': Math.round(t.result.latency.p50 * 1e6),
    'mean ns': Math.round(t.result.latency.mean * 1e6),
    'p99 ns': Math.round(t.result.latency.p99 * 1e6),
    samples: t.result.latency.samples.length,
  }))
  console.table(rows)
  // Medians: a fresh object pair per iteration makes the means carry GC pauses.
  const median = (name) => rows.find((r) => r.task === name)['median ns']
  for (const prefix of ['json', 'send', 'app + json', 'app + send']) {
    const ratio = median(`${prefix} express`) / median(`${prefix} webfw`)
    console.log(`${prefix}: webfw ${ratio.toFixed(2)}x as fast as express (median time per call)`)
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
