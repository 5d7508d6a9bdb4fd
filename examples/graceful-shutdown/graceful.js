// Graceful shutdown of an http.Server with keep-alive connections: stop
// accepting connections, close the idle ones at once, let requests in
// flight finish, then close their connections too, instead of waiting for
// the clients or for the keep-alive timeout.
'use strict'

/**
 * Prepares `server` (what app.listen returned) for a graceful shutdown and
 * returns `shutdown()`, which resolves once every connection is closed.
 */
function graceful(server) {
  const inFlight = new Set()
  let closed = null

  server.on('request', (req, res) => {
    inFlight.add(res)
    res.once('close', () => inFlight.delete(res))
    // A request that arrives on an open connection during the shutdown is
    // still served, and its connection closed after it.
    if (closed) closeAfter(res)
  })

  function closeAfter(res) {
    if (!res.headersSent) {
      // Tells the client, and Node's server, to close once this response is done.
      res.setHeader('Connection', 'close')
    } else {
      // Headers already out (a streamed response): once it is done the
      // connection is idle, and closeIdleConnections closes it.
      res.once('finish', () => setImmediate(() => server.closeIdleConnections()))
    }
  }

  return function shutdown() {
    if (closed) return closed
    // close() stops accepting at once and calls back when the last connection is gone.
    closed = new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())))
    // Keep-alive connections waiting for a next request would otherwise hold
    // the server open until their timeout.
    server.closeIdleConnections()
    for (const res of inFlight) closeAfter(res)
    return closed
  }
}

module.exports = { graceful }
