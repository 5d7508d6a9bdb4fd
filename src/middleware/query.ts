/**
 * `webfw.query([options])` (4.x): middleware that sets `req.query` on a
 * request that has none, with qs and the given options (prototype keys
 * allowed unless the options say otherwise) or with a parse function. Inside
 * a webfw app `req.query` always exists (the app parses it on first read),
 * so this only matters on servers that are not webfw apps.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import parseUrl from 'parseurl'
import qs from 'qs'

type Parse = (str: string, options?: qs.IParseOptions) => unknown

/**
 * @example
 * const server = http.createServer((req, res) => webfw.query({ depth: 2 })(req, res, () => res.end(JSON.stringify(req.query))))
 */
export function query(options?: qs.IParseOptions | Parse) {
  let parse: Parse = qs.parse as Parse
  let opts: qs.IParseOptions | undefined = { ...(options as qs.IParseOptions) }
  if (typeof options === 'function') {
    parse = options
    opts = undefined
  } else if (opts.allowPrototypes === undefined) {
    opts.allowPrototypes = true
  }
  return function query(req: IncomingMessage & { query?: unknown }, _res: ServerResponse, next: () => void): void {
    if (!req.query) {
      const search = parseUrl(req)?.query
      req.query = parse(typeof search === 'string' ? search : '', opts)
    }
    next()
  }
}
