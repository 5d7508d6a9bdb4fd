// Static files: a public directory served with webfw.static, long-lived
// caching for stylesheets, extension fallbacks, directory index pages, hidden
// dotfiles, and a 404 page for everything else.
//
//   npm run build && node examples/static-files/server.js    # http://127.0.0.1:3000 (PORT to change)
'use strict'

const path = require('node:path')
const webfw = require('webfw')

const app = webfw()
const publicDir = path.join(__dirname, 'public')

// Stylesheets change only with a new deployment: let browsers keep them a day.
app.use('/css', webfw.static(path.join(publicDir, 'css'), { maxAge: '1d', immutable: true }))

// Everything else: /docs/intro finds docs/intro.html; /docs/ serves
// docs/index.html; dotfiles such as .secret are treated as missing (the default).
app.use(
  webfw.static(publicDir, {
    extensions: ['html'],
    setHeaders(res, file) {
      if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache')
    },
  }),
)

// Files not found fall through to here.
app.use((req, res) => {
  res.status(404).type('html').send('<h1>Not found</h1>')
})

module.exports = app

if (require.main === module) {
  // Loopback only (a reverse proxy serves other machines: docs/deployment.md).
  // A listen error (port taken) comes to the callback: report it, exit 1.
  const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
  const server = app.listen(port, '127.0.0.1', (err) => {
    if (err) {
      console.error(`static-files: cannot listen on 127.0.0.1:${port}: ${err.message}`)
      process.exit(1)
    }
    console.log(`static-files listening on http://127.0.0.1:${server.address().port}`)
  })
}
