// The scenarios users compare Express-compatible frameworks on, written once
// against the Express API and served by every framework that has it (webfw
// 5/4/3, express 5/4): many routes, nested routers, a row of middleware, an
// ejs page, a form body. `factory` is the framework's export (for Router and
// urlencoded), `makeApp()` makes an app, `listen(app)` starts it.
'use strict'

const ejs = require('ejs')
const data = require('../../fixtures/scenario-data')
const { Unavailable } = require('./harness')

function expressApiScenarios({ factory, makeApp, listen }) {
  return {
    'many-routes'() {
      const app = makeApp()
      data.manyRoutes.forEach((path, route) => {
        app.get(path, (req, res) => {
          res.json({ route, id: req.params.id })
        })
      })
      return listen(app)
    },

    'nested-routers'() {
      // Three routers, each adding one parameter: the version where the first
      // is mounted, the user where the second is, the post in the third's route.
      if (typeof factory.Router().use !== 'function') {
        throw new Unavailable("Express 3 has no nested routers: its Router is the route map, and a mount path is a literal prefix, so a mount cannot take a parameter")
      }
      const app = makeApp()
      const api = factory.Router({ mergeParams: true })
      const users = factory.Router({ mergeParams: true })
      const posts = factory.Router({ mergeParams: true })
      posts.get('/:post', (req, res) => {
        res.json({ version: req.params.version, user: req.params.user, post: req.params.post })
      })
      users.use('/posts', posts)
      api.use('/users/:user', users)
      app.use('/api/:version', api)
      return listen(app)
    },

    middlewares() {
      const app = makeApp()
      for (let i = 0; i < data.MIDDLEWARE_COUNT; i++) {
        app.use((req, res, next) => {
          req.hops = (req.hops | 0) + 1
          next()
        })
      }
      app.get('/', (req, res) => {
        res.json({ hello: 'world', hops: req.hops })
      })
      return listen(app)
    },

    views() {
      const app = makeApp()
      app.engine('ejs', ejs.__express)
      app.set('views', data.viewsDir)
      app.set('view engine', 'ejs')
      app.set('view cache', true)
      app.get('/', (req, res) => {
        res.render(data.viewName, data.viewLocals)
      })
      return listen(app)
    },

    urlencoded() {
      const app = makeApp()
      app.use(factory.urlencoded({ extended: false }))
      app.post('/signup', (req, res) => {
        res.json(data.formAnswer(req.body))
      })
      return listen(app)
    },
  }
}

module.exports = { expressApiScenarios }
