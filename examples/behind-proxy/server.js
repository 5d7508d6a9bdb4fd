// An app behind a reverse proxy (nginx.conf here): the proxy takes the
// clients' connections, terminates TLS, and passes each request on with
// X-Forwarded-For, -Proto and -Host headers. `trust proxy` tells the app to
// believe those headers when, and only when, they come from the proxy.
//
//   npm run build && node examples/behind-proxy/server.js    # http://127.0.0.1:3000 (PORT to change), nginx in front
'use strict'

const webfw = require('webfw')

const app = webfw()

// The proxy connects from 127.0.0.1: trust the headers it adds, and only
// its own. (TRUST_PROXY to change: another address, a subnet, a hop count.)
app.set('trust proxy', process.env.TRUST_PROXY || '127.0.0.1')

// What the app knows about the client, as the proxy reported it.
app.get('/whoami', (req, res) => {
  res.json({
    ip: req.ip, // the client's address, not the proxy's
    ips: req.ips, // the chain of addresses, client first
    protocol: req.protocol, // 'https' when the proxy terminated TLS
    secure: req.secure,
    hostname: req.hostname, // the name the client asked for
  })
})

module.exports = app

if (require.main === module) {
  // Loopback only: the proxy on this machine is the only client.
  // A listen error (port taken) comes to the callback: report it, exit 1.
  const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
  const server = app.listen(port, '127.0.0.1', (err) => {
    if (err) {
      console.error(`behind-proxy: cannot listen on 127.0.0.1:${port}: ${err.message}`)
      process.exit(1)
    }
    console.log(`behind-proxy listening on http://127.0.0.1:${server.address().port}`)
  })
}
