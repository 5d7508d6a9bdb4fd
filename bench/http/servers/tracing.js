// Tracing variants of the servers, for pricing observability (docs/perf.md):
// `BENCH_TRACE=channels` subscribes no-op functions to webfw's diagnostics
// channels (the traced dispatch with nobody doing anything); `BENCH_TRACE=otel`
// sets up the OpenTelemetry SDK with the HTTP instrumentation and the
// framework's (webfw/otel for webfw, @opentelemetry/instrumentation-express
// for Express), spans made and ended but dropped instead of exported;
// `BENCH_TRACE=otel-http` the same with the HTTP instrumentation alone (what
// the framework's instrumentation adds is the difference). Called
// by a server file before it loads its framework (the Express instrumentation
// patches express as it is required).
//
//   npm run bench:inmem -- stack --servers webfw,webfw:BENCH_TRACE=otel,express:BENCH_TRACE=otel
'use strict'

const { note } = require('./harness')

/** Sets up the variant named by BENCH_TRACE for `framework` ('webfw', 'express' or 'express4'). */
function setupTracing(framework) {
  const mode = process.env.BENCH_TRACE
  if (!mode) return
  if (mode === 'channels') {
    if (framework !== 'webfw') throw new Error('BENCH_TRACE=channels is for webfw')
    const dc = require('node:diagnostics_channel')
    const noop = () => {}
    for (const name of ['webfw.request', 'webfw.layer']) {
      const channels = dc.tracingChannel(name)
      for (const event of ['start', 'end', 'asyncStart', 'asyncEnd', 'error']) channels[event].subscribe(noop)
    }
    note('tracing: no-op subscribers on the webfw.request and webfw.layer channels')
    return
  }
  if (mode !== 'otel' && mode !== 'otel-http') throw new Error(`BENCH_TRACE: "${mode}" is none of channels, otel, otel-http`)
  const { context, trace } = require('@opentelemetry/api')
  const { AsyncLocalStorageContextManager } = require('@opentelemetry/context-async-hooks')
  const { BasicTracerProvider, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base')
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http')
  const dropping = { export: (spans, done) => done({ code: 0 }), shutdown: () => Promise.resolve() }
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(dropping)] })
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  trace.setGlobalTracerProvider(provider)
  const instrumentations = [new HttpInstrumentation()]
  if (mode === 'otel-http') {
    // the HTTP server span only
  } else if (framework === 'webfw') {
    const { WebfwInstrumentation } = require('webfw/otel')
    instrumentations.push(new WebfwInstrumentation())
  } else {
    const { ExpressInstrumentation } = require('@opentelemetry/instrumentation-express')
    if (framework === 'express4') {
      // express 4 is installed as `express4`: the same patch under that module name.
      const { InstrumentationNodeModuleDefinition } = require('@opentelemetry/instrumentation')
      class Express4Instrumentation extends ExpressInstrumentation {
        init() {
          const [definition] = super.init()
          return [new InstrumentationNodeModuleDefinition('express4', definition.supportedVersions, definition.patch, definition.unpatch)]
        }
      }
      instrumentations.push(new Express4Instrumentation())
    } else {
      instrumentations.push(new ExpressInstrumentation())
    }
  }
  for (const instrumentation of instrumentations) {
    instrumentation.setTracerProvider(provider)
    instrumentation.enable()
  }
  // The HTTP instrumentation patches node:http when it is next required.
  require('node:http')
  const own = mode === 'otel-http' ? '' : ` and ${framework === 'webfw' ? 'webfw' : 'Express'}`
  note(`tracing: OpenTelemetry SDK, HTTP${own} instrumentation, spans dropped`)
}

module.exports = { setupTracing }
