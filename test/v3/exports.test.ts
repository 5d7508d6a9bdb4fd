/**
 * What `webfw/v3` exposes: the factory, Express 3's Router and Route, the
 * prototypes (which apps inherit from, so additions reach every app), and
 * the middleware the 3.x factory shares with 4.x (`json`, `urlencoded`,
 * `static`, `cookieParser`, `query`).
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call } from '../helpers/call'
import { webfw4, webfw3, type Any } from '../helpers/webfw'

test('Router and Route are the 3.x route map and route, not the 4.x ones', () => {
  assert.notEqual(webfw3.Router, webfw4.Router)
  const router = new webfw3.Router()
  assert.deepEqual(Object.keys(router).sort(), ['_params', 'caseSensitive', 'map', 'middleware', 'params', 'strict'])
  assert.equal(typeof router.route, 'function')
  assert.equal(webfw3.Route.name, 'Route')
})

test('the prototypes can be extended for every app', async () => {
  webfw3.application.hello = function () {
    return 'app'
  }
  webfw3.request.hello = function () {
    return 'req'
  }
  webfw3.response.hello = function (this: Any) {
    this.send('res')
  }
  try {
    const app = webfw3()
    assert.equal(app.hello(), 'app')
    app.use((req: Any, res: Any) => {
      assert.equal(req.hello(), 'req')
      res.hello()
    })
    assert.equal((await call(app)).body, 'res')
  } finally {
    delete webfw3.application.hello
    delete webfw3.request.hello
    delete webfw3.response.hello
  }
})

test('json, urlencoded, static, cookieParser and query are there', () => {
  for (const name of ['json', 'urlencoded', 'static', 'cookieParser', 'query']) {
    assert.equal(typeof webfw3[name], 'function', name)
  }
})

test('an app is an EventEmitter and emits "mount" with its parent', () => {
  const app = webfw3()
  const blog = webfw3()
  let parent: unknown
  blog.on('mount', (p: unknown) => (parent = p))
  app.use(blog)
  assert.equal(parent, app)
})
