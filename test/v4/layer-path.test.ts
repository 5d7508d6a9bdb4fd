/**
 * 4.x: a matched layer keeps the part of the path it matched in
 * `layer.path`, as Express 4's Layer#match leaves it: '' for a pathless
 * layer (and the app's built-in query and expressInit), the prefix for a
 * `use` layer, the whole path for a route, in mounted routers too. The
 * OpenTelemetry Express instrumentation names request-handler spans by
 * whether it is set. 5.x layers have none, as Express 5.3's.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call } from '../helpers/call'
import { express4 } from '../helpers/side-by-side'
import { webfw, webfw4, type Any } from '../helpers/webfw'

/** The app's and its routers' `name:path` entries, read inside the handler of each request. */
async function pathsSeen(factory: Any): Promise<string[]> {
  const app = factory()
  const api = factory.Router()
  const inner = factory.Router()
  const seen: string[] = []
  const look = (...routers: Any[]) => (_req: Any, res: Any, _next?: Any) => {
    seen.push(routers.map((r) => r.stack.map((l: Any) => `${l.name}:${JSON.stringify(l.path)}`).join(' ')).join(' | '))
    res.end()
  }
  inner.get('/z/:q', (req: Any, res: Any, next: Any) => look(api, inner)(req, res, next))
  api.use('/in', inner)
  api.get('/x/:y', (req: Any, res: Any, next: Any) => look(api)(req, res, next))
  app.use(function first(_req: Any, _res: Any, next: Any) { next() })
  app.use('/api', api)
  app.get('/top/:id', (req: Any, res: Any, next: Any) => look(app._router)(req, res, next))
  for (const path of ['/top/7/', '/api/x/1?q=1', '/api/in/z/9']) await call(app, path)
  return seen
}

test('layer.path after matching: as Express 4 leaves it', async () => {
  const ours = await pathsSeen(webfw4)
  assert.deepEqual(ours, await pathsSeen(express4))
  assert.equal(ours[0], 'query:"" expressInit:"" first:"" router:undefined bound dispatch:"/top/7/"')
  assert.equal(ours[2], 'router:"/in" bound dispatch:"/x/1" | bound dispatch:"/z/9"')
})

test("5.x layers keep no matched path, as Express 5.3's", async () => {
  const app = webfw()
  let paths: unknown[] = []
  app.get('/a/:b', (_req: Any, res: Any) => {
    paths = app.router.stack.map((l: Any) => l.path)
    res.end()
  })
  await call(app, '/a/1')
  assert.deepEqual(paths, [undefined])
})
