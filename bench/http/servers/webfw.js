// The scenarios on webfw: `node webfw.js <scenario> 5` for `require('webfw')`,
// `... 4` for `require('webfw/v4')`, `... 3` for `require('webfw/v3')`. The same application code as the
// Express servers, with webfw's own logger, body parser, cookie parser and
// static middleware. Parts not in this build make the scenario report
// "unavailable" rather than fall back to something else; only the cookie
// parser may come from the `cookie-parser` package, which webfw supports.
'use strict'

const { serve, need, requireFeature, nullStream, note, envList, protocol, tlsOptions } = require('./harness')
const { expressApiScenarios } = require('./express-api')
const github = require('../../fixtures/github-routes')
const payloads = require('../../fixtures/payloads')

const major = process.argv[3] === '4' ? 4 : process.argv[3] === '3' ? 3 : 5
// BENCH_TRACE (channels, otel): the tracing variants of ./tracing.js.
require('./tracing').setupTracing('webfw')
const webfw = require(major === 4 ? 'webfw/v4' : major === 3 ? 'webfw/v3' : 'webfw')
// 3.x: req.params is an array holding the named parameters as properties
// (Express 3's), which JSON.stringify writes as []: the answer copies them.
const paramsOf = major === 3 ? (params) => ({ ...params }) : (params) => params

// Over HTTP/2 (BENCH_PROTOCOL h2c or h2), the app's own HTTP/2 server.
const listen =
  protocol === 'http1'
    ? (app) => app.listen(0, '127.0.0.1')
    : (app) => app.listen({ http2: true, port: 0, host: '127.0.0.1', ...(protocol === 'h2' ? tlsOptions() : {}) })

// BENCH_DISABLE (settings separated by `+` or `,`, e.g. `etag+x-powered-by`)
// turns Express's defaults off with app.disable, to price them (docs/perf.md).
const disabled = envList('BENCH_DISABLE')
if (disabled.length !== 0) note(`app.disable: ${disabled.join(', ')}`)
function makeApp() {
  const app = webfw()
  for (const setting of disabled) app.disable(setting)
  return app
}

serve({
  hello() {
    const app = makeApp()
    app.get('/', (req, res) => {
      res.json({ hello: 'world' })
    })
    return listen(app)
  },

  routes() {
    const app = makeApp()
    github.routes.forEach(({ method, path }, route) => {
      app[method.toLowerCase()](path, (req, res) => {
        res.json({ route, params: paramsOf(req.params) })
      })
    })
    return listen(app)
  },

  param() {
    const app = makeApp()
    app.get('/users/:id', (req, res) => {
      res.json({ id: req.params.id })
    })
    return listen(app)
  },

  stack() {
    const reqlog = need(requireFeature('webfw/reqlog'), "require('webfw/reqlog')")
    const json = need(webfw.json, 'webfw.json')
    let cookieParser = webfw.cookieParser
    if (typeof cookieParser !== 'function') {
      cookieParser = require('cookie-parser')
      note('cookies parsed by the cookie-parser package (webfw.cookieParser is not in this build)')
    }
    const app = makeApp()
    app.use(reqlog('combined', { stream: nullStream() }))
    app.use(json())
    app.use(cookieParser())
    app.post('/api/users/:id/items', (req, res) => {
      res.json({ id: req.params.id, session: req.cookies.session, count: req.body.items.length })
    })
    return listen(app)
  },

  static() {
    const serveStatic = need(webfw.static, 'webfw.static')
    const app = makeApp()
    app.use(serveStatic(payloads.staticRoot))
    return listen(app)
  },

  ...expressApiScenarios({ factory: webfw, makeApp, listen }),
})
