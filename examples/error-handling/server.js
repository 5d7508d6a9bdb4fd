// Error handling: errors thrown by handlers, rejected promises (caught for
// you in 5.x), errors passed to next() with a status, body-parser errors, a
// 404 for unknown paths, one error handler answering JSON or HTML by Accept,
// and an error after the response has started.
//
//   npm run build && node examples/error-handling/server.js    # http://127.0.0.1:3000 (PORT to change)
'use strict'

const webfw = require('webfw')

/** An error with an HTTP status; `expose` marks messages safe to show clients. */
class HttpError extends Error {
  constructor(status, message) {
    super(message)
    this.status = status
    this.expose = status < 500
  }
}

const app = webfw()
app.use(webfw.json())

const users = new Map([['1', { id: 1, name: 'Ada' }]])

app.get('/', (req, res) => {
  res.type('text').send(
    [
      'GET  /users/1        a user',
      'GET  /users/2        404 passed to next(err)',
      'GET  /sync-error     a handler that throws',
      'GET  /async-error    an async handler that rejects',
      'POST /echo           invalid JSON gives a 400 from webfw.json()',
      'GET  /partial        an error after the response started',
      'GET  /nowhere        404 for an unknown path',
    ].join('\n') + '\n',
  )
})

app.get('/users/:id', (req, res, next) => {
  const user = users.get(req.params.id)
  if (!user) return next(new HttpError(404, `user ${req.params.id} not found`))
  res.json(user)
})

// A thrown error goes to the error handlers, in 5.x and 4.x alike.
app.get('/sync-error', () => {
  throw new Error('something broke')
})

// 5.x: a rejected promise goes to the error handlers too (in 4.x, wrap it).
app.get('/async-error', async () => {
  await new Promise((resolve) => setTimeout(resolve, 1))
  throw new Error('something broke later')
})

app.post('/echo', (req, res) => res.json({ received: req.body }))

// An error after the headers were sent: the error handler can only hand it
// on; webfw's final handler then closes the connection.
app.get('/partial', (req, res, next) => {
  res.type('text').write('first part...\n')
  setTimeout(() => next(new Error('failed half-way')), 1)
})

// No route matched: turn it into a 404 error for the handler below.
app.use((req, res, next) => {
  next(new HttpError(404, `nothing at ${req.method} ${req.path}`))
})

// The error handler: four parameters. Server errors are logged and their
// messages hidden; client errors (status < 500, including the body parser's
// 400/413/415, which set `expose`) are shown.
app.use((err, req, res, next) => {
  if (res.headersSent) return next(err)
  const status = err.status || err.statusCode || 500
  if (status >= 500 && app.get('env') !== 'test') console.error(err)
  const message = err.expose ? err.message : 'Internal Server Error'
  res.status(status).format({
    json: () => res.json({ error: message, status }),
    html: () => res.send(`<h1>${status}</h1><p>${message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`),
    default: () => res.type('text').send(`${status} ${message}\n`),
  })
})

module.exports = app

if (require.main === module) {
  // Loopback only (a reverse proxy serves other machines: docs/deployment.md).
  // A listen error (port taken) comes to the callback: report it, exit 1.
  const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
  const server = app.listen(port, '127.0.0.1', (err) => {
    if (err) {
      console.error(`error-handling: cannot listen on 127.0.0.1:${port}: ${err.message}`)
      process.exit(1)
    }
    console.log(`error-handling listening on http://127.0.0.1:${server.address().port}`)
  })
}
