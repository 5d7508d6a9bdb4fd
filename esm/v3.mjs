// ESM entry for `webfw/v3` (3.x profile), over the CommonJS build.
import webfw from '../dist/v3.js'

export const { json, raw, text, urlencoded, query, Router, Route, application, request, response, cookieParser } = webfw
const serveStatic = webfw.static
export { serveStatic as static }
export default webfw
