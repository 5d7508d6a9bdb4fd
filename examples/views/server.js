// Views example: an app rendering EJS templates with shared partials,
// app.locals and res.locals, a rendered 404 and error page, and app.render
// used to produce text outside a response (an e-mail preview).
//
//   npm run build && node examples/views/server.js    # http://127.0.0.1:3000 (PORT to change)
'use strict'

const path = require('node:path')
const webfw = require('webfw')

const app = webfw()
const PORT = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)

// Templates live next to this file; `view engine` lets routes say 'users'
// instead of 'users.ejs'. The engine is loaded by extension (require('ejs')).
app.set('views', path.join(__dirname, 'views'))
app.set('view engine', 'ejs')

// Available to every template of the app.
app.locals.siteName = 'webfw views'

const users = [
  { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' },
  { id: 2, name: 'Linus Torvalds', email: 'linus@example.com' },
]

// Available to the templates of this one request.
app.use((req, res, next) => {
  res.locals.currentPath = req.path
  next()
})

app.get('/', (req, res) => {
  res.render('index', { title: 'Users', users })
})

app.get('/users/:id', (req, res, next) => {
  const user = users.find((u) => String(u.id) === req.params.id)
  if (!user) return next()
  res.render('user', { title: user.name, user })
})

// app.render renders without responding: here the text of a welcome e-mail.
app.get('/users/:id/welcome.txt', (req, res, next) => {
  const user = users.find((u) => String(u.id) === req.params.id)
  if (!user) return next()
  app.render('email', { user }, (err, text) => {
    if (err) return next(err)
    res.type('text').send(text)
  })
})

// A template that does not exist: the error reaches the error handler below.
app.get('/broken', (req, res) => res.render('no-such-view'))

app.use((req, res) => {
  res.status(404).render('404', { title: 'Not found' })
})

app.use((err, req, res, next) => {
  if (app.get('env') !== 'test') console.error(err)
  // Details only outside production.
  const details = app.get('env') === 'production' ? null : err.message
  res.status(500).render('error', { title: 'Error', details })
})

module.exports = app

if (require.main === module) {
  // Loopback only (a reverse proxy serves other machines: docs/deployment.md).
  // A listen error (port taken) comes to the callback: report it, exit 1.
  const server = app.listen(PORT, '127.0.0.1', (err) => {
    if (err) {
      console.error(`views: cannot listen on 127.0.0.1:${PORT}: ${err.message}`)
      process.exit(1)
    }
    console.log(`views example listening on http://127.0.0.1:${server.address().port}`)
  })
}
