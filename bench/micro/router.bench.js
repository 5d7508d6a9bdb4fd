// Route lookup plus dispatch on the 205-route GitHub-shaped table (issue 2's
// benchmark): webfw's router against express 5's and express 4's and bare
// find-my-way, each driven through its public API with the same minimal
// request and response, doing the same work per request: find the route,
// extract its parameters and call its handler, which records what it saw.
// One task call sends the ten requests of the `routes` scenario in turn.
'use strict'

const FindMyWay = require('find-my-way')
const express = require('express')
const express4 = require('express4')
const webfw = require('webfw')
const github = require('../fixtures/github-routes')

const requests = github.requests

// What the last handler saw; checked after every request, so a task that
// stops dispatching (or dispatches asynchronously) fails instead of timing nothing.
let seenRoute = -1
let seenParams = null

function fail(err) {
  throw err || new Error('request fell through: no route handled it')
}

function check(r) {
  if (seenRoute !== r.route) throw new Error(`${r.path}: handled by route ${seenRoute}, want ${r.route}`)
}

function fillRouter(router) {
  github.routes.forEach(({ method, path }, route) => {
    router[method.toLowerCase()](path, (req, res) => {
      seenRoute = route
      seenParams = req.params
    })
  })
  return router
}

const fmw = FindMyWay()
github.routes.forEach(({ method, path }, route) => {
  fmw.on(method, path, (req, res, params) => {
    seenRoute = route
    seenParams = params
  })
})

const webfwRouter = fillRouter(webfw.Router())
const expressRouter = fillRouter(express.Router())
const express4Router = fillRouter(express4.Router())
const webfwApp = fillRouter(webfw())
const expressApp = fillRouter(express())

// Fresh objects per request, as a server gets: routers write params, baseUrl
// and next onto them, and app.handle re-parents them.
function request(path) {
  return { method: 'GET', url: path, headers: { host: 'localhost' } }
}
function response() {
  return { statusCode: 200, setHeader() {}, getHeader() {}, end() {} }
}

// How each contender handles one request.
const dispatchers = {
  'find-my-way lookup': (req, res) => fmw.lookup(req, res),
  'webfw Router#handle': (req, res) => webfwRouter.handle(req, res, fail),
  'express 5 Router#handle': (req, res) => expressRouter.handle(req, res, fail),
  'express 4 Router#handle': (req, res) => express4Router.handle(req, res, fail),
  'webfw app.handle': (req, res) => webfwApp.handle(req, res, fail),
  'express 5 app.handle': (req, res) => expressApp.handle(req, res, fail),
}

function task(dispatch) {
  return function () {
    for (let i = 0; i < requests.length; i++) {
      const r = requests[i]
      seenRoute = -1
      dispatch(request(r.path), response())
      check(r)
    }
  }
}

module.exports = {
  title: `Route lookup + dispatch, ${github.routes.length} GitHub-shaped routes, ${requests.length} requests in turn`,
  unit: 'request',
  batch: requests.length,
  baseline: 'find-my-way lookup',
  target: 'webfw Router#handle within 1.2× of find-my-way lookup (issue 2)',
  tasks: Object.fromEntries(Object.entries(dispatchers).map(([name, dispatch]) => [name, task(dispatch)])),
  check() {
    // Every contender must pick the same route and see the same parameters.
    for (const [name, dispatch] of Object.entries(dispatchers)) {
      for (const r of requests) {
        seenRoute = -1
        seenParams = null
        dispatch(request(r.path), response())
        check(r)
        const got = JSON.stringify(Object.assign({}, seenParams))
        if (got !== JSON.stringify(r.params)) throw new Error(`${name} ${r.path}: params ${got}, want ${JSON.stringify(r.params)}`)
      }
    }
  },
}
