/**
 * The diagnostics channels `webfw.request` and `webfw.layer`, seen by a
 * plain subscriber (no OpenTelemetry): which events each request and each
 * layer publishes and in what order, the message fields (type, name, path,
 * full route template across mounted routers and apps, error), stores bound
 * to the start and asyncStart channels, and when publishing is on (a
 * subscriber on `start`, from the next request on, off again after).
 */
import assert from 'node:assert/strict'
import { AsyncLocalStorage } from 'node:async_hooks'
import dc from 'node:diagnostics_channel'
import { afterEach, describe, test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, webfw3, webfw4, type Any } from '../helpers/webfw'
import { buildApp as buildTracedApp, PATHS } from '../otel/app'

/** The app of the OpenTelemetry tests (the app and the cases around it). */
const buildApp = (factory: Any): Any => buildTracedApp(factory, { asyncErrors: false })

const EVENTS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const
const request = dc.tracingChannel('webfw.request')
const layer = dc.tracingChannel('webfw.layer')

interface Recorder {
  /** One line per event: `layer:start middleware auditLog /` or `request:asyncStart`. */
  lines: string[]
  messages: { channel: string; event: string; message: Any }[]
  stop(): void
}

let active: Recorder[] = []
afterEach(() => {
  for (const r of active) r.stop()
  active = []
})

/** Subscribes to every event of both channels (or of `only`). */
function record(only: { channel: 'request' | 'layer'; event: (typeof EVENTS)[number] }[] | null = null): Recorder {
  const lines: string[] = []
  const messages: Recorder['messages'] = []
  const undo: (() => void)[] = []
  for (const [channelName, channel] of [['request', request], ['layer', layer]] as const) {
    for (const event of EVENTS) {
      if (only !== null && !only.some((o) => o.channel === channelName && o.event === event)) continue
      const fn = (message: Any) => {
        messages.push({ channel: channelName, event, message })
        const detail = channelName === 'layer' ? ` ${message.type} ${message.name} ${message.route}` : ''
        const error = (event === 'error' || event === 'asyncStart') && message.error ? ` error=${message.error.message ?? message.error}` : ''
        lines.push(`${channelName}:${event}${detail}${error}`)
      }
      channel[event].subscribe(fn)
      undo.push(() => channel[event].unsubscribe(fn))
    }
  }
  const recorder = { lines, messages, stop: () => undo.forEach((u) => u()) }
  active.push(recorder)
  return recorder
}

