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
  const port = Number(process.env.PORT) || 3000
  app.listen(port, () => console.log(`hello-world listening on http://127.0.0.1:${port}`))
}
