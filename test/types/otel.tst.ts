// `webfw/otel`: the instrumentation with the options of
// `@opentelemetry/instrumentation-express`, its enums, and the message
// shapes of the diagnostics channels.
import dc = require('node:diagnostics_channel')
import type { Span } from '@opentelemetry/api'
import type { Instrumentation } from '@opentelemetry/instrumentation'
import { ExpressLayerType as OfficialLayerType } from '@opentelemetry/instrumentation-express'
import { AttributeNames, ExpressLayerType, LAYER_CHANNEL, LayerType, REQUEST_CHANNEL, WebfwInstrumentation, type LayerMessage, type RequestMessage, type WebfwInstrumentationConfig, type WebfwRequestInfo } from 'webfw/otel'
import webfw = require('webfw')
import { describe, expect, test } from 'tstyche'

describe('WebfwInstrumentation', () => {
  test('is an OpenTelemetry instrumentation, made with or without options', () => {
    expect(new WebfwInstrumentation()).type.toBeAssignableTo<Instrumentation>()
    expect(new WebfwInstrumentation({ enabled: false })).type.toBe<WebfwInstrumentation>()
  })

  test('the options of the Express instrumentation', () => {
    const config: WebfwInstrumentationConfig = {
      ignoreLayers: ['middleware - auditLog', /^router/, (name) => name.startsWith('x')],
      ignoreLayersType: [LayerType.MIDDLEWARE, 'request_handler'],
      spanNameHook: (info, defaultName) => `${defaultName} ${info.route} ${info.layerType}`,
      requestHook: (span, info) => {
        expect(span).type.toBe<Span>()
        expect(info).type.toBe<WebfwRequestInfo>()
        span.setAttribute('route', info.route)
      },
    }
    expect(new WebfwInstrumentation(config).getConfig()).type.toBe<WebfwInstrumentationConfig>()
    // Values of the Express instrumentation's enum are accepted as they are.
    expect(new WebfwInstrumentation({ ignoreLayersType: [OfficialLayerType.ROUTER] })).type.toBe<WebfwInstrumentation>()
  })

  test('bad options are errors', () => {
    expect(new WebfwInstrumentation({ ignoreLayersType: ['handler'] })).type.toRaiseError()
    expect(new WebfwInstrumentation({ ignoreLayers: [42] })).type.toRaiseError()
  })
})

describe('enums and channel names', () => {
  test('LayerType, its Express name, AttributeNames', () => {
    expect(LayerType.REQUEST_HANDLER).type.toBe<'request_handler'>()
    expect(ExpressLayerType).type.toBe<typeof LayerType>()
    expect(AttributeNames.EXPRESS_NAME).type.toBe<'express.name'>()
    expect(REQUEST_CHANNEL).type.toBe<'webfw.request'>()
    expect(LAYER_CHANNEL).type.toBe<'webfw.layer'>()
  })

  test('messages, typed with the request and response of the app', () => {
    const onLayerStart = (message: LayerMessage<webfw.Request, webfw.Response>) => {
      expect(message.req.params).type.not.toBeAny()
      expect(message.type).type.toBe<'middleware' | 'router' | 'request_handler' | 'error_handler'>()
      expect(message.path).type.toBe<string | undefined>()
      expect(message.route).type.toBe<string>()
    }
    dc.tracingChannel(LAYER_CHANNEL).start.subscribe((message) => onLayerStart(message as LayerMessage<webfw.Request, webfw.Response>))
    const onRequestAsyncStart = (message: RequestMessage) => {
      expect(message.req.headers).type.not.toBeAny()
      expect(message.route).type.toBe<string | undefined>()
      expect(message.error).type.toBe<unknown>()
    }
    dc.tracingChannel(REQUEST_CHANNEL).asyncStart.subscribe((message) => onRequestAsyncStart(message as RequestMessage))
  })
})
