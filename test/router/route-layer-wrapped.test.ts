/**
 * A route layer's `handle` replaced by a wrapper, as tracing instrumentation
 * does the moment a route is made (OpenTelemetry's Express instrumentation
 * wraps `router.stack[last].handle` right after `router.route()`), runs for
 * every request: before the first one, after it, in an app's own router, in
 * a mounted router, and for a route with one handler, which the dispatcher
 * otherwise calls without its layer's `handle`. Compared with Express 5 and 4.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { express4, express5 } from '../helpers/side-by-side'
import { webfw, webfw4, type Any } from '../helpers/webfw'

/** Wraps the layer the last `route()` call added, counting its calls in `seen`. */
function wrapLastRoute(router: Any, seen: string[], label: string): void {
  const layer = router.stack[router.stack.length - 1]
  const original = layer.handle
  layer.handle = function wrapped(this: unknown, req: Any, res: Any, next: Any) {
    seen.push(label + ' ' + req.method + ' ' + req.url)
    return original.call(this, req, res, next)
  }
}

async function run(factory: Any): Promise<{ seen: string[]; bodies: string[] }> {
  const seen: string[] = []
  const app = factory()
  app.get('/one', (_req: Any, res: Any) => res.send('one'))
  wrapLastRoute(app._router ?? app.router, seen, 'app')
  const router = factory.Router()
  router.get('/:id', (req: Any, res: Any) => res.send('item ' + req.params.id))
  wrapLastRoute(router, seen, 'router')
  router.route('/two/steps').get((_req: Any, _res: Any, next: Any) => next(), (_req: Any, res: Any) => res.send('two'))
  wrapLastRoute(router, seen, 'steps')
  app.use('/items', router)
  const bodies: string[] = []
  for (const url of ['/one', '/items/7', '/items/two/steps', '/one', '/items/8']) bodies.push((await call(app, url)).body)
  return { seen, bodies }
}

describe('a route layer whose handle was replaced before any request', () => {
  for (const [version, factory, express] of [
    ['5.x', webfw, express5],
    ['4.x', webfw4, express4],
  ] as const) {
    test(`runs the replacement for every request (${version}), as Express does`, async () => {
      const ours = await run(factory)
      assert.deepEqual(ours, await run(express))
      assert.deepEqual(ours.seen, ['app GET /one', 'router GET /7', 'steps GET /two/steps', 'app GET /one', 'router GET /8'])
    })
  }
})
