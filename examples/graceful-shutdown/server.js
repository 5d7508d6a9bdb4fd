// Graceful shutdown: on SIGTERM (what process managers, systemd, Docker and
// Kubernetes send) or Ctrl-C, stop taking connections, finish the requests
// in flight, close keep-alive connections, release resources, then exit 0.
//
//   npm run build && node examples/graceful-shutdown/server.js    # http://127.0.0.1:3000 (PORT to change)
'use strict'

const webfw = require('webfw')
const { graceful } = require('./graceful')

const app = webfw()

app.get('/', (req, res) => res.send('Hello! GET /slow takes 3 seconds: stop the server meanwhile.'))

app.get('/slow', (req, res) => {
  setTimeout(() => res.send('finished, even though the server was asked to stop\n'), 3000)
})

module.exports = app

if (require.main === module) {
  // Loopback only (a reverse proxy serves other machines: docs/deployment.md).
  // A listen error (port taken) comes to the callback: report it, exit 1.
  const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
  const server = app.listen(port, '127.0.0.1', (err) => {
    if (err) {
      console.error(`graceful-shutdown: cannot listen on 127.0.0.1:${port}: ${err.message}`)
      process.exit(1)
    }
    console.log(`graceful-shutdown listening on http://127.0.0.1:${server.address().port}`)
  })
  const shutdown = graceful(server)

  // Requests that still run after this long are cut off (GRACE_MS to change).
  const graceMs = Number(process.env.GRACE_MS) || 10_000

  const stop = (signal) => {
    console.log(`${signal}: shutting down`)
    setTimeout(() => {
      console.error(`still busy after ${graceMs} ms: closing the remaining connections`)
      server.closeAllConnections()
    }, graceMs).unref()
    shutdown().then(
      () => {
        // Release the rest here (database pools, queues), then the process
        // ends by itself, with nothing left to run.
        console.log('all connections closed')
      },
      (err) => {
        console.error(`shutdown failed: ${err.message}`)
        process.exitCode = 1
      },
    )
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}
