/**
 * `webfw/otel` with the real OpenTelemetry SDK (in-memory exporter, the
 * HTTP instrumentation making the server span), on webfw 5.x, 4.x and 3.x:
 * a route with parameters, middleware, mounted routers (the route is the
 * full template), an error thrown and one passed to `next`, async handlers,
 * a 404, a request ended inside middleware; the context user code runs in;
 * the options (ignoreLayers, ignoreLayersType, spanNameHook, requestHook);
 * enabling after the app served requests, and disabling.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { setupTracing, spanNamed, tracedRequest, outline, type Traced } from '../helpers/otel'
import { rawRequest, withServer } from '../helpers/http'
import type { Any } from '../helpers/webfw'
import { ASYNC_ERROR_PATH, buildApp, PATHS, POST_JSON } from './app'

const tracing = setupTracing()
// eslint-disable-next-line @typescript-eslint/no-require-imports
const otel: Any = require('webfw/otel')
const instrumentation = tracing.use(new otel.WebfwInstrumentation())
/* eslint-disable @typescript-eslint/no-require-imports */
const webfw5: Any = require('webfw')
const webfw4: Any = require('webfw/v4')
const webfw3: Any = require('webfw/v3')
/* eslint-enable @typescript-eslint/no-require-imports */

const SERVER = SpanKind.SERVER

function serverSpan(traced: Traced) {
  const found = traced.spans.filter((s) => s.kind === SERVER)
  assert.equal(found.length, 1)
  return found[0]
}

/** Sends the requests to a fresh app of `factory` and gives each trace to `check`. */
async function withTraces(factory: Any, requests: [string, string, Record<string, string>?, string?][], check: (t: Traced[]) => void): Promise<void> {
  await withServer(buildApp(factory, { asyncErrors: factory === webfw5 }), async ({ port }) => {
    const traces: Traced[] = []
    for (const [method, path, headers, body] of requests) traces.push(await tracedRequest(port, method, path, headers, body))
    check(traces)
  })
}

