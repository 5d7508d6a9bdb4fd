// The app every worker runs. Each worker is a separate process with its own
// copy of the app, so keep shared state (sessions, caches) outside it.
'use strict'

const webfw = require('webfw')

const app = webfw()

app.get('/', (req, res) => {
  res.send('Hello World!')
})

// Which worker answered: new connections are spread over the workers.
app.get('/pid', (req, res) => {
  res.json({ pid: process.pid })
})

module.exports = app
