// Query parsing through `req.query`, webfw against express 5, with the
// "simple" parser (5.x default) and the "extended" one (qs). Each request is
// a fresh object on the app's request prototype, as a server would make it.
// Express 5 parses again on every read of req.query; webfw parses once per
// URL, so a second group reads it three times (middleware, handler, logger).
'use strict'

const express = require('express')
const webfw = require('webfw')
const fastQuerystring = require('fast-querystring')
const qs = require('qs')

const SIMPLE_URL = '/search/repositories?q=webfw+language%3Atypescript&sort=stars&order=desc&per_page=50&page=2'
const EXTENDED_URL = '/issues?filter[state]=open&filter[labels][]=bug&filter[labels][]=ui&sort=created&direction=asc&page=3'

function apps(parser) {
  const e = express()
  const w = webfw()
  e.set('query parser', parser)
  w.set('query parser', parser)
  return { express: e, webfw: w }
}

function reader(app, url, reads, expectKey) {
  const proto = app.request
  return function () {
    const req = Object.create(proto)
    req.url = url
    req.method = 'GET'
    req.headers = {}
    let q
    for (let i = 0; i < reads; i++) q = req.query
    if (q[expectKey] === undefined) throw new Error(`req.query lacks ${expectKey}`)
  }
}

function group(title, parser, url, reads, key, floor) {
  const a = apps(parser)
  const tasks = {
    'express 5 req.query': reader(a.express, url, reads, key),
    'webfw req.query': reader(a.webfw, url, reads, key),
  }
  if (floor) tasks[floor.name] = floor.fn
  return {
    title,
    unit: 'request',
    baseline: 'express 5 req.query',
    tasks,
    check() {
      const e = Object.create(a.express.request)
      const w = Object.create(a.webfw.request)
      e.url = w.url = url
      e.headers = w.headers = {}
      const got = JSON.stringify(w.query)
      const want = JSON.stringify(e.query)
      if (got !== want) throw new Error(`${parser}: webfw parsed ${got}, express ${want}`)
    },
  }
}

const simpleQs = SIMPLE_URL.slice(SIMPLE_URL.indexOf('?') + 1)
const extendedQs = EXTENDED_URL.slice(EXTENDED_URL.indexOf('?') + 1)

module.exports = [
  group('req.query, "simple" parser (5.x default), 5 parameters, read once', 'simple', SIMPLE_URL, 1, 'sort', {
    name: 'fast-querystring.parse alone (floor)',
    fn: () => fastQuerystring.parse(simpleQs),
  }),
  group('req.query, "simple" parser, read three times per request', 'simple', SIMPLE_URL, 3, 'sort'),
  group('req.query, "extended" parser (qs), nested keys and arrays, read once', 'extended', EXTENDED_URL, 1, 'filter', {
    name: 'qs.parse alone (floor)',
    fn: () => qs.parse(extendedQs, { allowPrototypes: true }),
  }),
]