for (const [version, factory, handlerName] of [
  ['5.x', webfw5, (_route: string) => 'request handler'],
  ['4.x', webfw4, (route: string) => `request handler - ${route}`],
] as const) {
  describe(`webfw ${version} traced by WebfwInstrumentation`, () => {
    test('a route with a parameter: the server span is named by the route and carries http.route; one span per middleware and one for the handler', async () => {
      await withTraces(factory, [['GET', PATHS.param]], ([t]) => {
        assert.equal(t.response.body, 'user 42')
        const server = serverSpan(t)
        assert.equal(server.name, 'GET /users/:id')
        assert.equal(server.attributes['http.route'], '/users/:id')
        const handler = spanNamed(t, handlerName('/users/:id'))
        assert.deepEqual(handler.attributes, { 'http.route': '/users/:id', 'express.name': '/users/:id', 'express.type': 'request_handler' })
        assert.equal(handler.parentSpanContext?.spanId, server.spanContext().spanId)
        const middleware = t.tree.children.filter((c) => c.attributes['express.type'] === 'middleware').map((c) => c.name)
        const builtIn = version === '4.x' ? ['middleware - expressInit', 'middleware - query'] : []
        assert.deepEqual(middleware.sort(), ['middleware - auditLog', ...builtIn, 'middleware - jsonParser'].sort())
      })
    })

    test('middleware: express.name is the function name, the span a child of the server span, ended when it calls next', async () => {
      await withTraces(factory, [['POST', POST_JSON.path, POST_JSON.headers, POST_JSON.body]], ([t]) => {
        assert.equal(t.response.body, POST_JSON.body)
        const parser = spanNamed(t, 'middleware - jsonParser')
        assert.deepEqual(parser.attributes, { 'express.name': 'jsonParser', 'express.type': 'middleware' })
        assert.equal(parser.parentSpanContext?.spanId, serverSpan(t).spanContext().spanId)
        // The parser calls next after reading the body; the handler's span is its sibling, not its child.
        const handler = spanNamed(t, handlerName('/echo'))
        assert.ok(parser.ended && handler.ended)
        assert.equal(handler.parentSpanContext?.spanId, serverSpan(t).spanContext().spanId)
      })
    })

    test('mounted routers: the route is the full template; each router gets a router span named as Express names it', async () => {
      await withTraces(factory, [['GET', PATHS.mounted], ['GET', PATHS.nested], ['GET', PATHS.subApp]], ([mounted, nested, sub]) => {
        assert.equal(serverSpan(mounted).name, 'GET /api/items/:item')
        assert.equal(spanNamed(mounted, handlerName('/api/items/:item')).attributes['http.route'], '/api/items/:item')
        const router = spanNamed(mounted, 'router - /items/:item')
        assert.deepEqual(router.attributes, { 'http.route': '/api', 'express.name': '/items/:item', 'express.type': 'router' })

        assert.equal(serverSpan(nested).name, 'GET /nest/in/leaf/:x')
        assert.deepEqual(
          nested.spans.filter((s) => s.attributes['express.type'] === 'router').map((s) => s.attributes['http.route']).sort(),
          ['/nest', '/nest/in'],
        )
        assert.equal(serverSpan(sub).name, 'GET /sub/s/:y')
        // A mounted app's layers run inside its mounting middleware's span.
        const mountedApp = spanNamed(sub, 'middleware - mounted_app')
        assert.equal(spanNamed(sub, handlerName('/sub/s/:y')).parentSpanContext?.spanId, mountedApp.spanContext().spanId)
      })
    })

    test('an error thrown and one passed to next are recorded on the handler span', async () => {
      await withTraces(factory, [['GET', PATHS.thrown], ['GET', PATHS.passed]], ([thrown, passed]) => {
        assert.equal(thrown.response.body, 'error: boom')
        for (const [t, route, type, message] of [
          [thrown, '/api/boom', 'Error', 'boom'],
          [passed, '/api/passed', 'TypeError', 'passed'],
        ] as const) {
          const handler = spanNamed(t, handlerName(route))
          assert.deepEqual(handler.status, { code: SpanStatusCode.ERROR, message })
          assert.equal(handler.events.length, 1)
          assert.equal(handler.events[0].name, 'exception')
          assert.equal(handler.events[0].attributes?.['exception.type'], type)
          assert.equal(handler.events[0].attributes?.['exception.message'], message)
          assert.equal(serverSpan(t).name, `GET ${route}`)
          assert.equal(serverSpan(t).status.code, SpanStatusCode.ERROR)
          // The router it passed through and the middleware before it stay clean.
          assert.equal(spanNamed(t, 'middleware - auditLog').status.code, SpanStatusCode.UNSET)
        }
      })
    })

    test('an async handler: its span ends when the response closes', async () => {
      await withTraces(factory, [['GET', PATHS.async]], ([t]) => {
        assert.equal(t.response.body, 'async')
        const handler = spanNamed(t, handlerName('/api/async'))
        assert.equal(handler.status.code, SpanStatusCode.UNSET)
        assert.ok(handler.ended)
        assert.equal(serverSpan(t).name, 'GET /api/async')
      })
    })

    test('a 404: the server span keeps its bare name, without http.route; the middleware that ran have spans', async () => {
      await withTraces(factory, [['GET', PATHS.notFound]], ([t]) => {
        assert.equal(t.response.status, 404)
        const server = serverSpan(t)
        assert.equal(server.name, 'GET')
        assert.equal(server.attributes['http.route'], undefined)
        assert.ok(outline(t.tree).includes('  middleware - auditLog'))
        assert.ok(!t.spans.some((s) => s.attributes['express.type'] === 'request_handler'))
      })
    })

    test('a request ended inside middleware: the middleware span has the mount path as http.route and ends with the response', async () => {
      await withTraces(factory, [['GET', PATHS.endsInMiddleware]], ([t]) => {
        assert.equal(t.response.body, 'stopped')
        const stopper = spanNamed(t, 'middleware - stopper')
        assert.ok(stopper.ended)
        assert.equal(stopper.attributes['http.route'], '/stop')
        assert.equal(serverSpan(t).name, 'GET /stop')
      })
    })
  })
}

