/**
 * The 4.x profile against the 5.x one: the same apps built with `webfw` and
 * `webfw/v4`, a whole request each (app.handle through routing to the
 * response), on request/response pairs built the way app.listen's server
 * builds them. The target is 4.x within 5% of 5.x. Express 4 and Express 5
 * run the same apps for reference.
 *
 * Run: npm run build && node bench/v4-profile.bench.js
 */
'use strict'

const { Socket } = require('node:net')
const http = require('node:http')
const { Bench } = require('tinybench')
const express5 = require('express')
const express4 = require('express4')
const webfw5 = require('..')
const webfw4 = require('../dist/v4')
const { serverClasses } = require('../dist/app/server')

function pairs(app, own) {
  const { IncomingMessage: Req, ServerResponse: Res } = own ? serverClasses(app) : http
  return (url) => {
    // A socket per request: listeners added to a shared one would pile up.
    const req = new Req(new Socket())
    req.method = 'GET'
    req.url = url
    return { req, res: new Res(req) }
  }
}

const scenarios = {
  hello: {
    url: '/',
    build(app) {
      app.get('/', (req, res) => res.send('hello'))
    },
  },
  params: {
    url: '/users/42/posts/7',
    build(app) {
      app.get('/users/:user/posts/:post', (req, res) => res.json(req.params))
    },
  },
  stack: {
    url: '/api/items',
    build(app) {
      for (let i = 0; i < 5; i++) app.use((req, res, next) => next())
      app.get('/api/items', (req, res) => res.json({ ok: true }))
    },
  },
  query: {
    url: '/search?q=ferret&page=2&sort=name',
    build(app) {
      app.get('/search', (req, res) => res.json(req.query))
    },
  },
  routes: {
    url: '/r19/x',
    build(app) {
      for (let i = 0; i < 20; i++) app.get(`/r${i}/:id`, (req, res) => res.send(req.params.id))
    },
  },
  notFound: {
    url: '/nowhere',
    build(app) {
      app.get('/', (req, res) => res.send('hello'))
    },
  },
}

const frameworks = {
  'webfw 5.x': [webfw5, true],
  'webfw 4.x': [webfw4, true],
  'express 5': [express5, false],
  'express 4': [express4, false],
}

async function main() {
  const time = Number(process.env.BENCH_TIME || 1000)
  const bench = new Bench({ time, warmupTime: 300 })
  for (const [scenario, { url, build }] of Object.entries(scenarios)) {
    for (const [name, [factory, own]] of Object.entries(frameworks)) {
      const app = factory()
      app.set('env', 'test')
      build(app)
      const make = pairs(app, own)
      let pair
      bench.add(`${scenario} ${name}`, () => app(pair.req, pair.res), {
        beforeEach() {
          pair = make(url)
        },
      })
    }
  }
  await bench.run()
  const rows = bench.tasks.map((t) => ({
    task: t.name,
    'median ns': Math.round(t.result.latency.p50 * 1e6),
    'mean ns': Math.round(t.result.latency.mean * 1e6),
    samples: t.result.latency.samples.length,
  }))
  console.table(rows)
  const median = (name) => rows.find((r) => r.task === name)['median ns']
  for (const scenario of Object.keys(scenarios)) {
    const r = median(`${scenario} webfw 4.x`) / median(`${scenario} webfw 5.x`)
    const e = median(`${scenario} express 4`) / median(`${scenario} webfw 4.x`)
    console.log(`${scenario}: webfw 4.x takes ${r.toFixed(3)}x the time of 5.x; ${e.toFixed(2)}x as fast as express 4`)
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
