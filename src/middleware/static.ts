/**
 * `webfw.static(root, [options])`: serves the files under `root` for GET and
 * HEAD, on the shared file sender (which keeps every file inside the root —
 * see src/response/file/paths.ts). A directory named without its trailing
 * slash is redirected to it (the profile's status: 301, or 303 in 3.x; a
 * host-relative Location built from the original URL, a body that names the
 * escaped target and links nowhere). With `fallthrough` (the default) client
 * errors and missing files call `next()`; without it they call `next(err)`,
 * 404 included. Where the profile says so (4.x, 3.x), the older `hidden`
 * option stands for `dotfiles` when that is not given.
 */
import type { Stats } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import encodeUrl from 'encodeurl'
import escapeHtml from 'escape-html'
import parseUrl from 'parseurl'
import type { Profile } from '../profile'
import { fileError, type FileError } from '../response/file/errors'
import { normalizeSendOptions, type DotfilesMode, type FileOptions, type SendOptions } from '../response/file/options'
import { RealRoot, urlTarget, type FileTarget } from '../response/file/paths'
import { sendFileTo, type SendHooks } from '../response/file/sender'
import { deprecate } from '../util/deprecate'
import { Buffer } from '../util/node-buffer'

export type Next = (err?: unknown) => void
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void

export interface StaticOptions extends FileOptions {
  fallthrough?: boolean
  /** Older form of `dotfiles` (4.x, 3.x): `true` is "allow"; `dotfiles` wins when both are given. */
  hidden?: boolean
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

/** The directory hook answering `status` with the trailing-slash Location. */
function redirectToDirectory(status: number): NonNullable<SendHooks['onDirectory']> {
  return function redirectToDirectory(req, res, target) {
    if (target.trailingSlash) return fileError(404)
    sendDirectoryRedirect(req, res, status)
    return undefined
  }
}

function sendDirectoryRedirect(req: IncomingMessage, res: ServerResponse, status: number): void {
  const location = trailingSlashLocation(req)
  const doc = redirectDocument(location)
  res.statusCode = status
  res.setHeader('Content-Type', 'text/html; charset=UTF-8')
  res.setHeader('Content-Length', Buffer.byteLength(doc))
  res.setHeader('Content-Security-Policy', "default-src 'none'")
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Location', location)
  res.end(doc)
}

function notFoundDirectory(): FileError {
  return fileError(404)
}

/**
 * The `dotfiles` default for one `static` call: the version's, unless the
 * profile reads `hidden` and it is given without `dotfiles`.
 */
function dotfilesFor(opts: StaticOptions, profile: Profile): DotfilesMode {
  const versionDefault = profile.staticDotfiles ?? 'ignore-last'
  if (!profile.staticHidden || opts.hidden === undefined) return versionDefault
  const hidden = Boolean(opts.hidden)
  deprecate(`static({ hidden: ${hidden} }): use dotfiles: '${hidden ? 'allow' : 'ignore'}'`)
  if (opts.dotfiles !== undefined) return versionDefault
  return hidden ? 'allow' : versionDefault
}

export function createStatic(profile: Profile): (root: string, options?: StaticOptions) => Middleware {
  const onDirectoryRedirect = redirectToDirectory(profile.staticRedirectStatus)

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
    // Checked here, as serve-static does, only when given (null is none).
    const setHeaders = opts.setHeaders || undefined
    if (setHeaders !== undefined && typeof setHeaders !== 'function') {
      throw new TypeError('option setHeaders must be function')
    }
    // The sender's options (`dotfiles`, `index`, `extensions` ...) are
    // checked per request, as `send` checks them when serve-static makes its
    // stream: with a bad one the app starts, and each GET or HEAD the
    // middleware takes throws the TypeError (its router passes it to `next`).
    const readOptions = () => normalizeSendOptions(opts, dotfilesFor(opts, profile), profile.media.fileType, profile.validators)
    let sendOptions: SendOptions | null
    try {
      sendOptions = readOptions()
    } catch {
      sendOptions = null
    }
    const realRoot = new RealRoot(path.resolve(root))
    const hooks: SendHooks = {
      onHeaders: setHeaders,
      onDirectory: opts.redirect !== false ? onDirectoryRedirect : notFoundDirectory,
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

      const options = sendOptions ?? readOptions()
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
      sendFileTo(req, res, target, options, hooks, (err, found) => {
        if (err === undefined || err.code === 'ECONNABORTED') return
        // Once a file was found, its errors (412, 416, read failures) are
        // real errors even with fallthrough.
        if (!fallthrough || found || err.status >= 500) next(err)
        else next()
      })
    }
  }
}
