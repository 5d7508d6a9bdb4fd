// The `stack` request on plain node:http with nothing but a request logger,
// for bench/inmem/reqlog-line.js: the body is read and a fixed JSON answer
// sent, and LOGGER picks what writes the `combined` line to a null stream:
//
//   none    no logger (the baseline every other variant is measured against)
//   reqlog  reqlog('combined'), as the stack scenario's webfw server uses it
//           (`reqlog:<path>`: the reqlog module at <path>, e.g. another
//           build's dist/reqlog/index.js, to compare two builds)
//   morgan  morgan('combined'), as the Express server uses it
//   hand    the hand-written line of bench/http/servers/combined-line.js
//           (what the bare and fastify servers write)
//   write   the floor of any logger with morgan's contract: on 'finish', one
//           fixed line as long as the combined one written to the stream
//           (no field read, no text built, no async context kept)
//   write-scoped  the same line, the callback run in the request's async
//           context as morgan's on-finished does (an AsyncResource per request)
//
// Served to bench/inmem/worker.js as a server file:
//   node bench/inmem/worker.js bench/inmem/reqlog-server.js stack
'use strict'

const http = require('node:http')
const { AsyncResource } = require('node:async_hooks')

// Every variant settles Node's async context frame class at start, as
// webfw/reqlog does when it loads: otherwise the variants without reqlog
// pay Node 24's late switch (docs/perf.md, "The async context frame") and
// the difference to them would charge reqlog's line with less than it costs.
void require('node:async_hooks').AsyncLocalStorage
const { serve, nullStream, note } = require('../http/servers/harness')
const { combinedLine } = require('../http/servers/combined-line')
const { scenarios } = require('../http/scenarios')

const ANSWER = '{"ok":true}'
const VARIANTS = ['none', 'reqlog', 'morgan', 'hand', 'write', 'write-scoped']
const [variant, modulePath] = (process.env.LOGGER || 'none').split(/:(.*)/)
if (!VARIANTS.includes(variant)) throw new Error(`LOGGER: "${variant}" is none of ${VARIANTS.join(', ')}`)

function noop() {}

/** The benchmark request's combined line (no user agent, no referrer), built once: a flat string of the same length. */
function fixedLine() {
  const { method, path } = scenarios.stack.requests[0]
  const fake = { headers: {}, socket: { remoteAddress: '127.0.0.1' }, method, url: path, httpVersion: '1.1' }
  return combinedLine(fake, 200, ANSWER.length)
}

/** `(req, res)` called first for every request, writing the line to `stream` once the response is over. */
function makeLogger(stream) {
  switch (variant) {
    case 'reqlog': {
      const middleware = require(modulePath || 'webfw/reqlog')('combined', { stream })
      return (req, res) => middleware(req, res, noop)
    }
    case 'morgan': {
      const middleware = require('morgan')('combined', { stream })
      return (req, res) => middleware(req, res, noop)
    }
    case 'hand':
      return (req, res) => {
        res.on('finish', () => stream.write(combinedLine(req, res.statusCode, res.getHeader('content-length'))))
      }
    case 'write': {
      const line = fixedLine()
      return (req, res) => {
        res.on('finish', () => stream.write(line))
      }
    }
    case 'write-scoped': {
      const line = fixedLine()
      const write = () => stream.write(line)
      return (req, res) => {
        const scope = new AsyncResource('logger')
        res.on('finish', () => scope.runInAsyncScope(write))
      }
    }
    default:
      return noop
  }
}

serve({
  stack() {
    note(`logger: ${process.env.LOGGER || 'none'}`)
    const log = makeLogger(nullStream())
    return http
      .createServer((req, res) => {
        log(req, res)
        req.on('end', () => {
          // setHeader, not writeHead(fields): the line reads Content-Length back
          res.setHeader('Content-Type', 'application/json; charset=utf-8')
          res.setHeader('Content-Length', ANSWER.length)
          res.end(ANSWER)
        })
        req.resume()
      })
      .listen(0, '127.0.0.1')
  },
})
