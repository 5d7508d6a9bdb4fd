// One app on every core with node:cluster. A webfw app (like an Express app)
// runs JavaScript on one thread; to use more cores, run one process per core.
// The primary process forks the workers and restarts any that die; the
// workers all listen on the same port and the primary spreads incoming
// connections over them. A worker that cannot listen (the port is taken)
// stops the whole cluster with exit code 1 instead of being restarted.
//
//   npm run build && node examples/cluster/server.js    # http://127.0.0.1:3000 (PORT, WORKERS to change)
'use strict'

const cluster = require('node:cluster')
const os = require('node:os')

const PORT = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
// Loopback only (a reverse proxy serves other machines: docs/deployment.md).
const HOST = '127.0.0.1'

if (cluster.isPrimary) {
  // One worker per core unless WORKERS says otherwise.
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length
  const count = Number(process.env.WORKERS) || cores
  let stopping = false
  let announced = false
  const listened = new Set() // ids of the workers that got the port

  console.log(`primary ${process.pid}: starting ${count} worker(s)`)
  for (let i = 0; i < count; i++) cluster.fork()

  cluster.on('listening', (worker, address) => {
    listened.add(worker.id)
    console.log(`worker ${worker.process.pid} listening`)
    const listening = Object.values(cluster.workers).filter((w) => w.state === 'listening').length
    if (!announced && listening === count) {
      announced = true
      // With PORT=0 the system picks a free port, the same one for every worker.
      console.log(`listening on http://${HOST}:${address.port} (${count} workers)`)
    }
  })

  // On Ctrl-C or SIGTERM: stop accepting, let the workers finish, then exit.
  const stop = (exitCode) => {
    if (stopping) return
    stopping = true
    console.log('primary: shutting down')
    cluster.disconnect(() => process.exit(exitCode))
  }
  process.on('SIGINT', () => stop(0))
  process.on('SIGTERM', () => stop(0))

  // A worker that dies after it was serving is replaced. One that dies before
  // it ever listened would die again: stop with an error instead of looping.
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    if (!listened.has(worker.id)) {
      console.error(`worker ${worker.process.pid} could not start (${signal || code}); stopping`)
      return stop(1)
    }
    console.log(`worker ${worker.process.pid} died (${signal || code}); starting a new one`)
    cluster.fork()
  })
} else {
  const app = require('./app')
  // Every worker listens on the same port; the primary owns the socket. A
  // listen error (port taken) comes to the callback: report it, exit 1.
  app.listen(PORT, HOST, (err) => {
    if (err) {
      console.error(`worker ${process.pid}: cannot listen on ${HOST}:${PORT}: ${err.message}`)
      process.exit(1)
    }
  })
}
