// The scenarios on Express: `node express.js <scenario> 5` for express 5,
// `... 4` for express 4 (installed under the alias `express4`). Written as
// an Express user would, with morgan and cookie-parser.
'use strict'

const { serve, nullStream, http1Only } = require('./harness')
const { expressApiScenarios } = require('./express-api')
const github = require('../../fixtures/github-routes')
const payloads = require('../../fixtures/payloads')

const major = process.argv[3] === '4' ? 4 : 5
// BENCH_TRACE=otel: the OpenTelemetry variant of ./tracing.js (set up before express loads).
require('./tracing').setupTracing(major === 4 ? 'express4' : 'express')
const express = require(major === 4 ? 'express4' : 'express')

const listen = (app) => {
  http1Only('Express cannot serve node:http2 (its request prototype crashes at the first request)')
  return app.listen(0, '127.0.0.1')
}

serve({
  hello() {
    const app = express()
    app.get('/', (req, res) => {
      res.json({ hello: 'world' })
    })
    return listen(app)
  },

  routes() {
    const app = express()
    github.routes.forEach(({ method, path }, route) => {
      app[method.toLowerCase()](path, (req, res) => {
        res.json({ route, params: req.params })
      })
    })
    return listen(app)
  },

  param() {
    const app = express()
    app.get('/users/:id', (req, res) => {
      res.json({ id: req.params.id })
    })
    return listen(app)
  },

  stack() {
    const morgan = require('morgan')
    const cookieParser = require('cookie-parser')
    const app = express()
    app.use(morgan('combined', { stream: nullStream() }))
    app.use(express.json())
    app.use(cookieParser())
    app.post('/api/users/:id/items', (req, res) => {
      res.json({ id: req.params.id, session: req.cookies.session, count: req.body.items.length })
    })
    return listen(app)
  },

  static() {
    const app = express()
    app.use(express.static(payloads.staticRoot))
    return listen(app)
  },

  ...expressApiScenarios({ factory: express, makeApp: () => express(), listen }),
})
