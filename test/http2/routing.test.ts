/**
 * Routing over HTTP/2: methods, parameters, mounted routers and sub-apps
 * (whose prototypes a request leaves and gets back), `next('route')`, the
 * final handler's 404 and error pages, and error-handling middleware, each
 * answering as over HTTP/1.1.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { h2call } from '../helpers/h2'
import { h2setups, serveForSuite } from './setups'
import type { Any } from '../helpers/webfw'

function routingApp(factory: Any, env: string): Any {
  const app = factory()
  app.set('env', env)
  app.param('user', (req: Any, res: Any, next: Any, id: string) => {
    req.user = { id }
    next()
  })
  app.get('/users/:user', (req: Any, res: Any, next: Any) => (req.params.user === 'skip' ? next('route') : res.json({ user: req.user, params: req.params })))
  app.get('/users/:user', (req: Any, res: Any) => res.send('second route'))
  app.post('/users', (req: Any, res: Any) => res.status(201).send('created'))
  app.delete('/users/:user', (req: Any, res: Any) => res.sendStatus(204))
  app.route('/items').get((req: Any, res: Any) => res.send('list')).put((req: Any, res: Any) => res.send('replace'))

  const router = factory.Router({ mergeParams: true })
  router.get('/', (req: Any, res: Any) => res.json({ baseUrl: req.baseUrl, url: req.url, params: req.params }))
  router.get('/boom', () => {
    throw Object.assign(new Error('router boom'), { status: 418 })
  })
  app.use('/orgs/:org/members', router)

  const sub = factory()
  sub.get('/where', (req: Any, res: Any) => res.json({ baseUrl: req.baseUrl, originalUrl: req.originalUrl, app: req.app === sub, mountpath: sub.mountpath }))
  sub.get('/pass', (req: Any, res: Any, next: Any) => next())
  app.use('/sub', sub)
  // After the sub-app passed the request on: the parent's prototypes again.
  app.get('/sub/pass', (req: Any, res: Any) => res.json({ parentApp: req.app === app, hasJson: typeof res.json === 'function', httpVersion: req.httpVersion }))

  app.get('/error', () => {
    throw new Error('plain failure')
  })
  app.get('/handled', (req: Any, res: Any, next: Any) => next(Object.assign(new Error('nope'), { status: 409, expose: true })))
  app.use('/handled', (err: Any, req: Any, res: Any, next: Any) => res.status(err.status).json({ handled: err.message }))
  return app
}

for (const setup of h2setups) {
  for (const env of ['development', 'production']) {
    describe(`routing over HTTP/2 (${setup.label}, ${env})`, () => {
      const h2 = serveForSuite(setup, () => routingApp(setup.factory, env))

      it('routes by method and path, with parameters, param triggers and next("route")', async () => {
        assert.deepEqual((await h2.sameAsHttp1({ path: '/users/7' })).json(), { user: { id: '7' }, params: { user: '7' } })
        assert.equal((await h2.sameAsHttp1({ path: '/users/skip' })).text, 'second route')
        assert.equal((await h2.sameAsHttp1({ method: 'POST', path: '/users', body: 'x' })).status, 201)
        assert.equal((await h2.sameAsHttp1({ method: 'DELETE', path: '/users/7' })).status, 204)
        assert.equal((await h2.sameAsHttp1({ method: 'PUT', path: '/items' })).text, 'replace')
        const options = await h2.sameAsHttp1({ method: 'OPTIONS', path: '/items' })
        assert.equal(options.status, 200)
        assert.match(options.headers.allow as string, /GET/)
      })

      it('mounted routers (mergeParams) and sub-apps see their baseUrl; the request returns to the parent', async () => {
        assert.deepEqual((await h2.sameAsHttp1({ path: '/orgs/acme/members/' })).json(), {
          baseUrl: '/orgs/acme/members',
          url: '/',
          params: { org: 'acme' },
        })
        assert.deepEqual((await h2.sameAsHttp1({ path: '/sub/where' })).json(), {
          baseUrl: '/sub',
          originalUrl: '/sub/where',
          app: true,
          mountpath: '/sub',
        })
        assert.deepEqual((await h2.send({ path: '/sub/pass' })).json(), { parentApp: true, hasJson: true, httpVersion: '2.0' })
      })

      it('the final handler answers 404 and errors, with the stack only outside production', async () => {
        const missing = await h2.sameAsHttp1({ path: '/nowhere?x=1' })
        assert.equal(missing.status, 404)
        assert.match(missing.text, /Cannot GET \/nowhere/)
        // (Outside production the stack differs with the transport's frames.)
        const failed = env === 'production' ? await h2.sameAsHttp1({ path: '/error' }) : await h2.send({ path: '/error' })
        assert.equal(failed.status, 500)
        if (env === 'production') assert.doesNotMatch(failed.text, /plain failure/)
        else assert.match(failed.text, /Error: plain failure<br> &nbsp; &nbsp;at /)
        assert.equal((await h2.send({ path: '/orgs/acme/members/boom' })).status, 418)
      })

      it('error-handling middleware gets the error', async () => {
        const r = await h2.sameAsHttp1({ path: '/handled' })
        assert.equal(r.status, 409)
        assert.deepEqual(r.json(), { handled: 'nope' })
      })
    })
  }
}

describe('routing over HTTP/2 (3.x)', () => {
  it('a webfw/v3 app serves a route over TLS and h2c', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const webfw3: Any = require('webfw/v3')
    for (const mode of ['tls-listen', 'h2c-server'] as const) {
      const app = webfw3()
      app.get('/hello/:name', (req: Any, res: Any) => res.send(`hello ${req.params.name} over ${req.httpVersion}`))
      const r = await h2call(app, mode, { path: '/hello/tobi' })
      assert.equal(r.status, 200)
      assert.equal(r.text, 'hello tobi over 2.0')
    }
  })
})
