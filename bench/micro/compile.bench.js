// Compiling 1,000 routes (issue 8 target: under 20 ms): webfw compiles its
// dispatch on the first request, so each sample builds a fresh app with
// 1,000 routes (not timed) and times its first request. For scale: express 5's
// first request on the same table (it has nothing to compile and matches
// linearly) and find-my-way building a tree of the same routes.
'use strict'

const FindMyWay = require('find-my-way')
const express = require('express')
const webfw = require('webfw')
const github = require('../fixtures/github-routes')

const COUNT = 1000

// The GitHub table under /v1 … /v5, cut at 1,000 routes.
const routes = []
for (let v = 1; routes.length < COUNT; v++) {
  for (const r of github.routes) if (routes.length < COUNT) routes.push({ method: r.method, path: `/v${v}${r.path}` })
}
const target = '/v3/repos/expressjs/express/issues/1234'
const targetIndex = routes.findIndex((r) => r.method === 'GET' && r.path === '/v3/repos/:owner/:repo/issues/:number')

let seen = -1

function buildApp(factory) {
  const app = factory()
  routes.forEach(({ method, path }, i) => {
    app[method.toLowerCase()](path, () => {
      seen = i
    })
  })
  return app
}

function firstRequest(app) {
  seen = -1
  app.handle({ method: 'GET', url: target, headers: {} }, { setHeader() {}, getHeader() {}, end() {} }, (err) => {
    throw err || new Error('not handled')
  })
  if (seen !== targetIndex) throw new Error(`handled by route ${seen}, want ${targetIndex}`)
}

function firstRequestTask(factory) {
  let app
  return {
    beforeEach() {
      app = buildApp(factory)
    },
    fn() {
      firstRequest(app)
    },
  }
}

module.exports = {
  title: `Compiling ${COUNT.toLocaleString('en-US')} routes: the first request of a fresh app`,
  unit: 'app',
  target: 'webfw under 20 ms (issue 8)',
  options: { time: 0, iterations: 30, warmupTime: 0, warmupIterations: 3 },
  tasks: {
    'webfw: first request (compiles)': firstRequestTask(webfw),
    'express 5: first request': firstRequestTask(express),
    'find-my-way: build a tree of the routes': () => {
      const fmw = FindMyWay()
      for (const { method, path } of routes) fmw.on(method, path, () => {})
    },
  },
  setup() {
    // The very first compile in a process, before the JIT has seen the
    // compiler: what a server pays at start-up.
    const app = buildApp(webfw)
    const t0 = process.hrtime.bigint()
    firstRequest(app)
    const ms = Number(process.hrtime.bigint() - t0) / 1e6
    this.notes.push(`webfw, first compile in a fresh process (cold JIT, one sample): ${ms.toFixed(2)} ms.`)
  },
}