describe('webfw 5.x: async errors', () => {
  test('a rejected promise of an async handler is recorded', async () => {
    await withTraces(webfw5, [['GET', ASYNC_ERROR_PATH]], ([t]) => {
      assert.equal(t.response.body, 'error: rejected')
      const handler = spanNamed(t, 'request handler')
      assert.deepEqual(handler.status, { code: SpanStatusCode.ERROR, message: 'rejected' })
    })
  })
})

describe('webfw 3.x traced by WebfwInstrumentation', () => {
  // Written as an Express 3 app: middleware, the route map placed by the
  // first route, and a sub-app mounted on a literal prefix (3.x mount paths
  // are not patterns, and its Router is the route map, not middleware).
  function app3(): Any {
    const app = webfw3()
    app.use(webfw3.json())
    app.use(function auditLog(_req: Any, _res: Any, next: Any) {
      next()
    })
    app.get('/users/:id', (req: Any, res: Any) => res.send('user ' + req.params.id))
    const api = webfw3()
    api.get('/items/:item', (req: Any, res: Any) => res.send('item ' + req.params.item))
    app.use('/api', api)
    return app
  }

  test('a route with a parameter and a route of a mounted app name the server span with the full template', async () => {
    await withServer(app3(), async ({ port }) => {
      const param = await tracedRequest(port, 'GET', PATHS.param)
      const mounted = await tracedRequest(port, 'GET', PATHS.mounted)
      assert.equal(param.response.body, 'user 42')
      assert.equal(serverSpan(param).name, 'GET /users/:id')
      assert.equal(serverSpan(param).attributes['http.route'], '/users/:id')
      assert.equal(spanNamed(param, 'request handler - /users/:id').attributes['http.route'], '/users/:id')
      assert.equal(spanNamed(param, 'middleware - auditLog').attributes['express.type'], 'middleware')
      assert.equal(mounted.response.body, 'item 7')
      assert.equal(serverSpan(mounted).name, 'GET /api/items/:item')
      assert.equal(spanNamed(mounted, 'request handler - /api/items/:item').attributes['http.route'], '/api/items/:item')
    })
  })
})

describe('the context user code runs in', () => {
  test("a middleware and a handler see their own span as active; spans they start are its children; after an async next the handler's parent is the server span", async () => {
    const app = webfw5()
    const seen: Record<string, string | undefined> = {}
    app.use(function waits(_req: Any, _res: Any, next: Any) {
      seen.waits = (trace.getActiveSpan() as Any)?.name
      setImmediate(next)
    })
    app.get('/work', (_req: Any, res: Any) => {
      seen.handler = (trace.getActiveSpan() as Any)?.name
      trace.getTracer('test').startActiveSpan('db query', (span) => {
        span.end()
        res.send('done')
      })
    })
    await withServer(app, async ({ port }) => {
      const t = await tracedRequest(port, 'GET', '/work')
      assert.deepEqual(seen, { waits: 'middleware - waits', handler: 'request handler' })
      const handler = spanNamed(t, 'request handler')
      assert.equal(spanNamed(t, 'db query').parentSpanContext?.spanId, handler.spanContext().spanId)
      assert.equal(handler.parentSpanContext?.spanId, serverSpan(t).spanContext().spanId)
    })
  })
})

