/**
 * A/B against Express: the same application (./app.ts) on Express 5 traced
 * by `@opentelemetry/instrumentation-express` and on webfw traced by
 * `webfw/otel`, and the same for Express 4 and webfw/v4, both with the HTTP
 * instrumentation, through one OpenTelemetry SDK. For every request the
 * span trees must be equal: names, kinds, attributes, parent/child
 * structure, status and exception events (ids, times and ports left out).
 */
import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express'
import { InstrumentationNodeModuleDefinition } from '@opentelemetry/instrumentation'
import { outline, setupTracing, tracedRequest, type SpanNode } from '../helpers/otel'
import { withServer } from '../helpers/http'
import type { Any } from '../helpers/webfw'
import { ASYNC_ERROR_PATH, buildApp, PATHS, POST_JSON } from './app'

const tracing = setupTracing()

/** Express 4 is installed as `express4`: the Express instrumentation's patch under that module name. */
class Express4Instrumentation extends ExpressInstrumentation {
  override init(): InstrumentationNodeModuleDefinition[] {
    const [definition] = super.init()
    return [new InstrumentationNodeModuleDefinition('express4', definition.supportedVersions, definition.patch, definition.unpatch)]
  }
}

tracing.use(new ExpressInstrumentation())
tracing.use(new Express4Instrumentation())
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { WebfwInstrumentation } = require('webfw/otel')
tracing.use(new WebfwInstrumentation())

// The frameworks load after the instrumentations (the Express one patches express as it is required).
/* eslint-disable @typescript-eslint/no-require-imports */
const express5: Any = require('express')
const express4: Any = require('express4')
const webfw5: Any = require('webfw')
const webfw4: Any = require('webfw/v4')
/* eslint-enable @typescript-eslint/no-require-imports */

async function trees(factory: Any, paths: readonly string[], asyncErrors: boolean): Promise<Map<string, SpanNode>> {
  const out = new Map<string, SpanNode>()
  await withServer(buildApp(factory, { asyncErrors }), async ({ port }) => {
    for (const path of paths) out.set(`GET ${path}`, (await tracedRequest(port, 'GET', path)).tree)
    out.set(`POST ${POST_JSON.path}`, (await tracedRequest(port, 'POST', POST_JSON.path, POST_JSON.headers, POST_JSON.body)).tree)
  })
  return out
}

for (const [label, express, webfw, asyncErrors] of [
  ['Express 5 and webfw', express5, webfw5, true],
  ['Express 4 and webfw/v4', express4, webfw4, false],
] as const) {
  describe(`${label}: the same spans`, () => {
    const paths = [...Object.values(PATHS), ...(asyncErrors ? [ASYNC_ERROR_PATH] : [])]
    let expected: Map<string, SpanNode>
    let actual: Map<string, SpanNode>

    before(async () => {
      expected = await trees(express, paths, asyncErrors)
      actual = await trees(webfw, paths, asyncErrors)
    })

    test('the traces compared are not empty', () => {
      assert.ok(outline(expected.get(`GET ${PATHS.mounted}`)!).length >= 5)
      assert.ok(outline(actual.get(`GET ${PATHS.mounted}`)!).length >= 5)
    })

    for (const request of [...paths.map((p) => `GET ${p}`), `POST ${POST_JSON.path}`]) {
      test(request, () => {
        const want = expected.get(request)!
        const got = actual.get(request)!
        assert.deepEqual(got, want, `Express:\n${outline(want).join('\n')}\nwebfw:\n${outline(got).join('\n')}`)
      })
    }
  })
}

/**
 * A middleware that throws (or, in 5.x, whose promise rejects) never calls
 * its `next`: the router passes the error on. Express's instrumentation
 * then records a throw on the span (a rejection not at all) and ends the
 * span when the response closes, with a `close` listener of its own, which
 * the app can count; webfw/otel does the same.
 */
function closeCountingApp(factory: Any, asyncErrors: boolean): { app: Any; counts: number[] } {
  const app = factory()
  app.set('env', 'test')
  const counts: number[] = []
  app.use(function closeWatch(_req: Any, res: Any, next: Any) {
    res.on('close', () => counts.push(res.listenerCount('close')))
    next()
  })
  app.use('/thrown', function throwingMiddleware() {
    throw new Error('thrown')
  })
  if (asyncErrors) {
    app.use('/rejected', async function rejectingMiddleware() {
      await null
      throw new Error('rejected')
    })
  }
  app.use(function errorHandler(err: Any, _req: Any, res: Any, _next: Any) {
    res.status(500).send('error: ' + err.message)
  })
  return { app, counts }
}

async function closeTraces(factory: Any, paths: readonly string[], asyncErrors: boolean): Promise<{ trees: SpanNode[]; counts: number[]; bodies: string[] }> {
  const { app, counts } = closeCountingApp(factory, asyncErrors)
  const trees: SpanNode[] = []
  const bodies: string[] = []
  await withServer(app, async ({ port }) => {
    for (const path of paths) {
      const traced = await tracedRequest(port, 'GET', path)
      trees.push(traced.tree)
      bodies.push(traced.response.body)
    }
  })
  return { trees, counts, bodies }
}

for (const [label, express, webfw, asyncErrors] of [
  ['Express 5 and webfw', express5, webfw5, true],
  ['Express 4 and webfw/v4', express4, webfw4, false],
] as const) {
  test(`${label}: a middleware that throws${asyncErrors ? ' or rejects' : ''}: same spans, its span open until the response closes`, async () => {
    const paths = asyncErrors ? ['/thrown', '/rejected'] : ['/thrown']
    const want = await closeTraces(express, paths, asyncErrors)
    const got = await closeTraces(webfw, paths, asyncErrors)
    assert.deepEqual(want.bodies, paths.map((p) => `error: ${p.slice(1)}`))
    assert.deepEqual(got.bodies, want.bodies)
    // The layer's span listens for the response's close, besides closeWatch's listener.
    assert.ok(want.counts.every((n) => n >= 2), `Express counted ${want.counts}`)
    assert.deepEqual(got.counts, want.counts)
    for (let i = 0; i < paths.length; i++) {
      assert.deepEqual(got.trees[i], want.trees[i], `${paths[i]}\nExpress:\n${outline(want.trees[i]).join('\n')}\nwebfw:\n${outline(got.trees[i]).join('\n')}`)
    }
  })
}
