// The showcase app served by `npm start`: a few routes and a JSON API,
// each request logged to standard output.
'use strict'

const webfw = require('webfw')

const app = webfw()
const PORT = Number(process.env.PORT) || 3000

app.use((req, res, next) => {
  const start = process.hrtime.bigint()
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6
    console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(3)} ms`)
  })
  next()
})

app.get('/', (req, res) => {
  res.send('<h1>webfw showcase</h1><p>Try <a href="/api/users">/api/users</a> or /api/users/1</p>')
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
app.use('/api', api)

app.listen(PORT, () => console.log(`webfw showcase listening on http://127.0.0.1:${PORT}`))
