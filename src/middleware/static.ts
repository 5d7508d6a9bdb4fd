/**
 * `webfw.static(root, [options])`: serves the files under `root` for GET and
 * HEAD, on the shared file sender (which keeps every file inside the root —
 * see src/response/file/paths.ts). A directory named without its trailing
 * slash is redirected to it (301, host-relative Location, a body that names
 * the escaped target and links nowhere). With `fallthrough` (the default)
 * client errors and missing files call `next()`; without it they call
 * `next(err)`, 404 included.
 */
import type { Stats } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import encodeUrl from 'encodeurl'
import escapeHtml from 'escape-html'
import parseUrl from 'parseurl'
import type { Profile } from '../profile'
import { fileError, type FileError } from '../response/file/errors'
import { normalizeSendOptions, type FileOptions } from '../response/file/options'
import { RealRoot, urlTarget, type FileTarget } from '../response/file/paths'
import { sendFileTo, type SendHooks } from '../response/file/sender'

export type Next = (err?: unknown) => void
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void

export interface StaticOptions extends FileOptions {
  fallthrough?: boolean
  redirect?: boolean
  setHeaders?: (res: ServerResponse, path: string, stat: Stats) => void
}

function redirectDocument(location: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting</title>\n</head>\n<body>\n' +
    '<pre>Redirecting to ' +
    escapeHtml(location) +
    '</pre>\n</body>\n</html>\n'
  )
}

/**
 * The Location of the trailing-slash redirect: the original path (query kept)
 * plus "/", host-relative whatever the request line held. A run of leading
 * slashes becomes one and every backslash is percent-encoded, so neither
 * `//evil.example` nor `/\evil.example` (which browsers read as `//`) can
 * come out as a protocol-relative URL pointing at another host.
 */
function trailingSlashLocation(req: IncomingMessage): string {
  const original = parseUrl.original(req)
  const pathname = ((original?.pathname ?? '/') + '/').replace(/^\/+/, '/')
  return encodeUrl(pathname + (original?.search ?? '')).replace(/\\/g, '%5C')
}

function redirectToDirectory(req: IncomingMessage, res: ServerResponse, target: FileTarget): FileError | undefined {
  if (target.trailingSlash) return fileError(404)
  const location = trailingSlashLocation(req)
  const doc = redirectDocument(location)
  res.statusCode = 301
  res.setHeader('Content-Type', 'text/html; charset=UTF-8')
  res.setHeader('Content-Length', Buffer.byteLength(doc))
  res.setHeader('Content-Security-Policy', "default-src 'none'")
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Location', location)
  res.end(doc)
  return undefined
}

function notFoundDirectory(): FileError {
  return fileError(404)
}

export function createStatic(profile: Profile): (root: string, options?: StaticOptions) => Middleware {
  const dotfilesDefault = profile.staticDotfiles ?? 'ignore-last'

  /**
   * Serves files from `root`.
   *
   * @example
   * app.use('/assets', webfw.static(path.join(__dirname, 'public'), { maxAge: '1d', immutable: true }))
   */
  return function serveStatic(root: string, options?: StaticOptions): Middleware {
    if (!root) throw new TypeError('root path required')
    if (typeof root !== 'string') throw new TypeError('root path must be a string')
    const opts = options ?? {}
    const fallthrough = opts.fallthrough !== false
    const setHeaders = opts.setHeaders
    if (setHeaders !== undefined && typeof setHeaders !== 'function') {
      throw new TypeError('option setHeaders must be function')
    }
    const sendOptions = normalizeSendOptions(opts, dotfilesDefault)
    const realRoot = new RealRoot(path.resolve(root))
    const hooks: SendHooks = {
      onHeaders: setHeaders,
      onDirectory: opts.redirect !== false ? redirectToDirectory : notFoundDirectory,
    }

    return function serveStatic(req, res, next) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        if (fallthrough) {
          next()
          return
        }
        res.statusCode = 405
        res.setHeader('Allow', 'GET, HEAD')
        res.setHeader('Content-Length', '0')
        res.end()
        return
      }

      let pathname = parseUrl(req)?.pathname ?? '/'
      // At the mount point itself ("/static" without its slash) the target is
      // the root, so a directory root redirects to "/static/".
      if (pathname === '/' && !(parseUrl.original(req)?.pathname ?? '/').endsWith('/')) pathname = ''

      const target = urlTarget(pathname, realRoot)
      if (target instanceof Error) {
        if (fallthrough && target.status < 500) next()
        else next(target)
        return
      }
      sendFileTo(req, res, target, sendOptions, hooks, (err, found) => {
        if (err === undefined || err.code === 'ECONNABORTED') return
        // Once a file was found, its errors (412, 416, read failures) are
        // real errors even with fallthrough.
        if (!fallthrough || found || err.status >= 500) next(err)
        else next()
      })
    }
  }
}
