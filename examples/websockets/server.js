// WebSockets with the `ws` package on the app's own HTTP server: one port
// serves the app's routes and, on /chat, WebSocket connections. A message
// sent by one client goes to every connected client.
//
//   npm run build && node examples/websockets/server.js    # http://127.0.0.1:3000 (PORT to change)
'use strict'

const webfw = require('webfw')
const { WebSocket, WebSocketServer } = require('ws')

const app = webfw()

app.get('/', (req, res) => {
  res.type('html').send(`<!doctype html>
<title>chat</title>
<form><input name="text" autocomplete="off"> <button>send</button></form>
<ul></ul>
<script>
  const socket = new WebSocket(location.origin.replace(/^http/, 'ws') + '/chat')
  socket.onmessage = (event) => {
    const li = document.createElement('li')
    li.textContent = event.data
    document.querySelector('ul').append(li)
  }
  document.querySelector('form').onsubmit = (event) => {
    event.preventDefault()
    socket.send(event.target.text.value)
    event.target.reset()
  }
</script>`)
})

// The WebSocket side, once attachChat has run.
let chat = null

// How many clients are connected, over plain HTTP.
app.get('/stats', (req, res) => res.json({ clients: chat ? chat.clients.size : 0 }))

/**
 * Adds the /chat WebSocket endpoint to `server`, the http.Server that
 * app.listen returned: ws takes the server's `upgrade` requests for /chat
 * (others are refused with 400); ordinary requests still go to the app.
 */
function attachChat(server) {
  const wss = new WebSocketServer({ server, path: '/chat', maxPayload: 64 * 1024 })
  chat = wss
  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      if (isBinary) return socket.close(1003, 'text only')
      for (const client of wss.clients) {
        if (client.readyState === WebSocket.OPEN) client.send(String(data))
      }
    })
  })
  return wss
}

module.exports = { app, attachChat }

if (require.main === module) {
  // Loopback only (a reverse proxy serves other machines: docs/deployment.md).
  // A listen error (port taken) comes to the callback: report it, exit 1.
  const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
  const server = app.listen(port, '127.0.0.1', (err) => {
    if (err) {
      console.error(`websockets: cannot listen on 127.0.0.1:${port}: ${err.message}`)
      process.exit(1)
    }
    console.log(`websockets listening on http://127.0.0.1:${server.address().port} (WebSocket: /chat)`)
  })
  attachChat(server)
}
