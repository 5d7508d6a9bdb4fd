// The scenarios of the end-to-end benchmark: what the load generator sends
// and what every server must answer (checked before each measured run, so a
// fast 404 can never pass for a result).
'use strict'

const fs = require('node:fs')
const http = require('node:http')
const http2 = require('node:http2')
const { baseUrl } = require('./protocol')
const github = require('../fixtures/github-routes')
const payloads = require('../fixtures/payloads')
const data = require('../fixtures/scenario-data')

const scenarios = {
  hello: {
    description: 'GET / answered with a small JSON object',
    routed: false,
    requests: [{ method: 'GET', path: '/' }],
    expect: [{ json: { hello: 'world' } }],
  },
  routes: {
    description: `${github.routes.length} GitHub-REST-shaped routes, load spread over ${github.requests.length} of them (static and parameterised)`,
    routed: true,
    requests: github.requests.map((r) => ({ method: 'GET', path: r.path })),
    expect: github.requests.map((r) => ({ json: { route: r.route, params: r.params } })),
  },
  param: {
    description: 'one parameterised route, GET /users/:id',
    routed: true,
    requests: [{ method: 'GET', path: '/users/12345' }],
    expect: [{ json: { id: '12345' } }],
  },
  stack: {
    description: 'request logger (combined, to a null stream), 1 KB JSON POST body parsed, a cookie read, a route parameter, res.json',
    routed: true,
    requests: [
      {
        method: 'POST',
        path: '/api/users/42/items',
        headers: { 'content-type': 'application/json', cookie: payloads.cookieHeader },
        body: payloads.jsonBody,
      },
    ],
    expect: [{ json: { id: '42', session: payloads.sessionCookie, count: payloads.itemCount } }],
    // One combined-format line per request, with the status and the length
    // (HTTP/2.0 when the benchmark speaks HTTP/2).
    logLine: /^\S+ - \S+ \[\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] "POST \/api\/users\/42\/items HTTP\/(1\.1|2\.0)" 200 \d+ "-" "[^"]*"\n$/,
  },
  static: {
    description: `a ${fs.statSync(payloads.staticPath).size / 1024} KB file from a static-file middleware`,
    routed: false,
    requests: [{ method: 'GET', path: '/' + payloads.staticFile }],
    expect: [{ body: fs.readFileSync(payloads.staticPath, 'utf8') }],
  },
  'many-routes': {
    description: `${data.manyRoutes.length} parameterised routes; the request matches the last one`,
    routed: true,
    requests: [{ method: 'GET', path: data.manyRoutesPath }],
    expect: [{ json: data.manyRoutesAnswer }],
  },
  'nested-routers': {
    description: 'three levels of routers, each adding a route parameter (GET /api/:version/users/:user/posts/:post)',
    routed: true,
    requests: [{ method: 'GET', path: data.nestedPath }],
    expect: [{ json: data.nestedAnswer }],
  },
  middlewares: {
    description: `${data.MIDDLEWARE_COUNT} pass-through middleware (each counts itself on the request) before one route`,
    routed: false,
    requests: [{ method: 'GET', path: '/' }],
    expect: [{ json: data.middlewaresAnswer }],
  },
  views: {
    description: 'an ejs page (a table of 8 items) rendered by the framework\'s view layer, template cache on',
    routed: false,
    requests: [{ method: 'GET', path: '/' }],
    expect: [{ body: data.viewHtml }],
  },
  urlencoded: {
    description: `a ${data.formBody.length}-byte form of ${Object.keys(data.formFields).length} fields POSTed and parsed by the URL-encoded body parser`,
    routed: false,
    requests: [
      {
        method: 'POST',
        path: '/signup',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: data.formBody,
      },
    ],
    expect: [{ json: data.formAnswer(data.formFields) }],
  },
}

const scenarioNames = Object.keys(scenarios)

/** One request of a scenario over `protocol` (see ./protocol.js): its status and body. */
function send(port, req, protocol = 'http1') {
  if (protocol !== 'http1') return send2(port, req, protocol)
  return new Promise((resolve, reject) => {
    const r = http.request({ host: '127.0.0.1', port, method: req.method, path: req.path, headers: req.headers || {} }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode, body }))
    })
    r.on('error', reject)
    r.setTimeout(5000, () => r.destroy(new Error('no answer within 5 s')))
    r.end(req.body)
  })
}

function send2(port, req, protocol) {
  return new Promise((resolve, reject) => {
    // The benchmark's certificate is self-signed.
    const session = http2.connect(baseUrl(protocol, port), { rejectUnauthorized: false })
    const fail = (err) => {
      session.destroy()
      reject(err)
    }
    session.on('error', fail)
    const stream = session.request({ ':method': req.method, ':path': req.path, ...req.headers })
    let status = 0
    let body = ''
    stream.setEncoding('utf8')
    stream.on('response', (headers) => (status = headers[':status']))
    stream.on('data', (c) => (body += c))
    stream.on('end', () => {
      session.close()
      resolve({ status, body })
    })
    stream.on('error', fail)
    stream.setTimeout(5000, () => fail(new Error('no answer within 5 s')))
    stream.end(req.body)
  })
}

/**
 * Sends each request of `name` once; returns a list of problems (empty when
 * every answer is right). With `child`, the server process, also checks that
 * a scenario with a request logger logged each request in combined format.
 * `protocol` is the one the server speaks (./protocol.js).
 */
async function verify(port, name, child, protocol = 'http1') {
  const s = scenarios[name]
  const problems = []
  for (let i = 0; i < s.requests.length; i++) {
    const req = s.requests[i]
    const want = s.expect[i]
    let res
    try {
      res = await send(port, req, protocol)
    } catch (err) {
      problems.push(`${req.method} ${req.path}: ${err.message}`)
      continue
    }
    if (res.status !== 200) {
      problems.push(`${req.method} ${req.path}: status ${res.status}: ${res.body.slice(0, 200)}`)
      continue
    }
    if (want.json !== undefined) {
      let got
      try {
        got = JSON.parse(res.body)
      } catch {
        problems.push(`${req.method} ${req.path}: not JSON: ${res.body.slice(0, 200)}`)
        continue
      }
      if (!sameJson(got, want.json)) problems.push(`${req.method} ${req.path}: got ${res.body.slice(0, 200)}, want ${JSON.stringify(want.json)}`)
    } else if (want.body !== undefined && res.body !== want.body) {
      problems.push(`${req.method} ${req.path}: body of ${res.body.length} chars differs from the ${want.body.length} expected`)
    }
  }
  if (s.logLine && child && problems.length === 0) {
    const { queryLogged } = require('./process')
    // Loggers write when the response has finished, just after the client got it.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const { lines, last } = await queryLogged(child)
    if (lines < s.requests.length) problems.push(`the request logger wrote ${lines} line(s) for ${s.requests.length} request(s)`)
    else if (!s.logLine.test(last)) problems.push(`log line not in combined format: ${JSON.stringify(last)}`)
    else if (!last.includes(protocol === 'http1' ? ' HTTP/1.1" ' : ' HTTP/2.0" ')) problems.push(`log line names another HTTP version: ${JSON.stringify(last)}`)
  }
  return problems
}

/** Deep equality of JSON values, ignoring key order. */
function sameJson(a, b) {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return ka.length === kb.length && ka.every((k) => sameJson(a[k], b[k]))
}

module.exports = { scenarios, scenarioNames, verify }
