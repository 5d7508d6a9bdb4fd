/**
 * What an application's headers cost on an HTTP/2 response: the twelve
 * fields helmet sets by default, through the setHeader of webfw's HTTP/2
 * response class (node:http's checks, src/http2/header-rules.ts) and
 * through node:http2's own on a plain Http2ServerResponse. The responses
 * are built on a stand-in stream (an EventEmitter: the constructors only
 * attach listeners to it); one task builds the response only, to subtract.
 *
 * The tasks run in 5 interleaved rounds (bench/lib/rounds.js); each figure is
 * the median over the rounds of that round's median, and the cost over the
 * response alone is taken within each round.
 *
 * Run: npm run build && node bench/http2-set-header.bench.js   (under each node binary to compare)
 */
'use strict'

const { EventEmitter } = require('node:events')
const http2 = require('node:http2')
const { printOverBase } = require('./lib/rounds')
const webfw = require('../dist/index.js')
const { http2Classes } = require('../dist/http2/classes.js')

const WebfwResponse = http2Classes(webfw()).Http2ServerResponse
const HELMET = [
  ['Content-Security-Policy', "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests"],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
]

function setAll(res) {
  for (let i = 0; i < HELMET.length; i++) res.setHeader(HELMET[i][0], HELMET[i][1])
  return res
}

const tasks = {
  'new response only': () => new WebfwResponse(new EventEmitter()),
  "webfw's HTTP/2 setHeader ×12": () => setAll(new WebfwResponse(new EventEmitter())),
  "node:http2's setHeader ×12": () => setAll(new http2.Http2ServerResponse(new EventEmitter())),
}

const BASE = 'new response only'

printOverBase(tasks, BASE, 'the response alone')