describe('webfw.layer and webfw.request events', () => {
  test('a route with a parameter: each layer start/end, next as asyncStart/asyncEnd, nested in call order', async () => {
    await withServer(buildApp(webfw), async ({ port }) => {
      const rec = record()
      const res = await rawRequest(port, 'GET', PATHS.param)
      assert.equal(res.body, 'user 42')
      assert.deepEqual(rec.lines, [
        'request:start',
        'layer:start middleware jsonParser /',
        'layer:asyncStart middleware jsonParser /',
        'layer:start middleware auditLog /',
        'layer:asyncStart middleware auditLog /',
        // the router on /api and the other routes do not match; this route does
        'layer:start request_handler handle /users/:id',
        'layer:end request_handler handle /users/:id',
        'layer:asyncEnd middleware auditLog /',
        'layer:end middleware auditLog /',
        'layer:asyncEnd middleware jsonParser /',
        'layer:end middleware jsonParser /',
        'request:end',
      ])
      const route = rec.messages.find((m) => m.event === 'start' && m.message.type === 'request_handler')!.message
      assert.equal(route.path, '/users/:id')
      assert.equal(route.req.params.id, '42')
      assert.equal(route.res.req, route.req)
      const req = rec.messages.find((m) => m.channel === 'request')!.message
      assert.equal(req.route, '/users/:id')
      assert.equal(req.req, route.req)
      assert.equal(typeof req.app.handle, 'function')
      assert.equal(req.error, undefined)
    })
  })

  test('mounted routers and apps: the route is the full template, the router a "router" layer', async () => {
    await withServer(buildApp(webfw), async ({ port }) => {
      const rec = record([{ channel: 'layer', event: 'start' }, { channel: 'request', event: 'start' }])
      assert.equal((await rawRequest(port, 'GET', PATHS.mounted)).status, 200)
      assert.deepEqual(rec.lines.slice(3), ['layer:start router router /api', 'layer:start request_handler handle /api/items/:item'])
      const routerMessage = rec.messages[3].message
      assert.equal(routerMessage.path, '/api')
      assert.equal(routerMessage.layer, routerMessage.req.app.router.stack[2])
      assert.equal(rec.messages[0].message.route, '/api/items/:item')

      rec.lines.length = 0
      assert.equal((await rawRequest(port, 'GET', PATHS.nested)).body, 'leaf')
      assert.deepEqual(rec.lines.slice(3), [
        'layer:start router router /nest',
        'layer:start router router /nest/in',
        'layer:start request_handler handle /nest/in/leaf/:x',
      ])
      const requestMessage = rec.messages.filter((m) => m.channel === 'request').at(-1)!.message
      assert.equal(requestMessage.route, '/nest/in/leaf/:x', 'the request message has the full template')

      rec.lines.length = 0
      assert.equal((await rawRequest(port, 'GET', PATHS.afterRouter)).body, 'late')
      assert.deepEqual(
        rec.lines.slice(3),
        ['layer:start router router /api', 'layer:start router router /', 'layer:start request_handler handle /api/late'],
        'the /api router left its mount behind',
      )

      rec.lines.length = 0
      assert.equal((await rawRequest(port, 'GET', PATHS.subApp)).body, 'sub')
      assert.deepEqual(rec.lines.slice(3), ['layer:start middleware mounted_app /sub', 'layer:start request_handler handle /sub/s/:y'])
    })
  })

  test('a thrown error and one passed to next: error then asyncStart on the route, carrying the error; error handlers are "error_handler" layers', async () => {
    await withServer(buildApp(webfw), async ({ port }) => {
      const rec = record([
        { channel: 'layer', event: 'start' },
        { channel: 'layer', event: 'error' },
        { channel: 'layer', event: 'asyncStart' },
      ])
      for (const [path, message] of [[PATHS.thrown, 'boom'], [PATHS.passed, 'passed']]) {
        rec.lines.length = 0
        const res = await rawRequest(port, 'GET', path)
        assert.equal(res.body, `error: ${message}`)
        assert.deepEqual(rec.lines.slice(-6), [
          `layer:start request_handler handle /api${path.slice(4)}`,
          `layer:error request_handler handle /api${path.slice(4)} error=${message}`,
          `layer:asyncStart request_handler handle /api${path.slice(4)} error=${message}`,
          // the router passes the error on in turn
          `layer:error router router /api error=${message}`,
          `layer:asyncStart router router /api error=${message}`,
          'layer:start error_handler errorHandler /',
        ])
      }
    })
  })

  test("next('route') is no error; a 404 passes the request on: the request's asyncStart with no error", async () => {
    await withServer(buildApp(webfw), async ({ port }) => {
      const rec = record([
        { channel: 'layer', event: 'start' },
        { channel: 'layer', event: 'error' },
        { channel: 'layer', event: 'asyncStart' },
        { channel: 'request', event: 'start' },
        { channel: 'request', event: 'asyncStart' },
        { channel: 'request', event: 'error' },
      ])
      assert.equal((await rawRequest(port, 'GET', PATHS.skipRoute)).body, 'skipped')
      assert.deepEqual(rec.lines.slice(-3), [
        'layer:start request_handler handle /skip',
        'layer:asyncStart request_handler handle /skip',
        'layer:start request_handler handle /skip',
      ])
      assert.ok(!rec.lines.some((l) => l.startsWith('layer:error') || l.startsWith('request:error')))

      rec.lines.length = 0
      assert.equal((await rawRequest(port, 'GET', PATHS.notFound)).status, 404)
      assert.deepEqual(rec.lines.filter((l) => !l.startsWith('layer:start')), [
        'request:start',
        'layer:asyncStart middleware jsonParser /',
        'layer:asyncStart middleware auditLog /',
        'layer:asyncStart router router /',
        'request:asyncStart',
      ])
    })
  })

  test('an error no handler takes: the request publishes error, then asyncStart around the final handler', async () => {
    const app = webfw()
    app.set('env', 'test')
    app.get('/', () => {
      throw new Error('unhandled')
    })
    await withServer(app, async ({ port }) => {
      const rec = record(EVENTS.map((event) => ({ channel: 'request', event })))
      assert.equal((await rawRequest(port, 'GET', '/')).status, 500)
      // (The router leaves on a later turn when its stack is exhausted, so the synchronous part ended first.)
      assert.deepEqual(rec.lines, ['request:start', 'request:end', 'request:error error=unhandled', 'request:asyncStart error=unhandled', 'request:asyncEnd'])
    })
  })

  test('a request ended inside middleware: start and end, no asyncStart', async () => {
    await withServer(buildApp(webfw), async ({ port }) => {
      const rec = record()
      assert.equal((await rawRequest(port, 'GET', PATHS.endsInMiddleware)).body, 'stopped')
      const stopper = rec.lines.filter((l) => l.includes('stopper'))
      assert.deepEqual(stopper, ['layer:start middleware stopper /stop', 'layer:end middleware stopper /stop'])
    })
  })

  test('4.x: the built-in query and expressInit layers are published (as Express 4 runs them), with no path', async () => {
    await withServer(buildApp(webfw4), async ({ port }) => {
      const rec = record([{ channel: 'layer', event: 'start' }, { channel: 'request', event: 'start' }])
      assert.equal((await rawRequest(port, 'GET', PATHS.param)).body, 'user 42')
      assert.deepEqual(rec.lines, [
        'request:start',
        'layer:start middleware query /',
        'layer:start middleware expressInit /',
        'layer:start middleware jsonParser /',
        'layer:start middleware auditLog /',
        'layer:start request_handler bound dispatch /users/:id',
      ])
      assert.equal(rec.messages[1].message.path, undefined)
      assert.equal(rec.messages[3].message.path, '/')
    })
  })

  test('stores bound to start and asyncStart: the layer runs in the start value, what follows its next in the asyncStart value', async () => {
    const store = new AsyncLocalStorage<string>()
    const seen: string[] = []
    const app = webfw()
    app.use(function first(_req: Any, _res: Any, next: Any) {
      seen.push(`first runs in ${store.getStore()}`)
      setImmediate(next)
    })
    app.param('id', (_req: Any, _res: Any, next: Any) => {
      seen.push(`param trigger runs in ${store.getStore()}`)
      next()
    })
    app.get('/:id', function route(_req: Any, res: Any) {
      seen.push(`route runs in ${store.getStore()}`)
      res.send('ok')
    })
    layer.start.bindStore(store, (m: Any) => `start of ${m.name}`)
    layer.asyncStart.bindStore(store, (m: Any) => `after ${m.name}`)
    try {
      await withServer(app, async ({ port }) => {
        await rawRequest(port, 'GET', '/1')
      })
    } finally {
      layer.start.unbindStore(store)
      layer.asyncStart.unbindStore(store)
    }
    // The param trigger runs between the two layers, the route in its own start value.
    assert.deepEqual(seen, ['first runs in start of first', 'param trigger runs in after first', 'route runs in start of handle'])
  })
})

