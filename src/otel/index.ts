/**
 * webfw/otel: the OpenTelemetry instrumentation of webfw apps (5.x, 4.x and
 * 3.x), the spans of `@opentelemetry/instrumentation-express` made from
 * webfw's diagnostics channels. Loads `@opentelemetry/instrumentation`,
 * `@opentelemetry/api` and `@opentelemetry/core` (optional peer
 * dependencies); nothing else of webfw ever does.
 *
 * @example
 * const { NodeSDK } = require('@opentelemetry/sdk-node')
 * const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http')
 * const { WebfwInstrumentation } = require('webfw/otel')
 * new NodeSDK({ instrumentations: [new HttpInstrumentation(), new WebfwInstrumentation()] }).start()
 */
export { WebfwInstrumentation } from './instrumentation'
export type {
  IgnoreMatcher,
  SpanNameHook,
  WebfwInstrumentationConfig,
  WebfwRequestCustomAttributeFunction,
  WebfwRequestInfo,
} from './instrumentation'
export { AttributeNames, LayerType, LayerType as ExpressLayerType } from './names'
export { LAYER_CHANNEL, REQUEST_CHANNEL } from '../diagnostics/channels'
