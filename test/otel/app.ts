/**
 * The application the OpenTelemetry and diagnostics-channel tests trace, written once for any
 * Express-shaped factory (webfw, webfw/v4, express, express 4): the issue's
 * app (a JSON body parser, one middleware, a mounted router with
 * `GET /items/:item`, `GET /users/:id`) and the cases around it: errors
 * thrown and passed to `next`, async handlers, a 404, a request ended inside
 * middleware, nested routers, a mounted app, a route with two handlers, an
 * error handler.
 */
import type { Any } from '../helpers/webfw'

/** Paths every version serves, and what each exercises. */
export const PATHS = {
  param: '/users/42',
  root: '/',
  mounted: '/api/items/7',
  thrown: '/api/boom',
  passed: '/api/passed',
  async: '/api/async',
  notFound: '/nothing/here',
  endsInMiddleware: '/stop',
  twoHandlers: '/two',
  nested: '/nest/in/leaf/3',
  subApp: '/sub/s/9',
  skipRoute: '/skip',
  routerMiddleware: '/guarded/area',
  afterRouter: '/api/late',
} as const

/** A request with a JSON body (the parser calls next after reading it). */
export const POST_JSON = { path: '/echo', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } }

/** Only where a rejected promise becomes next(err) (5.x). */
export const ASYNC_ERROR_PATH = '/api/async-error'

export function buildApp(factory: Any, { asyncErrors }: { asyncErrors: boolean }): Any {
  const app = factory()
  app.set('env', 'test')
  app.use(factory.json())
  app.use(function auditLog(_req: Any, _res: Any, next: Any) {
    next()
  })
  const api = factory.Router()
  api.get('/items/:item', (req: Any, res: Any) => res.json({ item: req.params.item }))
  api.get('/boom', () => {
    throw new Error('boom')
  })
  api.get('/passed', (_req: Any, _res: Any, next: Any) => next(new TypeError('passed')))
  api.get('/async', async (_req: Any, res: Any) => {
    await null
    res.send('async')
  })
  if (asyncErrors) {
    api.get('/async-error', async () => {
      await null
      throw new Error('rejected')
    })
  }
  app.use('/api', api)
  app.get('/', (_req: Any, res: Any) => res.send('home'))
  app.post('/echo', (req: Any, res: Any) => res.json(req.body))
  app.get('/users/:id', (req: Any, res: Any) => res.send('user ' + req.params.id))
  app.use('/stop', function stopper(_req: Any, res: Any) {
    res.send('stopped')
  })
  app.get(
    '/two',
    function one(_req: Any, _res: Any, next: Any) {
      next()
    },
    function two(_req: Any, res: Any) {
      res.send('two')
    },
  )
  app.get('/skip', (_req: Any, _res: Any, next: Any) => next('route'))
  app.get('/skip', (_req: Any, res: Any) => res.send('skipped'))
  const guarded = factory.Router()
  guarded.use(function guard(_req: Any, _res: Any, next: Any) {
    setImmediate(next)
  })
  guarded.get('/area', (_req: Any, res: Any) => res.send('area'))
  app.use('/guarded', guarded)
  const nest = factory.Router()
  const inner = factory.Router()
  inner.get('/leaf/:x', (_req: Any, res: Any) => res.send('leaf'))
  nest.use('/in', inner)
  app.use('/nest', nest)
  const sub = factory()
  sub.get('/s/:y', (_req: Any, res: Any) => res.send('sub'))
  app.use('/sub', sub)
  // Reached through a router mounted at "/" after the /api router passed the request on.
  const late = factory.Router()
  late.get('/api/late', (_req: Any, res: Any) => res.send('late'))
  app.use(late)
  app.use(function errorHandler(err: Any, _req: Any, res: Any, _next: Any) {
    res.status(500).send('error: ' + err.message)
  })
  return app
}
