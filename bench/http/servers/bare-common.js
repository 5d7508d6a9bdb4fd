// What the two plain node:http servers (bare.js, bare-express.js) share: the
// 404, the listening server, the find-my-way router, the body readers, and
// the JSON scenarios built around a given way of sending the JSON answer,
// so that the two servers differ in that answer and nothing else.
'use strict'

const http = require('node:http')
const http2 = require('node:http2')
const querystring = require('node:querystring')
const cookie = require('cookie')
const FindMyWay = require('find-my-way')
const github = require('../../fixtures/github-routes')
const data = require('../../fixtures/scenario-data')
const { nullStream, Unavailable, protocol, tlsOptions } = require('./harness')
const { combinedLine } = require('./combined-line')

// The ceiling settles Node's async context frame class at start, as webfw
// does when it loads (src/util/async-context-frame.ts); fastify's start-up
// already does (its count is the same when the class is settled first). On Node 24 a server that leaves it to its first requests
// pays about 7,000 instructions a request more for good (docs/perf.md, "The
// async context frame"). A ceiling should not carry that.
void require('node:async_hooks').AsyncLocalStorage

const JSON_TYPE = 'application/json; charset=utf-8'
const BODY_LIMIT = 100 * 1024

function notFound(req, res) {
  res.statusCode = 404
  res.end()
}

/** The server for `handler`: node:http, or node:http2's compatibility API (same handler) when the benchmark speaks HTTP/2. */
function listen(handler) {
  const server =
    protocol === 'h2' ? http2.createSecureServer(tlsOptions(), handler) : protocol === 'h2c' ? http2.createServer(handler) : http.createServer(handler)
  return server.listen(0, '127.0.0.1')
}

function router() {
  return FindMyWay({ defaultRoute: notFound })
}

/** Reads a body of `mediaType` into a string, answering 413/415 itself. */
function readText(req, res, mediaType, callback) {
  const type = req.headers['content-type']
  if (typeof type !== 'string' || !type.startsWith(mediaType)) {
    res.statusCode = 415
    return res.end()
  }
  const chunks = []
  let size = 0
  req.on('data', (chunk) => {
    size += chunk.length
    if (size > BODY_LIMIT) {
      res.statusCode = 413
      res.end()
      req.destroy()
      return
    }
    chunks.push(chunk)
  })
  req.on('end', () => {
    callback(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8'))
  })
}

/** Reads and parses a JSON body, answering 400/413/415 itself on bad input. */
function readJson(req, res, callback) {
  readText(req, res, 'application/json', (text) => {
    let body
    try {
      body = JSON.parse(text)
    } catch {
      res.statusCode = 400
      return res.end()
    }
    callback(body)
  })
}

/**
 * The hello, routes, param and stack builders of `serve()`, each answering
 * with `sendJson(req, res, value)`; stack with `sendJsonLogged`, which must
 * set Content-Length with setHeader so that the log line can read it back.
 */
function jsonScenarios(sendJson, sendJsonLogged = sendJson) {
  return {
    hello() {
      return listen((req, res) => {
        if (req.url === '/' && req.method === 'GET') sendJson(req, res, { hello: 'world' })
        else notFound(req, res)
      })
    },

    routes() {
      const r = router()
      github.routes.forEach(({ method, path }, route) => {
        r.on(method, path, (req, res, params) => {
          sendJson(req, res, { route, params })
        })
      })
      return listen((req, res) => r.lookup(req, res))
    },

    param() {
      const r = router()
      r.on('GET', '/users/:id', (req, res, params) => {
        sendJson(req, res, { id: params.id })
      })
      return listen((req, res) => r.lookup(req, res))
    },

    stack() {
      const stream = nullStream()
      const r = router()
      r.on('POST', '/api/users/:id/items', (req, res, params) => {
        readJson(req, res, (body) => {
          const cookies = cookie.parse(req.headers.cookie || '')
          sendJsonLogged(req, res, { id: params.id, session: cookies.session, count: body.items.length })
        })
      })
      return listen((req, res) => {
        res.on('finish', () => {
          stream.write(combinedLine(req, res.statusCode, res.getHeader('content-length')))
        })
        r.lookup(req, res)
      })
    },

    'many-routes'() {
      const r = router()
      data.manyRoutes.forEach((path, route) => {
        r.on('GET', path, (req, res, params) => {
          sendJson(req, res, { route, id: params.id })
        })
      })
      return listen((req, res) => r.lookup(req, res))
    },

    // No routers to nest: the whole path in one table.
    'nested-routers'() {
      const r = router()
      r.on('GET', data.nested.prefix + data.nested.middle + data.nested.leaf, (req, res, params) => {
        sendJson(req, res, { version: params.version, user: params.user, post: params.post })
      })
      return listen((req, res) => r.lookup(req, res))
    },

    middlewares() {
      throw new Unavailable('node:http has no middleware; the scenario measures a framework\'s middleware chain')
    },

    urlencoded() {
      return listen((req, res) => {
        if (req.url !== '/signup' || req.method !== 'POST') return notFound(req, res)
        readText(req, res, 'application/x-www-form-urlencoded', (text) => {
          sendJson(req, res, data.formAnswer(querystring.parse(text)))
        })
      })
    },
  }
}

module.exports = { JSON_TYPE, notFound, listen, router, jsonScenarios }
