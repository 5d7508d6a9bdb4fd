// The servers the end-to-end benchmark compares, in the order they run.
// `bare` is the ceiling: plain node:http, with find-my-way in the routed
// scenarios. `bare-express` is the same plus, by hand, the response work
// Express does by default (all but static): webfw's distance to it is
// webfw's own overhead.
'use strict'

const path = require('node:path')
const { UsageError } = require('../../lib/options')

const servers = [
  { id: 'webfw', label: 'webfw 5', file: 'webfw.js', args: ['5'] },
  { id: 'webfw-v4', label: 'webfw 4', file: 'webfw.js', args: ['4'] },
  { id: 'webfw-v3', label: 'webfw 3', file: 'webfw.js', args: ['3'] },
  { id: 'express', label: 'express 5', file: 'express.js', args: ['5'] },
  { id: 'express4', label: 'express 4', file: 'express.js', args: ['4'] },
  { id: 'fastify', label: 'fastify', file: 'fastify.js', args: [] },
  {
    id: 'bare',
    label: 'node:http',
    routedLabel: 'node:http + find-my-way',
    h2Label: 'node:http2',
    h2RoutedLabel: 'node:http2 + find-my-way',
    file: 'bare.js',
    args: [],
  },
  { id: 'bare-express', label: 'node:http + Express defaults', file: 'bare-express.js', args: [] },
].map((s) => ({ ...s, path: path.join(__dirname, s.file) }))

const serverIds = servers.map((s) => s.id)
/** The servers run by default over HTTP/2: webfw's own HTTP/2 server, fastify's (`http2: true`) and bare node:http2. */
const h2ServerIds = ['webfw', 'webfw-v4', 'fastify', 'bare']

function serverById(id) {
  const s = servers.find((x) => x.id === id)
  if (!s) throw new UsageError(`unknown server "${id}"; known: ${serverIds.join(', ')}`)
  return s
}

module.exports = { servers, serverIds, serverById, h2ServerIds }
