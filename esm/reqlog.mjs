// ESM entry for `webfw/reqlog`, over the CommonJS build.
import reqlog from '../dist/reqlog/index.js'

export const { token, format, compile } = reqlog
export default reqlog
