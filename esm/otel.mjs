// ESM entry for `webfw/otel`, over the CommonJS build (one copy of the
// instrumentation whichever way it is loaded).
import otel from '../dist/otel/index.js'

export const { WebfwInstrumentation, AttributeNames, LayerType, ExpressLayerType, LAYER_CHANNEL, REQUEST_CHANNEL } = otel
