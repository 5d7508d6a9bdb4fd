// The showcase app served by `npm start`: a page, a JSON API with a router
// and route parameters, static files, and one reqlog line per request.
'use strict'

const path = require('node:path')
const webfw = require('webfw')
const reqlog = require('webfw/reqlog')

const app = webfw()
const PORT = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)

app.use(reqlog('dev'))
app.use(webfw.json())
app.use('/static', webfw.static(path.join(__dirname, 'public')))

app.get('/', (req, res) => {
  res.send(
    '<h1>webfw showcase</h1>' +
      '<ul><li><a href="/api/users">GET /api/users</a></li>' +
      '<li><a href="/api/users/1">GET /api/users/1</a></li>' +
      '<li><a href="/static/hello.txt">GET /static/hello.txt</a></li></ul>' +
      '<p>POST /api/users with a JSON body such as {"name":"Grace"} adds a user.</p>',
  )
})

const users = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Linus' },
]

const api = webfw.Router()
api.get('/users', (req, res) => res.json(users))
api.get('/users/:id', (req, res) => {
  const user = users.find((u) => String(u.id) === req.params.id)
  if (!user) return res.status(404).json({ error: 'not found' })
  res.json(user)
})
api.post('/users', (req, res) => {
  const name = req.body && typeof req.body.name === 'string' ? req.body.name.trim() : ''
  if (!name) return res.status(400).json({ error: 'a JSON body with a "name" is required' })
  const user = { id: users.length + 1, name }
  users.push(user)
  res.status(201).location(`/api/users/${user.id}`).json(user)
})
app.use('/api', api)

app.use((err, req, res, next) => {
  res.status(err.status || 500).json({ error: err.expose ? err.message : 'internal error' })
})

if (require.main === module) {
  // Loopback only (a reverse proxy serves other machines: docs/deployment.md).
  // A listen error (port taken) comes to the callback: report it, exit 1.
  const server = app.listen(PORT, '127.0.0.1', (err) => {
    if (err) {
      console.error(`showcase: cannot listen on 127.0.0.1:${PORT}: ${err.message}`)
      process.exit(1)
    }
    console.log(`webfw showcase listening on http://127.0.0.1:${server.address().port}`)
  })
}

module.exports = app
