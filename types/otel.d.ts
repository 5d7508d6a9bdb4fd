/**
 * Types of `webfw/otel`: the OpenTelemetry instrumentation of webfw apps
 * (the spans of `@opentelemetry/instrumentation-express`, with its options),
 * and the names and message shapes of the diagnostics channels webfw
 * publishes on, for tracers that subscribe to them directly.
 *
 * @example
 * import { WebfwInstrumentation, LayerType } from 'webfw/otel'
 * new WebfwInstrumentation({ ignoreLayersType: [LayerType.MIDDLEWARE] })
 */
/// <reference types="node" />
import type http = require('node:http')
import type { Span } from '@opentelemetry/api'
import type { InstrumentationBase, InstrumentationConfig, InstrumentationModuleDefinition } from '@opentelemetry/instrumentation'

/** The `express.type` values of the spans. */
export declare const LayerType: {
  readonly ROUTER: 'router'
  readonly MIDDLEWARE: 'middleware'
  readonly REQUEST_HANDLER: 'request_handler'
}
export type LayerType = (typeof LayerType)[keyof typeof LayerType]
/** `LayerType` under the Express instrumentation's name, for code moving over from it. */
export declare const ExpressLayerType: typeof LayerType
export type ExpressLayerType = LayerType

/** The attributes the spans carry besides `http.route`. */
export declare const AttributeNames: {
  readonly EXPRESS_TYPE: 'express.type'
  readonly EXPRESS_NAME: 'express.name'
}

/** A layer's span name to leave out: equal to a string, matching a RegExp, or a function returning true. */
export type IgnoreMatcher = string | RegExp | ((name: string) => boolean)

/** What the hooks are told about the layer a span is for. */
export interface WebfwRequestInfo<T = any> {
  /** The request. */
  request: T
  /** The route template constructed so far (e.g. `/api/items/:item`). */
  route: string
  layerType: LayerType
}
/** The Express instrumentation's name for `WebfwRequestInfo`. */
export type ExpressRequestInfo<T = any> = WebfwRequestInfo<T>

/** Returns a span's name; `defaultName` is the name it would get. */
export type SpanNameHook = (info: WebfwRequestInfo, defaultName: string) => string

/** Called with each layer span as it starts, to add attributes. */
export type WebfwRequestCustomAttributeFunction = (span: Span, info: WebfwRequestInfo) => void

export interface WebfwInstrumentationConfig extends InstrumentationConfig {
  /** Layers whose span name matches one of these get no span. */
  ignoreLayers?: IgnoreMatcher[]
  /** Layers of these types get no span. */
  ignoreLayersType?: LayerType[]
  /** Renames spans. */
  spanNameHook?: SpanNameHook
  /** Adds attributes to each layer span as it starts. */
  requestHook?: WebfwRequestCustomAttributeFunction
}

/**
 * The instrumentation. Register it beside `@opentelemetry/instrumentation-http`
 * (which makes the server span whose name and `http.route` it sets).
 *
 * @example
 * const sdk = new NodeSDK({ instrumentations: [new HttpInstrumentation(), new WebfwInstrumentation()] })
 * sdk.start()
 */
export declare class WebfwInstrumentation extends InstrumentationBase<WebfwInstrumentationConfig> {
  constructor(config?: WebfwInstrumentationConfig)
  protected init(): InstrumentationModuleDefinition[]
  enable(): void
  disable(): void
}

/** `webfw.request`: subscribe as `diagnostics_channel.tracingChannel(REQUEST_CHANNEL)`. */
export declare const REQUEST_CHANNEL: 'webfw.request'
/** `webfw.layer`: subscribe as `diagnostics_channel.tracingChannel(LAYER_CHANNEL)`. */
export declare const LAYER_CHANNEL: 'webfw.layer'

/** The message of the `tracing:webfw.request:*` events. */
export interface RequestMessage<Req = http.IncomingMessage, Res = http.ServerResponse> {
  req: Req
  res: Res
  /** The app the request entered (the outermost one). */
  app: unknown
  /** The full template of the route that matched, once its handler started (`/api/items/:item`). */
  route: string | undefined
  /** What the app passed on unhandled (error and asyncStart events). */
  error?: unknown
}

/** What a layer is. */
export type LayerKind = 'middleware' | 'router' | 'request_handler' | 'error_handler'

/** The message of the `tracing:webfw.layer:*` events. */
export interface LayerMessage<Req = http.IncomingMessage, Res = http.ServerResponse> {
  req: Req
  res: Res
  /** The stack entry (the object in `router.stack`). */
  layer: unknown
  type: LayerKind
  /** The layer's name: its function's name, `router`, or the route layer's name. */
  name: string
  /** The layer's own path as written (a RegExp as its literal; arrays joined by `,`); undefined for `router.use(fn)` given none. */
  path: string | undefined
  /** The mount paths of the routers around the layer, then its own path (`/api/items/:item`). */
  route: string
  /** The error the layer passed to `next` or threw (error and asyncStart events). */
  error?: unknown
}
