// The ceiling: each scenario on plain node:http, with find-my-way where
// there is routing, doing the same work the frameworks do and nothing more
// (the same JSON, the body read and parsed, the cookie header parsed, the
// log line written, the file stat'ed and streamed with the usual headers).
'use strict'

const fs = require('node:fs')
const cookie = require('cookie')
const { serve, nullStream } = require('./harness')
const { combinedLine } = require('./combined-line')
const { JSON_TYPE, notFound, listen, router, jsonScenarios } = require('./bare-common')
const payloads = require('../../fixtures/payloads')

const BODY_LIMIT = 100 * 1024

// writeHead with all headers at once is node:http's cheapest way to answer
// (no per-header bookkeeping), which is what a ceiling should use.
function sendJson(req, res, value) {
  const body = JSON.stringify(value)
  res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body) })
  res.end(body)
}

// The logged variant: the log line reads Content-Length back with
// getHeader, which sees only headers set with setHeader.
function sendJsonLogged(res, value) {
  const body = JSON.stringify(value)
  res.setHeader('Content-Type', JSON_TYPE)
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(body)
}

/** Reads and parses a JSON body, answering 400/413/415 itself on bad input. */
function readJson(req, res, callback) {
  const type = req.headers['content-type']
  if (typeof type !== 'string' || !type.startsWith('application/json')) {
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
    let body
    try {
      body = JSON.parse(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8'))
    } catch {
      res.statusCode = 400
      return res.end()
    }
    callback(body)
  })
}

serve({
  ...jsonScenarios(sendJson),

  stack() {
    const stream = nullStream()
    const r = router()
    r.on('POST', '/api/users/:id/items', (req, res, params) => {
      readJson(req, res, (body) => {
        const cookies = cookie.parse(req.headers.cookie || '')
        sendJsonLogged(res, { id: params.id, session: cookies.session, count: body.items.length })
      })
    })
    return listen((req, res) => {
      res.on('finish', () => {
        stream.write(combinedLine(req, res.statusCode, res.getHeader('content-length')))
      })
      r.lookup(req, res)
    })
  },

  static() {
    const file = payloads.staticPath
    const url = '/' + payloads.staticFile
    return listen((req, res) => {
      if (req.url !== url || (req.method !== 'GET' && req.method !== 'HEAD')) return notFound(req, res)
      fs.stat(file, (err, st) => {
        if (err) {
          res.statusCode = 500
          return res.end()
        }
        res.writeHead(200, {
          'Accept-Ranges': 'bytes',
          'Cache-Control': 'public, max-age=0',
          'Last-Modified': st.mtime.toUTCString(),
          ETag: 'W/"' + st.size.toString(16) + '-' + st.mtime.getTime().toString(16) + '"',
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Length': st.size,
        })
        fs.createReadStream(file).pipe(res)
      })
    })
  },
})
