// ESM entry for `webfw/v4` (4.x profile), over the CommonJS build.
import webfw from '../dist/v4.js'

export const { json, raw, text, urlencoded, query, Router, Route, application, request, response, cookieParser } = webfw
const serveStatic = webfw.static
export { serveStatic as static }
export default webfw
