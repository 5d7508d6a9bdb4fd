// A minimal Apache "combined" log line for the servers that have no
// morgan-style logger (bare node:http and fastify): the same fields morgan
// writes, with the CLF date formatted once per second as a hand-written
// logger would cache it. No Basic-auth parsing (the benchmark sends none).
'use strict'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
let cachedSecond = -1
let cachedDate = ''

function pad2(n) {
  return n < 10 ? '0' + n : String(n)
}

function clfDate(now) {
  const second = Math.floor(now / 1000)
  if (second !== cachedSecond) {
    const d = new Date(now)
    cachedSecond = second
    cachedDate =
      pad2(d.getUTCDate()) + '/' + MONTHS[d.getUTCMonth()] + '/' + d.getUTCFullYear() + ':' +
      pad2(d.getUTCHours()) + ':' + pad2(d.getUTCMinutes()) + ':' + pad2(d.getUTCSeconds()) + ' +0000'
  }
  return cachedDate
}

/** The combined-format line (with its newline) for a finished request. */
function combinedLine(req, statusCode, contentLength) {
  const h = req.headers
  const referrer = h.referer || h.referrer
  return (
    (req.socket.remoteAddress || '-') + ' - - [' + clfDate(Date.now()) + '] "' +
    req.method + ' ' + req.url + ' HTTP/' + req.httpVersion + '" ' +
    statusCode + ' ' + (contentLength === undefined ? '-' : contentLength) + ' "' +
    (referrer || '-') + '" "' + (h['user-agent'] || '-') + '"\n'
  )
}

module.exports = { combinedLine }
