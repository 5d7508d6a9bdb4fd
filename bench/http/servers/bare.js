// The ceiling: each scenario on plain node:http, with find-my-way where
// there is routing, doing the same work the frameworks do and nothing more
// (the same JSON, the body read and parsed, the cookie header parsed, the
// log line written, the file stat'ed and streamed with the usual headers).
'use strict'

const fs = require('node:fs')
const path = require('node:path')
const ejs = require('ejs')
const { serve } = require('./harness')
const { JSON_TYPE, notFound, listen, jsonScenarios } = require('./bare-common')
const payloads = require('../../fixtures/payloads')
const data = require('../../fixtures/scenario-data')

// writeHead with all headers at once is node:http's cheapest way to answer
// (no per-header bookkeeping), which is what a ceiling should use.
function sendJson(req, res, value) {
  const body = JSON.stringify(value)
  res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body) })
  res.end(body)
}

// The logged variant (stack): the log line reads Content-Length back with
// getHeader, which sees only headers set with setHeader.
function sendJsonLogged(req, res, value) {
  const body = JSON.stringify(value)
  res.setHeader('Content-Type', JSON_TYPE)
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(body)
}

serve({
  ...jsonScenarios(sendJson, sendJsonLogged),

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

  // The template compiled once, as a view cache would keep it.
  views() {
    const file = path.join(data.viewsDir, data.viewName + '.ejs')
    const template = ejs.compile(fs.readFileSync(file, 'utf8'), { filename: file })
    return listen((req, res) => {
      if (req.url !== '/' || req.method !== 'GET') return notFound(req, res)
      const html = template(data.viewLocals)
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) })
      res.end(html)
    })
  },
})
