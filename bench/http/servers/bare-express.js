// The JSON scenarios on plain node:http (find-my-way where routed), doing by
// hand exactly the per-response work an Express app does by default and
// `bare` skips: an X-Powered-By header, the type with its charset, the weak
// SHA-1 ETag of the body, the conditional-GET check (304), all through
// setHeader so that they stay readable with getHeader. It separates what
// Express's defaults cost from what a framework adds on top: webfw's distance
// to this server is its own overhead; this server's distance to `bare` is the
// price of the defaults. In stack the rest of the work (body, cookie, log
// line) is bare's own. (static is not served: its headers are the static
// middleware's, not the app's defaults.)
'use strict'

const crypto = require('node:crypto')
const { serve, Unavailable } = require('./harness')
const { JSON_TYPE, jsonScenarios } = require('./bare-common')

// One-shot hashing where Node has it (>= 20.12), as a framework would use.
const sha1Base64 =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha1', text, 'base64')
    : (text) => crypto.createHash('sha1').update(text).digest('base64')

function sendJson(req, res, value) {
  const body = JSON.stringify(value)
  const length = Buffer.byteLength(body)
  const etag = 'W/"' + length.toString(16) + '-' + sha1Base64(body).substring(0, 27) + '"'
  res.setHeader('X-Powered-By', 'Express')
  res.setHeader('Content-Type', JSON_TYPE)
  res.setHeader('Content-Length', String(length))
  res.setHeader('ETag', etag)
  const held = req.headers['if-none-match']
  if (held !== undefined && (held === etag || held === '*')) {
    res.statusCode = 304
    res.removeHeader('Content-Type')
    res.removeHeader('Content-Length')
    return res.end()
  }
  res.end(body)
}

serve({
  ...jsonScenarios(sendJson),
  static() {
    throw new Unavailable('static is middleware work; this server only measures the JSON response defaults')
  },
})
