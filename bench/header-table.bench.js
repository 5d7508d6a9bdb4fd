/**
 * What res.json's own header work costs through node:http's setHeader and
 * getHeader against writing the response's header table directly
 * (src/response/header-table.ts): four sets (X-Powered-By, Content-Type,
 * Content-Length, ETag) and three reads (Content-Type, ETag,
 * Transfer-Encoding) on a fresh ServerResponse, through setHeader/getHeader
 * and directly, through the per-header functions webfw uses (each name its
 * own property-access site). One more task builds the response only, to
 * subtract.
 *
 * The tasks run in 5 interleaved rounds (bench/lib/rounds.js); each figure is
 * the median over the rounds of that round's median, and the cost over the
 * response alone is taken within each round.
 *
 * Run: npm run build && node bench/header-table.bench.js   (run it under each node binary to compare)
 */
'use strict'

const { Socket } = require('node:net')
const http = require('node:http')
const { printOverBase } = require('./lib/rounds')
const { poweredByHeader, contentTypeHeader, etagHeader, transferEncodingHeader, contentLengthHeader } = require('../dist/response/header-table')

const socket = new Socket()
const request = new http.IncomingMessage(socket)
request.method = 'GET'
const ETAG = 'W/"11-Ff1a2b3c4d5e6f7a8b9c0d1e2f3"'

const tasks = {
  'new ServerResponse only': () => {
    return new http.ServerResponse(request)
  },
  'setHeader ×4 + getHeader ×3': () => {
    const res = new http.ServerResponse(request)
    res.setHeader('X-Powered-By', 'webfw')
    res.getHeader('Content-Type')
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    res.getHeader('ETag')
    res.getHeader('Transfer-Encoding')
    res.setHeader('Content-Length', '17')
    res.setHeader('ETag', ETAG)
    return res
  },
  'header slots ×4 + ×3': () => {
    const res = new http.ServerResponse(request)
    poweredByHeader.put(res, 'webfw')
    contentTypeHeader.read(res)
    contentTypeHeader.put(res, 'application/json; charset=utf-8')
    etagHeader.read(res)
    transferEncodingHeader.read(res)
    contentLengthHeader.put(res, '17')
    etagHeader.put(res, ETAG)
    return res
  },
}

const BASE = 'new ServerResponse only'

printOverBase(tasks, BASE, 'the response alone')
