/**
 * The setups every ecosystem test runs on: an Express middleware package must
 * work unchanged on webfw (5.x) and webfw/v4 (4.x), both on the app's own
 * `app.listen` server and with the app handed to `http.createServer`.
 */
import { withListen, withServer, type Running } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'

export interface Setup {
  /** '5.x' or '4.x' */
  profile: string
  /** Test-name suffix, e.g. "4.x, app.listen" */
  label: string
  factory: Any
  run<T>(app: Any, fn: (srv: Running) => Promise<T>): Promise<T>
}

export const setups: Setup[] = []
for (const [profile, factory] of [['5.x', webfw], ['4.x', webfw4]] as Array<[string, Any]>) {
  setups.push({ profile, label: `${profile}, app.listen`, factory, run: withListen })
  setups.push({ profile, label: `${profile}, http.createServer`, factory, run: (app, fn) => withServer(app, fn) })
}