describe('options', () => {
  test('ignoreLayersType and ignoreLayers leave layers out; the server span still gets the route', async () => {
    instrumentation.setConfig({ ignoreLayersType: ['request_handler'], ignoreLayers: [/^middleware - json/, 'middleware - auditLog'] })
    try {
      await withTraces(webfw5, [['GET', PATHS.param]], ([t]) => {
        assert.deepEqual(outline(t.tree), ['GET /users/:id'])
      })
    } finally {
      instrumentation.setConfig({})
    }
  })

  test('spanNameHook renames spans; requestHook adds attributes', async () => {
    const infos: Any[] = []
    instrumentation.setConfig({
      spanNameHook: (info: Any, defaultName: string) => (info.layerType === 'request_handler' ? `${info.request.method} handler ${info.route}` : defaultName),
      requestHook: (span: Any, info: Any) => {
        infos.push({ layerType: info.layerType, route: info.route })
        span.setAttribute('custom.type', info.layerType)
      },
    })
    try {
      await withTraces(webfw5, [['GET', PATHS.mounted]], ([t]) => {
        const handler = spanNamed(t, 'GET handler /api/items/:item')
        assert.equal(handler.attributes['custom.type'], 'request_handler')
        assert.equal(spanNamed(t, 'middleware - auditLog').attributes['custom.type'], 'middleware')
        assert.deepEqual(infos.at(-1), { layerType: 'request_handler', route: '/api/items/:item' })
      })
    } finally {
      instrumentation.setConfig({})
    }
  })

  test('a hook that throws does not break the request or the span', async () => {
    instrumentation.setConfig({
      spanNameHook: () => {
        throw new Error('bad hook')
      },
      requestHook: () => {
        throw new Error('bad hook')
      },
    })
    try {
      await withTraces(webfw5, [['GET', PATHS.param]], ([t]) => {
        assert.equal(t.response.body, 'user 42')
        assert.ok(spanNamed(t, 'request handler').ended)
      })
    } finally {
      instrumentation.setConfig({})
    }
  })
})

describe('enabling and disabling', () => {
  test('of several instances, the one enabled last traces, as with the Express instrumentation; disabling it leaves none', async () => {
    const tagged = (tag: string) => new otel.WebfwInstrumentation({ requestHook: (span: Any) => span.setAttribute('test.by', tag) })
    const byOf = (traced: Traced) => [...new Set(traced.spans.filter((s) => s.kind !== SERVER).map((s) => s.attributes['test.by']))]
    await withServer(buildApp(webfw5, { asyncErrors: true }), async ({ port }) => {
      const a = tracing.use(tagged('a'))
      const b = tracing.use(tagged('b'))
      try {
        assert.deepEqual(byOf(await tracedRequest(port, 'GET', PATHS.param)), ['b'])
        b.disable()
        assert.deepEqual(outline((await tracedRequest(port, 'GET', PATHS.param)).tree), ['GET'])
        a.enable()
        assert.deepEqual(byOf(await tracedRequest(port, 'GET', PATHS.param)), ['a'])
      } finally {
        a.disable()
        b.disable()
        instrumentation.enable()
      }
      const back = await tracedRequest(port, 'GET', PATHS.param)
      assert.deepEqual(byOf(back), [undefined])
      assert.equal(serverSpan(back).name, 'GET /users/:id')
    })
  })

  test('disabled: no layer spans and no route; enabled again after the app served requests: spans from the next request', async () => {
    await withServer(buildApp(webfw5, { asyncErrors: true }), async ({ port }) => {
      instrumentation.disable()
      try {
        assert.equal((await rawRequest(port, 'GET', PATHS.param)).body, 'user 42')
        const off = await tracedRequest(port, 'GET', PATHS.param)
        assert.deepEqual(outline(off.tree), ['GET'])
      } finally {
        instrumentation.enable()
      }
      const on = await tracedRequest(port, 'GET', PATHS.param)
      assert.equal(serverSpan(on).name, 'GET /users/:id')
      assert.ok(on.spans.length >= 4)
    })
  })
})
