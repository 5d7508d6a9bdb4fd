// Logging with reqlog (webfw's morgan): every request to an access-log file
// in the Apache combined format, and failed requests (status >= 400) to the
// console in the colourful `dev` format, from two logger instances.
//
//   npm run build && node examples/logging/server.js    # http://127.0.0.1:3000 (PORT to change)
//
// The access log goes to examples/logging/access.log (LOG_FILE to change).
'use strict'

const fs = require('node:fs')
const path = require('node:path')
const webfw = require('webfw')
const reqlog = require('webfw/reqlog') // instead of require('morgan')

/**
 * The app, logging to `accessLog` (any writable stream) and to the console.
 * `console` may be replaced by another stream (the tests capture it).
 */
function createApp({ accessLog, console: consoleStream } = {}) {
  const app = webfw()

  // All requests, to the file.
  app.use(reqlog('combined', { stream: accessLog }))
  // Only errors, to the console (standard output unless told otherwise).
  app.use(reqlog('dev', { stream: consoleStream, skip: (req, res) => res.statusCode < 400 }))

  app.get('/', (req, res) => res.send('Hello! Try /missing or /boom to see the console logger.'))
  app.get('/boom', () => {
    throw Object.assign(new Error('boom'), { status: 500, expose: false })
  })
  app.use((req, res) => res.status(404).send('Not found'))
  app.use((err, req, res, next) => res.status(err.status || 500).send('Something broke'))
  return app
}

module.exports = createApp

if (require.main === module) {
  const file = process.env.LOG_FILE || path.join(__dirname, 'access.log')
  const accessLog = fs.createWriteStream(file, { flags: 'a' })
  // Loopback only (a reverse proxy serves other machines: docs/deployment.md).
  // A listen error (port taken) comes to the callback: report it, exit 1.
  const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
  const server = createApp({ accessLog }).listen(port, '127.0.0.1', (err) => {
    if (err) {
      console.error(`logging: cannot listen on 127.0.0.1:${port}: ${err.message}`)
      process.exit(1)
    }
    console.log(`logging listening on http://127.0.0.1:${server.address().port}; access log: ${file}`)
  })
}
