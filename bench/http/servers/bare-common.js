// What the two plain node:http servers (bare.js, bare-express.js) share: the
// 404, the listening server, the find-my-way router, and the three JSON
// scenarios built around a given way of sending the JSON answer, so that the
// two servers differ in that answer and nothing else.
'use strict'

const http = require('node:http')
const FindMyWay = require('find-my-way')
const github = require('../../fixtures/github-routes')

const JSON_TYPE = 'application/json; charset=utf-8'

function notFound(req, res) {
  res.statusCode = 404
  res.end()
}

function listen(handler) {
  return http.createServer(handler).listen(0, '127.0.0.1')
}

function router() {
  return FindMyWay({ defaultRoute: notFound })
}

/**
 * The hello, routes and param builders of `serve()`, each answering with
 * `sendJson(req, res, value)`.
 */
function jsonScenarios(sendJson) {
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
  }
}

module.exports = { JSON_TYPE, notFound, listen, router, jsonScenarios }
