// A JSON REST API: routers, route parameters with a param trigger, a nested
// router with mergeParams, JSON bodies, and JSON errors.
//
//   npm run build && node examples/rest-api/server.js    # http://127.0.0.1:3000 (PORT to change)
'use strict'

const webfw = require('webfw')
const { createBooksRouter } = require('./books')
const { createStore } = require('./store')

function createApp(store = createStore()) {
  const app = webfw()
  app.set('json spaces', 2)

  app.use(webfw.json({ limit: '10kb' }))
  app.use('/api/books', createBooksRouter(store))

  // Anything else under /api is a JSON 404 (not the default HTML page).
  app.use('/api', (req, res) => {
    res.status(404).json({ error: `no route for ${req.method} ${req.originalUrl}` })
  })

  // Errors from the body parser (400, 413, 415) and from handlers. Only
  // errors marked `expose` (client errors) show their message.
  app.use((err, req, res, next) => {
    const status = err.status || 500
    if (status >= 500) console.error(err)
    res.status(status).json({ error: err.expose ? err.message : 'internal error' })
  })

  return app
}

module.exports = createApp

if (require.main === module) {
  // Loopback only (a reverse proxy serves other machines: docs/deployment.md).
  // A listen error (port taken) comes to the callback: report it, exit 1.
  const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
  const server = createApp().listen(port, '127.0.0.1', (err) => {
    if (err) {
      console.error(`rest-api: cannot listen on 127.0.0.1:${port}: ${err.message}`)
      process.exit(1)
    }
    console.log(`rest-api listening on http://127.0.0.1:${server.address().port}/api/books`)
  })
}