describe('3.x: the route map', () => {
  test("each matched route is a request handler with its template; next() ends it and the next matching route starts", async () => {
    const app = webfw3()
    app.use(function auditLog(_req: Any, _res: Any, next: Any) {
      next()
    })
    app.get('/users/:id', (_req: Any, _res: Any, next: Any) => next())
    app.get('/users/:id', (req: Any, res: Any) => res.send('user ' + req.params.id))
    await withServer(app, async ({ port }) => {
      const rec = record([
        { channel: 'layer', event: 'start' },
        { channel: 'layer', event: 'asyncStart' },
      ])
      const res = await rawRequest(port, 'GET', '/users/42')
      assert.equal(res.body, 'user 42')
      const routes = rec.lines.filter((line) => line.includes('request_handler'))
      assert.deepEqual(routes, [
        'layer:start request_handler bound dispatch /users/:id',
        'layer:asyncStart request_handler bound dispatch /users/:id',
        'layer:start request_handler bound dispatch /users/:id',
      ])
      const first = rec.messages.find((m) => m.event === 'start' && m.message.type === 'request_handler')!.message
      assert.equal(first.req.params.id, '42')
      assert.equal(first.path, '/users/:id')
    })
  })
})

describe('when webfw publishes', () => {
  test('only while start has a subscriber: a subscriber on end alone sees nothing', async () => {
    await withServer(buildApp(webfw), async ({ port }) => {
      const rec = record([{ channel: 'layer', event: 'end' }, { channel: 'request', event: 'end' }])
      await rawRequest(port, 'GET', PATHS.param)
      assert.deepEqual(rec.lines, [])
    })
  })

  test('a subscriber arriving after the app served requests sees the next request; none after it left', async () => {
    const app = buildApp(webfw)
    await withServer(app, async ({ port }) => {
      assert.equal((await rawRequest(port, 'GET', PATHS.param)).body, 'user 42')
      const rec = record([{ channel: 'layer', event: 'start' }])
      await rawRequest(port, 'GET', PATHS.param)
      assert.equal(rec.lines.length, 3)
      rec.stop()
      await rawRequest(port, 'GET', PATHS.param)
      assert.equal(rec.lines.length, 3)
    })
  })

  test('a middleware that throws: error then end, no asyncStart (it never called next); a rejection (5.x): error alone, after end', async () => {
    const app = webfw()
    app.use('/thrown', function throwing() {
      throw new Error('thrown')
    })
    app.use('/rejected', async function rejecting() {
      await null
      throw new Error('rejected')
    })
    app.use(function handles(err: Any, _req: Any, res: Any, _next: Any) {
      res.send('handled ' + err.message)
    })
    await withServer(app, async ({ port }) => {
      const rec = record(EVENTS.map((event) => ({ channel: 'layer' as const, event })))
      assert.equal((await rawRequest(port, 'GET', '/thrown')).body, 'handled thrown')
      assert.deepEqual(rec.lines, [
        'layer:start middleware throwing /thrown',
        'layer:error middleware throwing /thrown error=thrown',
        'layer:end middleware throwing /thrown',
        // the error handler runs with the mount template of the top again
        'layer:start error_handler handles /',
        'layer:end error_handler handles /',
      ])
      rec.lines.length = 0
      assert.equal((await rawRequest(port, 'GET', '/rejected')).body, 'handled rejected')
      assert.deepEqual(rec.lines, [
        'layer:start middleware rejecting /rejected',
        'layer:end middleware rejecting /rejected',
        'layer:error middleware rejecting /rejected error=rejected',
        'layer:start error_handler handles /',
        'layer:end error_handler handles /',
      ])
    })
  })

  test('layers that do not run are not published: an error passing normal middleware, a request passing an error handler', async () => {
    const app = webfw()
    app.use(function errorHandlerSkipped(_err: Any, _req: Any, _res: Any, next: Any) {
      next()
    })
    app.use(function fails(_req: Any, _res: Any, next: Any) {
      next(new Error('x'))
    })
    app.use(function skippedByError(_req: Any, _res: Any, next: Any) {
      next()
    })
    app.use(function handles(_err: Any, _req: Any, res: Any, _next: Any) {
      res.send('handled')
    })
    await withServer(app, async ({ port }) => {
      const rec = record([{ channel: 'layer', event: 'start' }])
      assert.equal((await rawRequest(port, 'GET', '/')).body, 'handled')
      assert.deepEqual(rec.lines, ['layer:start middleware fails /', 'layer:start error_handler handles /'])
    })
  })
})
