// The admin sub-app: its own middleware (a token check that guards only the
// admin pages), its own routes, and its own view of where it is mounted.
'use strict'

const webfw = require('webfw')

function createAdmin() {
  const admin = webfw()

  admin.on('mount', (parent) => {
    // Runs once, when the main app calls app.use('/admin', admin).
    admin.locals.mountedBy = parent.locals.name
  })

  // Guards the admin app only: requests to the main app never reach it.
  admin.use((req, res, next) => {
    if (req.get('x-admin-token') !== 'let-me-in') return res.status(401).json({ error: 'admin token required' })
    next()
  })

  admin.get('/', (req, res) => {
    res.json({
      mountpath: admin.mountpath, // the pattern it was mounted on
      path: admin.path(), // its full path from the root app
      baseUrl: req.baseUrl, // the part of the URL that matched the mount path
      url: req.url, // the rest, as the sub-app sees it
      originalUrl: req.originalUrl,
      mountedBy: admin.locals.mountedBy,
    })
  })

  admin.get('/stats', (req, res) => res.json({ users: 2, posts: 3 }))
  return admin
}

module.exports = { createAdmin }
