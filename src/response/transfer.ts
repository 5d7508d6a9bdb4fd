/**
 * `res.sendFile` and `res.download`, on the file sender shared with
 * `webfw.static`. `download` is `sendFile` plus a Content-Disposition
 * (content-disposition) that replaces any the options' `headers` carry; it is
 * only set when the file is actually sent.
 */
import path from 'node:path'
import { create as contentDisposition } from 'content-disposition'
import type { Profile } from '../profile'
import { defineMethod } from '../util/define'
import type { FileError } from './file/errors'
import { normalizeSendOptions, type FileOptions } from './file/options'
import { fileTarget } from './file/paths'
import { sendFileTo, type SendHooks } from './file/sender'
import type { ResponseInternal } from './internal'

export interface TransferOptions extends FileOptions {
  root?: string
  headers?: Record<string, string | number | string[]>
}

type Callback = (err?: FileError) => void

function headersHook(headers: TransferOptions['headers']): SendHooks {
  if (!headers || typeof headers !== 'object') return {}
  return {
    onHeaders(res) {
      for (const name of Object.keys(headers)) res.setHeader(name, headers[name])
    },
  }
}

export function defineTransferMembers(proto: object, _profile: Profile): void {
  /**
   * Sends the file at `file` (absolute, or relative to `options.root`).
   *
   * @example
   * res.sendFile('report.pdf', { root: '/srv/reports', maxAge: '1h' }, (err) => { if (err) next(err) })
   */
  function sendFile(this: ResponseInternal, file: unknown, options?: unknown, callback?: unknown): void {
    if (!file) throw new TypeError('path argument is required to res.sendFile')
    if (typeof file !== 'string') throw new TypeError('path must be a string to res.sendFile')
    let done = callback as Callback | undefined
    let opts = (options ?? {}) as TransferOptions
    if (typeof options === 'function') {
      done = options as Callback
      opts = {}
    }
    const root = opts.root ? String(opts.root) : undefined
    if (root === undefined && !path.isAbsolute(file)) {
      throw new TypeError('path must be absolute or specify root to res.sendFile')
    }

    const sendOptions = normalizeSendOptions(opts, 'ignore')
    // The app's `etag` setting decides, whatever the options say (as in Express).
    sendOptions.etag = Boolean(this.app.get('etag'))
    const req = this.req
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

    const target = fileTarget(file, root)
    if (target instanceof Error) {
      finished(target)
      return
    }
    sendFileTo(req, this, target, sendOptions, headersHook(opts.headers), (err) => finished(err))
  }
  defineMethod(proto, 'sendFile', sendFile)

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
      'Content-Disposition': contentDisposition(path.basename(name || file)),
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
