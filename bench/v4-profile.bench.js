/**
 * The 4.x profile against the 5.x one: the same apps built with `webfw` and
 * `webfw/v4`, a whole request each (app.handle through routing to the
 * response), on request/response objects built the way app.listen's server
 * builds them. The target is 4.x within 5% of 5.x. With BENCH_EXPRESS=1,
 * Express 4 runs the same apps for reference (in the same process: its
 * re-parenting of Node's objects slows every variant somewhat).
 *
 * Each variant is loaded as its own copy of the modules (the require cache is
 * emptied in between), so V8 optimises each for its own objects as it would
 * in a process running one version; the variants are timed in interleaved
 * slices, in an order rotating every round (CPU time, median of the
 * slices), so a busy machine slows all of them alike.
 *
 * Run: npm run build && node bench/v4-profile.bench.js
 */
'use strict'

const path = require('node:path')
const { Socket } = require('node:net')

const dist = path.join(__dirname, '..', 'dist') + path.sep

/** A fresh copy of a module of the build (nothing shared with earlier loads). */
function fresh(file) {
  for (const key of Object.keys(require.cache)) if (key.startsWith(dist)) delete require.cache[key]
  return require(path.join(dist, file))
}

function webfwVariant(file) {
  const factory = fresh(file)
  const { serverClasses } = require(path.join(dist, 'app', 'server'))
  return { factory, classes: (app) => serverClasses(app) }
}

const variants = {
  'webfw 5.x': webfwVariant('index.js'),
  'webfw 4.x': webfwVariant('v4.js'),
}
if (process.env.BENCH_EXPRESS) variants['express 4'] = { factory: require('express4'), classes: () => require('node:http') }

const scenarios = {
  hello: ['/', (app) => app.get('/', (req, res) => res.send('hello'))],
  json: ['/', (app) => app.get('/', (req, res) => res.json({ id: 42, name: 'tobi' }))],
  params: ['/users/42/posts/7', (app) => app.get('/users/:user/posts/:post', (req, res) => res.json(req.params))],
  stack: [
    '/api/items',
    (app) => {
      for (let i = 0; i < 5; i++) app.use((req, res, next) => next())
      app.get('/api/items', (req, res) => res.json({ ok: true }))
    },
  ],
  routes: [
    '/r19/x',
    (app) => {
      for (let i = 0; i < 20; i++) app.get(`/r${i}/:id`, (req, res) => res.send(req.params.id))
    },
  ],
  notFound: ['/nowhere', (app) => app.get('/', (req, res) => res.send('hello'))],
}

const SLICE = Number(process.env.BENCH_SLICE || 2000)
const ROUNDS = Number(process.env.BENCH_ROUNDS || 30)

function timeSlice(run) {
  const t0 = process.cpuUsage()
  for (let i = 0; i < SLICE; i++) run()
  const d = process.cpuUsage(t0)
  return ((d.user + d.system) * 1000) / SLICE
}

const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1]

const rows = []
for (const [scenario, [url, build]] of Object.entries(scenarios)) {
  const runs = Object.entries(variants).map(([name, { factory, classes }]) => {
    const app = factory()
    app.set('env', 'test')
    build(app)
    const { IncomingMessage: Req, ServerResponse: Res } = classes(app)
    const socket = new Socket()
    return {
      name,
      samples: [],
      run() {
        const req = new Req(socket)
        req.method = 'GET'
        req.url = url
        app(req, new Res(req))
        // Responses add listeners to the socket; drop them so they do not pile up.
        socket.removeAllListeners()
      },
    }
  })
  for (let w = 0; w < 3; w++) for (const r of runs) timeSlice(r.run)
  // The order rotates every round, so no variant always follows another's garbage.
  for (let k = 0; k < ROUNDS; k++) {
    for (let j = 0; j < runs.length; j++) {
      const r = runs[(j + k) % runs.length]
      r.samples.push(timeSlice(r.run))
    }
  }
  const ns = Object.fromEntries(runs.map((r) => [r.name, median(r.samples)]))
  rows.push({
    scenario,
    ...Object.fromEntries(Object.entries(ns).map(([k, v]) => [`${k} ns`, Math.round(v)])),
    '4.x / 5.x': (ns['webfw 4.x'] / ns['webfw 5.x']).toFixed(3),
    ...(ns['express 4'] ? { 'express 4 / webfw 4.x': (ns['express 4'] / ns['webfw 4.x']).toFixed(2) } : {}),
  })
}
console.table(rows)
