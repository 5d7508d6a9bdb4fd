/**
 * Shared pieces of the tests of Express 3's bundled middleware: the 3.x
 * factory, and an app served on an ephemeral port for the length of a test.
 */
import { withServer, type Running } from '../../helpers/http'
import type { Any } from '../../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const webfw3: Any = require('webfw/v3')

/** Builds an app with `setup` and serves it for the length of `fn`. */
export function serveApp<T>(setup: (app: Any) => void, fn: (srv: Running) => Promise<T>): Promise<T> {
  const app = webfw3()
  setup(app)
  return withServer(app, fn)
}

/** Error handler answering `<status> <message>` as text, so tests see what `next(err)` got. */
export function reportErrors(app: Any): void {
  app.use((err: Any, _req: Any, res: Any, _next: Any) => {
    res.statusCode = err.status || 500
    res.end(`${err.status || 500} ${err.message}${err.code ? ' ' + err.code : ''}`)
  })
}
