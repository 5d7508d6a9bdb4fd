// Sub-apps: whole applications mounted inside another with app.use. Each has
// its own routes, middleware and settings; `mount` tells it who mounted it;
// mountpath, path() and req.baseUrl say where it lives.
//
//   npm run build && node examples/sub-app/server.js    # http://127.0.0.1:3000 (PORT to change)
'use strict'

const webfw = require('webfw')
const { createAdmin } = require('./admin')
const { createBlog } = require('./blog')

function createApp() {
  const app = webfw()
  app.locals.name = 'main'
  app.set('json spaces', 2) // inherited by sub-apps that do not set it

  app.get('/', (req, res) => {
    res.json({ app: 'main', try: ['/blog', '/news/hello', '/admin (header x-admin-token: let-me-in)'] })
  })

  app.use('/admin', createAdmin())
  app.use(['/blog', '/news'], createBlog()) // one sub-app on two paths

  // Reached by anything the sub-apps passed on with next().
  app.use((req, res) => res.status(404).json({ error: `nothing at ${req.originalUrl}` }))
  return app
}

module.exports = createApp

if (require.main === module) {
  // Loopback only (a reverse proxy serves other machines: docs/deployment.md).
  // A listen error (port taken) comes to the callback: report it, exit 1.
  const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
  const server = createApp().listen(port, '127.0.0.1', (err) => {
    if (err) {
      console.error(`sub-app: cannot listen on 127.0.0.1:${port}: ${err.message}`)
      process.exit(1)
    }
    console.log(`sub-app listening on http://127.0.0.1:${server.address().port}`)
  })
}
