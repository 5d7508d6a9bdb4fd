/**
 * `res.sendFile` and `res.download`, on the file sender shared with
 * `webfw.static`. `download` is `sendFile` plus a Content-Disposition
 * (content-disposition) that replaces any the options' `headers` carry; it is
 * only set when the file is actually sent. 4.x also has the deprecated
 * `res.sendfile`, whose path is URL-style (percent-decoded once, relative to
 * the working directory or to `root`).
 */
import path from 'node:path'
import type { Profile } from '../profile'
import { defineMethod } from '../util/define'
import { deprecate } from '../util/deprecate'
import { fileError, type FileError } from './file/errors'
import { normalizeSendOptions, type FileOptions } from './file/options'
import { fileTarget, type FileTarget } from './file/paths'
import { sendFileTo, type SendHooks } from './file/sender'
import type { ResponseInternal } from './internal'

export interface TransferOptions extends FileOptions {
  root?: string
  headers?: Record<string, string | number | string[]>
}

type Callback = (err?: FileError) => void

/**
 * A directory named without its trailing slash: the error Express's
 * sendFile gives its callback (no status: not an HTTP error), and that
 * `finished` turns into `next()` without one.
 */
function directoryError(): FileError {
  const err = new Error('EISDIR, read') as FileError
  err.code = 'EISDIR'
  return err
}

// Failed filesystem calls keep Node's message, path included, as Express's
// sendFile, download and sendfile give it (apps match on it).
function transferHooks(headers: TransferOptions['headers']): SendHooks {
  const hooks: SendHooks = { socketErrors: true, nodeMessages: true, onDirectory: directoryError }
  if (headers && typeof headers === 'object') {
    hooks.onHeaders = (res) => {
      for (const name of Object.keys(headers)) res.setHeader(name, headers[name])
    }
  }
  return hooks
}

/** `(options, callback)` or `(callback)`: the file-transfer methods' optional arguments. */
function optionsAndCallback(options: unknown, callback: unknown): { opts: TransferOptions; done: Callback | undefined } {
  if (typeof options === 'function') return { opts: {}, done: options as Callback }
  return { opts: (options ?? {}) as TransferOptions, done: callback as Callback | undefined }
}

export function defineTransferMembers(proto: object, profile: Profile): void {
  const style = profile.response
  const fileType = profile.media.fileType

  /** Sends `target` (or reports the error refusing it), then calls back as sendFile does. */
  function transfer(
    res: ResponseInternal,
    target: FileTarget | FileError,
    opts: TransferOptions,
    done: Callback | undefined,
  ): void {
    const sendOptions = normalizeSendOptions(opts, 'ignore', fileType, profile.validators)
    // 5.x: the app's `etag` setting decides, whatever the options say (as in
    // Express 5); 4.x: the `etag` option (default true), as in Express 4.
    if (style.fileETagFromApp) sendOptions.etag = Boolean(res.app.get('etag'))
    const req = res.req
    const next = req.next

    function finished(err: FileError | undefined): void {
      if (done) {
        done(err)
        return
      }
      if (err === undefined || err.code === 'ECONNABORTED' || err.syscall === 'write') return
      // A directory is not an error for the app: let the next handler try.
      if (err.code === 'EISDIR') next?.()
      else next?.(err)
    }

    if (target instanceof Error) {
      finished(target)
      return
    }
    sendFileTo(req, res, target, sendOptions, transferHooks(opts.headers), (err) => finished(err))
  }

  /**
   * Sends the file at `file` (absolute, or relative to `options.root`).
   *
   * @example
   * res.sendFile('report.pdf', { root: '/srv/reports', maxAge: '1h' }, (err) => { if (err) next(err) })
   */
  function sendFile(this: ResponseInternal, file: unknown, options?: unknown, callback?: unknown): void {
    if (!file) throw new TypeError('path argument is required to res.sendFile')
    if (typeof file !== 'string') throw new TypeError('path must be a string to res.sendFile')
    const { opts, done } = optionsAndCallback(options, callback)
    const root = opts.root ? String(opts.root) : undefined
    if (root === undefined && !path.isAbsolute(file)) {
      throw new TypeError('path must be absolute or specify root to res.sendFile')
    }
    transfer(this, fileTarget(file, root), opts, done)
  }
  defineMethod(proto, 'sendFile', sendFile)

  if (style.sendfile) {
    /**
     * 4.x, deprecated: sends the file at the URL-style path `file`,
     * percent-decoded once, relative to `options.root` or else to the
     * working directory (where `..` is refused).
     *
     * @example
     * res.sendfile('public/%E2%82%AC.txt', { maxAge: '1h' }, (err) => { if (err) next(err) })
     */
    defineMethod(proto, 'sendfile', function sendfile(this: ResponseInternal, file: unknown, options?: unknown, callback?: unknown) {
      deprecate('res.sendfile: use res.sendFile')
      if (typeof file !== 'string') throw new TypeError('path must be a string to res.sendfile')
      const { opts, done } = optionsAndCallback(options, callback)
      let target: FileTarget | FileError
      try {
        target = fileTarget(decodeURIComponent(file), opts.root ? String(opts.root) : undefined)
      } catch {
        target = fileError(400)
      }
      transfer(this, target, opts, done)
    })
  }

  /**
   * Sends a file as an attachment named `filename` (default: the file's name).
   *
   * @example
   * res.download('/srv/reports/2024.pdf', 'report.pdf', (err) => { if (err && !res.headersSent) res.sendStatus(404) })
   */
  function download(this: ResponseInternal, file: string, filename?: unknown, options?: unknown, callback?: unknown) {
    let done = callback
    let name = filename as string | null | undefined
    let opts = (options ?? null) as TransferOptions | null
    if (typeof filename === 'function') {
      done = filename
      name = null
      opts = null
    } else if (typeof options === 'function') {
      done = options
      opts = null
    }
    // download(path, options[, fn]): the options object sits where the name would.
    if (typeof filename === 'object' && (typeof options === 'function' || options === undefined)) {
      name = null
      opts = filename as TransferOptions | null
    }

    const headers: Record<string, string | number | string[]> = {
      'Content-Disposition': style.downloadDisposition(name || file),
    }
    const given = opts?.headers
    if (given && typeof given === 'object') {
      for (const key of Object.keys(given)) {
        if (key.toLowerCase() !== 'content-disposition') headers[key] = given[key]
      }
    }
    // Inherit every other option without altering the caller's object.
    const merged = Object.create(opts) as TransferOptions
    merged.headers = headers
    const full = merged.root ? file : path.resolve(file)
    return (this as unknown as { sendFile: typeof sendFile }).sendFile.call(this, full, merged, done)
  }
  defineMethod(proto, 'download', download)
}
