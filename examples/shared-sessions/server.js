// Several instances of one app sharing sessions through Redis: each instance
// (a process, a container, a machine) keeps no session in its own memory,
// so any instance can serve any request of a logged-in user.
//
//   npm run build && node examples/shared-sessions/server.js    # http://127.0.0.1:3000
//   (PORT, REDIS_URL (default redis://127.0.0.1:6379), INSTANCE (a name), SESSION_SECRET to change)
'use strict'

const session = require('express-session')
const { RedisStore } = require('connect-redis')
const { createClient } = require('redis')
const webfw = require('webfw')

/**
 * The app of one instance, storing its sessions through `redisClient` (a
 * node-redis client; connecting it is the caller's business).
 */
function createApp({ redisClient, instance = 'main', secret }) {
  const app = webfw()
  app.use(
    session({
      store: new RedisStore({ client: redisClient, prefix: 'shared-sessions:' }),
      // The same secret on every instance, so that each can read the cookie
      // another one signed.
      secret,
      name: 'sid',
      resave: false, // the store keeps sessions alive (RedisStore refreshes the expiry)
      saveUninitialized: false, // no session (and no cookie) until there is something in it
      cookie: { httpOnly: true, sameSite: 'lax', maxAge: 24 * 60 * 60 * 1000 },
    }),
  )
  app.use(webfw.json())

  app.post('/login', (req, res, next) => {
    const name = req.body && typeof req.body.name === 'string' ? req.body.name.trim() : ''
    if (!name) return res.status(400).json({ error: 'a JSON body with a "name" is required' })
    // A new session id on login, so that an id known before cannot be reused.
    req.session.regenerate((err) => {
      if (err) return next(err)
      req.session.user = name
      res.json({ instance, user: name })
    })
  })

  app.get('/me', (req, res) => {
    req.session.views = (req.session.views || 0) + 1
    res.json({ instance, user: req.session.user || null, views: req.session.views })
  })

  app.post('/logout', (req, res, next) => {
    req.session.destroy((err) => (err ? next(err) : res.json({ instance, user: null })))
  })

  app.use((err, req, res, next) => {
    console.error(err)
    res.status(500).json({ error: 'internal error' })
  })
  return app
}

module.exports = { createApp }

if (require.main === module) {
  const instance = process.env.INSTANCE || String(process.pid)
  const secret = process.env.SESSION_SECRET || 'change me: the same long random secret on every instance'

  // Commands wait in the client's queue until it is connected. A Redis
  // server that cannot be reached is reported, once, and retried.
  const redisClient = createClient({ url: process.env.REDIS_URL || 'redis://127.0.0.1:6379' })
  let reported = false
  redisClient.on('error', (err) => {
    if (!reported) console.error(`redis: ${err.message} (retrying)`)
    reported = true
  })
  redisClient.on('ready', () => (reported = false))
  redisClient.connect().catch(() => {}) // errors come to the 'error' listener above

  // Loopback only (a reverse proxy serves other machines: docs/deployment.md).
  // A listen error (port taken) comes to the callback: report it, exit 1.
  const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
  const server = createApp({ redisClient, instance, secret }).listen(port, '127.0.0.1', (err) => {
    if (err) {
      console.error(`shared-sessions: cannot listen on 127.0.0.1:${port}: ${err.message}`)
      process.exit(1)
    }
    console.log(`shared-sessions (instance ${instance}) listening on http://127.0.0.1:${server.address().port}`)
  })

  // On SIGTERM / Ctrl-C: stop taking connections, then close the Redis client.
  const stop = () => {
    server.close(() => redisClient.close().catch(() => {}))
    server.closeIdleConnections()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}
