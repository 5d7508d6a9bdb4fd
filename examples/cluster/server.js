// One app on every core with node:cluster. A webfw app (like an Express app)
// runs JavaScript on one thread; to use more cores, run one process per core.
// The primary process forks the workers and restarts any that die; the
// workers all listen on the same port and the primary spreads incoming
// connections over them.
//
//   npm run build && node examples/cluster/server.js    # http://127.0.0.1:3000 (PORT, HOST, WORKERS to change)
'use strict'

const cluster = require('node:cluster')
const os = require('node:os')

const PORT = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
const HOST = process.env.HOST || '127.0.0.1'

if (cluster.isPrimary) {
  // One worker per core unless WORKERS says otherwise.
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length
  const count = Number(process.env.WORKERS) || cores
  let stopping = false
  let announced = false

  console.log(`primary ${process.pid}: starting ${count} worker(s)`)
  for (let i = 0; i < count; i++) cluster.fork()

  cluster.on('listening', (worker, address) => {
    console.log(`worker ${worker.process.pid} listening`)
    const listening = Object.values(cluster.workers).filter((w) => w.state === 'listening').length
    if (!announced && listening === count) {
      announced = true
      // With PORT=0 the system picks a free port, the same one for every worker.
      console.log(`listening on http://${HOST}:${address.port} (${count} workers)`)
    }
  })

  // A worker that dies unexpectedly is replaced.
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    console.log(`worker ${worker.process.pid} died (${signal || code}); starting a new one`)
    cluster.fork()
  })

  // On Ctrl-C or SIGTERM: stop accepting, let the workers finish, then exit.
  const stop = () => {
    if (stopping) return
    stopping = true
    console.log('primary: shutting down')
    cluster.disconnect(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} else {
  const app = require('./app')
  // Every worker listens on the same port; the primary owns the socket.
  app.listen(PORT, HOST)
}
