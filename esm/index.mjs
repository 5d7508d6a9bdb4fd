// ESM entry for `webfw` (5.x): re-exports the CommonJS build so both module
// systems share one copy of the code and therefore one set of prototypes.
import webfw from '../dist/index.js'

export const { json, raw, text, urlencoded, Router, Route, application, request, response, cookieParser } = webfw
const serveStatic = webfw.static
export { serveStatic as static }
export default webfw
