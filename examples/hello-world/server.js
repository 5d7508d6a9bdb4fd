// Hello world: the smallest webfw app.
//
//   npm run build && node examples/hello-world/server.js    # http://127.0.0.1:3000 (PORT to change)
'use strict'

const webfw = require('webfw') // instead of require('express')

const app = webfw()

app.get('/', (req, res) => {
  res.send('Hello World!')
})

module.exports = app

if (require.main === module) {
  // Loopback only (a reverse proxy serves other machines: docs/deployment.md).
  // A listen error (port taken) comes to the callback: report it, exit 1.
  const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
  const server = app.listen(port, '127.0.0.1', (err) => {
    if (err) {
      console.error(`hello-world: cannot listen on 127.0.0.1:${port}: ${err.message}`)
      process.exit(1)
    }
    console.log(`hello-world listening on http://127.0.0.1:${server.address().port}`)
  })
}
