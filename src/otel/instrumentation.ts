/**
 * WebfwInstrumentation: OpenTelemetry spans for webfw apps, the ones the
 * Express instrumentation gives Express apps, made from webfw's diagnostics
 * channels (src/diagnostics/) instead of patching: nothing of webfw is
 * wrapped, and an app built before the instrumentation was enabled is
 * traced from its next request on.
 *
 * Per layer that runs (`tracing:webfw.layer:*`):
 * - start (a bound store, so the layer runs in the span's context): the
 *   request's `http.route` is updated on the HTTP server span's RPC
 *   metadata, then a span is started unless the layer is ignored or no span
 *   is active (no HTTP server span); a router's span ends at once and the
 *   router runs in its parent's context;
 * - end (the synchronous part returned): a span still open ends when the
 *   response closes, unless the layer calls `next` first;
 * - asyncStart (the layer called `next`; a bound store again): the error it
 *   passed is recorded, the span ends, and what follows runs with the parent
 *   span active again (other context values the layer set are kept).
 * Error handlers get no span, as with the Express instrumentation.
 */
import { context, diag, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api'
import { getRPCMetadata, RPCType } from '@opentelemetry/core'
import { InstrumentationBase, safeExecuteInTheMiddle, type InstrumentationConfig, type InstrumentationModuleDefinition } from '@opentelemetry/instrumentation'
import dc from 'node:diagnostics_channel'
import type { AsyncLocalStorage } from 'node:async_hooks'
import { LAYER_CHANNEL, REQUEST_CHANNEL, type LayerMessage } from '../diagnostics/channels'
import { layerMetadata, type LayerType } from './names'
import { constructedRoute, matchedRoute } from './routes'

export type IgnoreMatcher = string | RegExp | ((name: string) => boolean)

/** What the hooks are told about the layer a span is for. */
export interface WebfwRequestInfo<T = unknown> {
  /** The request. */
  request: T
  /** The route template constructed so far (as the Express instrumentation's `route`). */
  route: string
  layerType: LayerType
}

/** Returns the span's name; `defaultName` is the name it would get. */
export type SpanNameHook = (info: WebfwRequestInfo, defaultName: string) => string

/** Called with each layer span as it starts, to add attributes. */
export type WebfwRequestCustomAttributeFunction = (span: Span, info: WebfwRequestInfo) => void

export interface WebfwInstrumentationConfig extends InstrumentationConfig {
  /** Layers whose span name matches one of these get no span. */
  ignoreLayers?: IgnoreMatcher[]
  /** Layers of these types get no span. */
  ignoreLayersType?: LayerType[]
  spanNameHook?: SpanNameHook
  requestHook?: WebfwRequestCustomAttributeFunction
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { version: VERSION } = require('../../package.json') as { version: string }
const NAME = 'webfw/otel'
const HTTP_ROUTE = 'http.route'

/** What the instrumentation keeps for one layer call, on its message. */
interface LayerSpan {
  span: Span | undefined
  parent: Context
  ended: boolean
  /** Whether the layer's path was pushed on the request's list (not for `use(fn)` without one). */
  pushed: boolean
  /** Ends the span when the response closes first (registered at `end`). */
  onClose: (() => void) | undefined
}

/**
 * The layer paths a request is inside (routes.ts), kept on the request under
 * a symbol. (Not in a WeakMap: its entries kept requests alive through
 * young-generation collections, so their objects ended up in the old
 * generation; tried for webfw's own per-request trace state, it cost about
 * 20 µs more a traced `stack` request than a symbol, see docs/perf.md.)
 */
const kPaths = Symbol('webfw.otel.paths')

function pathsOf(req: object): string[] {
  const holder = req as { [kPaths]?: string[] }
  let paths = holder[kPaths]
  if (paths === undefined) {
    paths = []
    holder[kPaths] = paths
  }
  return paths
}

function matches(name: string, matcher: IgnoreMatcher): boolean {
  if (typeof matcher === 'string') return matcher === name
  if (matcher instanceof RegExp) return matcher.test(name)
  if (typeof matcher === 'function') return matcher(name)
  throw new TypeError('Pattern is in unsupported datatype')
}

function isIgnored(name: string, type: LayerType, config: WebfwInstrumentationConfig): boolean {
  if (Array.isArray(config.ignoreLayersType) && config.ignoreLayersType.includes(type)) return true
  if (!Array.isArray(config.ignoreLayers)) return false
  try {
    return config.ignoreLayers.some((matcher) => matches(name, matcher))
  } catch {
    return false
  }
}

/**
 * A "store" for `channel.bindStore` that runs the layer (or what follows its
 * `next`) in an OpenTelemetry context. Channels call `store.run(value, fn)`;
 * this makes that `context.with(value, fn)`, so whichever context manager the
 * application registered carries the span.
 */
class ContextStore {
  run<R>(ctx: Context, fn: (...args: unknown[]) => R, ...args: unknown[]): R {
    return context.with(ctx, fn, undefined, ...args)
  }
}

interface Subscription {
  readonly store: ContextStore
  readonly onStart: (message: LayerMessage) => Context
  readonly onEnd: (message: unknown) => void
  readonly onNext: (message: LayerMessage) => Context
  readonly noop: () => void
}

/**
 * The instance that traces: the one enabled last, as with the Express
 * instrumentation, whose each `enable()` wraps Express's methods in place
 * of the wrappers before it. Disabling it leaves none tracing (the Express
 * instrumentation then unwraps to the originals).
 */
let owner: WebfwInstrumentation | undefined

/**
 * OpenTelemetry instrumentation of webfw (5.x, 4.x and 3.x apps), giving the
 * spans and attributes of `@opentelemetry/instrumentation-express`, with the
 * same options. Register it beside the HTTP instrumentation.
 *
 * @example
 * const { NodeSDK } = require('@opentelemetry/sdk-node')
 * const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http')
 * const { WebfwInstrumentation } = require('webfw/otel')
 * new NodeSDK({ instrumentations: [new HttpInstrumentation(), new WebfwInstrumentation()] }).start()
 */
export class WebfwInstrumentation extends InstrumentationBase<WebfwInstrumentationConfig> {
  // Assigned by enable(), which the base constructor may call before field
  // initialisers would run: declared only, never initialised.
  declare private subscription: Subscription | undefined

  constructor(config: WebfwInstrumentationConfig = {}) {
    super(NAME, VERSION, config)
  }

  /** Nothing to patch: webfw publishes what it does on diagnostics channels. */
  protected init(): InstrumentationModuleDefinition[] {
    return []
  }

  override enable(): void {
    super.enable()
    owner = this
    if (this.subscription !== undefined) return
    const store = new ContextStore()
    const subscription: Subscription = {
      store,
      onStart: (message) => (owner === this ? this.guard(() => this.startLayer(message)) : context.active()),
      onEnd: (message) => {
        if (owner === this) this.guard(() => this.endLayer(message as LayerMessage))
      },
      onNext: (message) => (owner === this ? this.guard(() => this.layerNext(message)) : context.active()),
      noop: () => {},
    }
    this.subscription = subscription
    const layer = dc.tracingChannel(LAYER_CHANNEL)
    // The stores stand in for an AsyncLocalStorage (see ContextStore).
    layer.start.bindStore(store as unknown as AsyncLocalStorage<Context>, subscription.onStart as never)
    layer.asyncStart.bindStore(store as unknown as AsyncLocalStorage<Context>, subscription.onNext as never)
    layer.end.subscribe(subscription.onEnd)
    // Listening on the request channel makes 4.x apps run their built-in
    // `query` and `expressInit` layers as layers, which Express 4 traces.
    dc.tracingChannel(REQUEST_CHANNEL).start.subscribe(subscription.noop)
  }

  override disable(): void {
    super.disable()
    if (owner === this) owner = undefined
    const subscription = this.subscription
    if (subscription === undefined) return
    this.subscription = undefined
    const layer = dc.tracingChannel(LAYER_CHANNEL)
    layer.start.unbindStore(subscription.store as unknown as AsyncLocalStorage<Context>)
    layer.asyncStart.unbindStore(subscription.store as unknown as AsyncLocalStorage<Context>)
    layer.end.unsubscribe(subscription.onEnd)
    dc.tracingChannel(REQUEST_CHANNEL).start.unsubscribe(subscription.noop)
  }

  /** Channels turn a throw in a store transform into an uncaught exception: never let one out. */
  private guard<T>(fn: () => T): T {
    try {
      return fn()
    } catch (err) {
      diag.error('webfw instrumentation: failed on a layer event', err)
      return context.active() as T
    }
  }

  /** The context the layer runs in: its span's, or the parent's. */
  private startLayer(message: LayerMessage): Context {
    const parent = context.active()
    // Error handlers are not traced (as in the Express instrumentation).
    if (message.type === 'error_handler') return parent
    const req = message.req as { originalUrl?: string; url?: string }
    const paths = pathsOf(req)
    const pushed = message.path !== undefined
    if (pushed) paths.push(message.path as string)
    const route = constructedRoute(paths)
    const httpRoute = matchedRoute(paths, req.originalUrl ?? req.url ?? '')
    const rpc = getRPCMetadata(parent)
    if (rpc?.type === RPCType.HTTP) rpc.route = httpRoute
    const metadata = layerMetadata(message, route)
    const config = this.getConfig()
    if (isIgnored(metadata.name, metadata.type, config)) {
      // No `next` will pop this path; a router's stays while its routes run.
      if (pushed && metadata.type !== 'router') paths.pop()
      return parent
    }
    if (trace.getSpan(parent) === undefined) return parent
    const info: WebfwRequestInfo = { request: req, layerType: metadata.type, route }
    const span = this.tracer.startSpan(this.spanName(info, metadata.name), {
      attributes: { [HTTP_ROUTE]: httpRoute, ...metadata.attributes },
    })
    const requestHook = config.requestHook
    if (requestHook) {
      safeExecuteInTheMiddle(
        () => requestHook(span, info),
        (err) => {
          if (err) diag.error('webfw instrumentation: request hook failed', err)
        },
        true,
      )
    }
    const state: LayerSpan = { span, parent, ended: false, pushed, onClose: undefined }
    setLayerSpan(message, state)
    if (metadata.type === 'router') {
      // A router's own span covers nothing: its layers get theirs, beside it.
      span.end()
      state.ended = true
      return parent
    }
    return trace.setSpan(parent, span)
  }

  private endLayer(message: LayerMessage): void {
    const state = layerSpan(message)
    if (state === undefined || state.ended) return
    // A synchronous throw (published as `error` before `end`) is recorded
    // now and the span, like the Express instrumentation's, ends when the
    // response closes: the router passed the error on, not the layer's next.
    if (message.error !== undefined && state.span !== undefined) recordError(state.span, message.error)
    const res = message.res as NodeJS.EventEmitter
    state.onClose = () => {
      if (state.ended) return
      state.ended = true
      state.span?.end()
    }
    res.once('close', state.onClose)
  }

  /** The context what follows `next` runs in: the parent span active again. */
  private layerNext(message: LayerMessage): Context {
    const active = context.active()
    const state = layerSpan(message)
    if (state === undefined) return active
    const error = message.error
    if (!state.ended) {
      state.ended = true
      const span = state.span as Span
      if (error !== undefined) recordError(span, error)
      if (state.onClose !== undefined) (message.res as NodeJS.EventEmitter).removeListener('close', state.onClose)
      span.end()
    }
    const req = message.req as { route?: unknown }
    if (state.pushed && !(req.route && error !== undefined)) pathsOf(req).pop()
    const parentSpan = trace.getSpan(state.parent)
    return parentSpan === undefined ? active : trace.setSpan(active, parentSpan)
  }

  private spanName(info: WebfwRequestInfo, defaultName: string): string {
    const hook = this.getConfig().spanNameHook
    if (typeof hook !== 'function') return defaultName
    try {
      return hook(info, defaultName) ?? defaultName
    } catch (err) {
      diag.error('webfw instrumentation: span name hook failed', err)
      return defaultName
    }
  }
}

const kLayerSpan = Symbol('webfw.otel.span')

function setLayerSpan(message: LayerMessage, state: LayerSpan): void {
  ;(message as LayerMessage & { [kLayerSpan]?: LayerSpan })[kLayerSpan] = state
}

function layerSpan(message: LayerMessage): LayerSpan | undefined {
  return (message as LayerMessage & { [kLayerSpan]?: LayerSpan })[kLayerSpan]
}

/** An error on a layer's span, as the Express instrumentation records it: an exception event and status ERROR. */
function recordError(span: Span, error: unknown): void {
  const [exception, text] = error instanceof Error ? [error, error.message] : [String(error), String(error)]
  span.recordException(exception)
  span.setStatus({ code: SpanStatusCode.ERROR, message: text })
}
