// The scenarios on fastify, written the fastify way: its own router and JSON
// body parser, @fastify/cookie, @fastify/static, and an onResponse hook
// writing the combined log line (fastify's pino logger has no such format).
'use strict'

const fastifyFactory = require('fastify')
const { serve, nullStream, protocol, tlsOptions } = require('./harness')
const { combinedLine } = require('./combined-line')
const github = require('../../fixtures/github-routes')
const payloads = require('../../fixtures/payloads')
const data = require('../../fixtures/scenario-data')

// Over HTTP/2, fastify's own `http2: true` server (with `https` for TLS).
const serverOptions =
  protocol === 'h2' ? { http2: true, https: { allowHTTP1: true, ...tlsOptions() } } : protocol === 'h2c' ? { http2: true } : {}
const fastify = () => fastifyFactory(serverOptions)

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

  'many-routes'() {
    const app = fastify()
    data.manyRoutes.forEach((path, route) => {
      app.get(path, (req, reply) => {
        reply.send({ route, id: req.params.id })
      })
    })
    return listen(app)
  },

  // fastify's nesting: plugins registered with a prefix, each adding a parameter.
  async 'nested-routers'() {
    const app = fastify()
    await app.register(
      async (api) => {
        api.register(
          async (users) => {
            users.register(
              async (posts) => {
                posts.get('/:post', (req, reply) => {
                  reply.send({ version: req.params.version, user: req.params.user, post: req.params.post })
                })
              },
              { prefix: '/posts' },
            )
          },
          { prefix: '/users/:user' },
        )
      },
      { prefix: '/api/:version' },
    )
    return listen(app)
  },

  // fastify's middleware: onRequest hooks, the counter declared with decorateRequest.
  middlewares() {
    const app = fastify()
    app.decorateRequest('hops', 0)
    for (let i = 0; i < data.MIDDLEWARE_COUNT; i++) {
      app.addHook('onRequest', (req, reply, done) => {
        req.hops++
        done()
      })
    }
    app.get('/', (req, reply) => {
      reply.send({ hello: 'world', hops: req.hops })
    })
    return listen(app)
  },

  async views() {
    const app = fastify()
    await app.register(require('@fastify/view'), { engine: { ejs: require('ejs') }, root: data.viewsDir, production: true })
    app.get('/', (req, reply) => {
      return reply.view(data.viewName + '.ejs', data.viewLocals)
    })
    return listen(app)
  },

  async urlencoded() {
    const app = fastify()
    await app.register(require('@fastify/formbody'))
    app.post('/signup', (req, reply) => {
      reply.send(data.formAnswer(req.body))
    })
    return listen(app)
  },
})
