// The scenarios on fastify, written the fastify way: its own router and JSON
// body parser, @fastify/cookie, @fastify/static, and an onResponse hook
// writing the combined log line (fastify's pino logger has no such format).
'use strict'

const fastify = require('fastify')
const { serve, nullStream } = require('./harness')
const { combinedLine } = require('./combined-line')
const github = require('../../fixtures/github-routes')
const payloads = require('../../fixtures/payloads')

async function listen(app) {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return app.server
}

serve({
  hello() {
    const app = fastify()
    app.get('/', (req, reply) => {
      reply.send({ hello: 'world' })
    })
    return listen(app)
  },

  routes() {
    const app = fastify()
    github.routes.forEach(({ method, path }, route) => {
      app.route({
        method,
        url: path,
        handler(req, reply) {
          reply.send({ route, params: req.params })
        },
      })
    })
    return listen(app)
  },

  param() {
    const app = fastify()
    app.get('/users/:id', (req, reply) => {
      reply.send({ id: req.params.id })
    })
    return listen(app)
  },

  async stack() {
    const app = fastify()
    const stream = nullStream()
    await app.register(require('@fastify/cookie'))
    app.addHook('onResponse', (req, reply, done) => {
      stream.write(combinedLine(req.raw, reply.statusCode, reply.getHeader('content-length')))
      done()
    })
    app.post('/api/users/:id/items', (req, reply) => {
      reply.send({ id: req.params.id, session: req.cookies.session, count: req.body.items.length })
    })
    return listen(app)
  },

  async static() {
    const app = fastify()
    await app.register(require('@fastify/static'), { root: payloads.staticRoot, prefix: '/' })
    return listen(app)
  },
})
