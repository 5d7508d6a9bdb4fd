/**
 * The file sender under `webfw.static`, `res.sendFile` and `res.download`:
 * finds the file (index files, extension fallbacks), keeps it inside its root,
 * sets the file headers, answers conditional and range requests, and streams
 * the bytes.
 *
 * Built from small libraries (fresh, etag, range-parser, mime types,
 * on-finished) rather than on `send`: `send` opens whatever path it computed,
 * so a symbolic link inside the root that points outside it would be served,
 * and its errors carry the file's path. Here the real path is resolved and
 * checked against the real root before the file is opened, the bytes are read
 * from that checked real path, and errors name no path unless asked to
 * (`nodeMessages`, for res.sendFile).
 *
 * `done(err, found)` is called exactly once: with no error when the response
 * was completed (file, HEAD, 304, or a response written by `onDirectory`);
 * with a 4xx/5xx error when nothing was sent or the file could not be read;
 * with an ECONNABORTED error when the client went away first. `found` says
 * whether a file had been found (static's `fallthrough` forwards errors after
 * that point).
 */
import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import etag from 'etag'
import onFinished from 'on-finished'
import createError from 'http-errors'
import { isConditional, isFresh, preconditionFailed, rangeIsFresh } from './conditional'
import { fileError, fromSystemError, type FileError } from './errors'
import type { SendOptions } from './options'
import { hasDotfile, type FileTarget } from './paths'
import { newAsyncResource } from '../../util/async-resource'
import { Buffer } from '../../util/node-buffer'
import { storeHead } from '../head'

export interface SendHooks {
  /** Sets extra headers before the sender's own, which never overwrite them. */
  onHeaders?(res: ServerResponse, file: string, stat: fs.Stats): void
  /**
   * The target is a directory and no index applies. Either writes a response
   * itself (returns undefined) or returns the error to report.
   */
  onDirectory?(req: IncomingMessage, res: ServerResponse, target: FileTarget): FileError | undefined
  /**
   * A socket error before the transfer is over ends it with that error (as
   * Express's sendFile reports it); a connection reset still counts as the
   * client going away (ECONNABORTED).
   */
  socketErrors?: boolean
  /**
   * A failed filesystem call is reported with Node's message, which names
   * the path ("ENOENT: no such file or directory, stat '/srv/x'"), as
   * Express's sendFile reports it; otherwise "Not Found (ENOENT)".
   */
  nodeMessages?: boolean
}

export type SendDone = (err: FileError | undefined, found: boolean) => void

const BYTES_RANGE = /^ *bytes=/
/** Largest body read in one go; fs read streams read 64 KB chunks. */
const SINGLE_READ_MAX = 64 * 1024

function noop(): void {}

function abortedError(): FileError {
  return createError(400, 'Request aborted', { code: 'ECONNABORTED' })
}

function isDirectoryError(): FileError {
  return fileError(404, { code: 'EISDIR' })
}

/**
 * Sends the file named by `target` as the response to `req`.
 *
 * @example
 * sendFileTo(req, res, fileTarget('/srv/a.txt', undefined) as FileTarget, normalizeSendOptions({}, 'ignore'), {},
 *   (err) => { if (err) next(err) })
 */
export function sendFileTo(
  req: IncomingMessage,
  res: ServerResponse,
  target: FileTarget,
  options: SendOptions,
  hooks: SendHooks,
  done: SendDone,
): void {
  const context = newAsyncResource('webfw.sendFile')
  let settled = false
  let found = false

  function finish(err?: FileError): void {
    if (settled) return
    settled = true
    context.runInAsyncScope(done, null, err, found)
  }

  if (hooks.socketErrors) {
    onFinished(res, (err) => {
      if (err && (err as NodeJS.ErrnoException).code !== 'ECONNRESET') finish(createError(500, err))
    })
  }

  const dotfiles = options.dotfiles
  if (dotfiles !== 'allow' && hasDotfile(target.parts, dotfiles === 'ignore-last')) {
    finish(fileError(dotfiles === 'deny' ? 403 : 404))
    return
  }

  /**
   * The stat of `file` and its real path (checked against the root). The two
   * lookups are independent, so they run together: one thread-pool round
   * trip of latency instead of two. A stat failure wins, so the error says
   * what the file system says about the path as given (realpath answers
   * ENOENT where stat says ENAMETOOLONG).
   */
  function lookup(file: string, then: (err: NodeJS.ErrnoException | FileError | null, real?: string, stat?: fs.Stats) => void): void {
    const root = target.root
    if (root === undefined) {
      fs.stat(file, (err, stat) => then(err, file, stat))
      return
    }
    let pending = 2
    let statErr: NodeJS.ErrnoException | null = null
    let stats: fs.Stats | undefined
    let realErr: NodeJS.ErrnoException | null = null
    let real: string | undefined
    const settle = () => {
      if (--pending > 0) return
      if (statErr || realErr) return then(statErr ?? realErr)
      if (real === undefined) return then(fileError(404))
      if (dotfiles !== 'allow' && hasDotfile(root.relativeParts(real), dotfiles === 'ignore-last')) {
        return then(fileError(dotfiles === 'deny' ? 403 : 404))
      }
      then(null, real, stats)
    }
    fs.stat(file, (err, st) => {
      statErr = err
      stats = st
      settle()
    })
    root.resolve(file, (err, resolved) => {
      realErr = err
      real = resolved
      settle()
    })
  }

  const nodeMessages = hooks.nodeMessages === true
  const systemError = (err: unknown): FileError => fromSystemError(err, nodeMessages)

  function asFileError(err: NodeJS.ErrnoException | FileError): FileError {
    return createError.isHttpError(err) ? err : systemError(err)
  }

  function tryTarget(): void {
    lookup(target.path, (err, real, stat) => {
      if (settled) return
      if (err) {
        const missing = (err as NodeJS.ErrnoException).code === 'ENOENT'
        if (missing && options.extensions.length > 0 && !target.trailingSlash && !path.extname(target.path)) {
          tryExtension(0, err)
        } else {
          finish(asFileError(err))
        }
        return
      }
      if ((stat as fs.Stats).isDirectory()) {
        directory()
        return
      }
      if (target.trailingSlash) {
        finish(fileError(404))
        return
      }
      respond(target.path, real as string, stat as fs.Stats)
    })
  }

  function tryExtension(i: number, lastErr: NodeJS.ErrnoException | FileError | null): void {
    if (i >= options.extensions.length) {
      finish(lastErr ? asFileError(lastErr) : fileError(404))
      return
    }
    const candidate = target.path + '.' + options.extensions[i]
    lookup(candidate, (err, real, stat) => {
      if (settled) return
      if (err) return tryExtension(i + 1, err)
      if ((stat as fs.Stats).isDirectory()) return tryExtension(i + 1, null)
      respond(candidate, real as string, stat as fs.Stats)
    })
  }

  function tryIndex(i: number, lastErr: NodeJS.ErrnoException | FileError | null): void {
    if (i >= options.index.length) {
      finish(lastErr ? asFileError(lastErr) : fileError(404))
      return
    }
    const candidate = path.join(target.path, options.index[i])
    lookup(candidate, (err, real, stat) => {
      if (settled) return
      if (err) return tryIndex(i + 1, err)
      if ((stat as fs.Stats).isDirectory()) return tryIndex(i + 1, null)
      respond(candidate, real as string, stat as fs.Stats)
    })
  }

  function directory(): void {
    if (hooks.onDirectory === undefined) {
      finish(isDirectoryError())
      return
    }
    const err = hooks.onDirectory(req, res, target)
    if (err) finish(err)
    else watch(undefined)
  }

  /** Calls `finish` when the response is over: complete, or cut short by the client. */
  function watch(stream: fs.ReadStream | undefined): void {
    onFinished(res, () => {
      if (stream !== undefined) stream.destroy()
      finish(res.writableFinished ? undefined : abortedError())
    })
  }

  function respond(file: string, real: string, stat: fs.Stats): void {
    found = true
    if (res.headersSent) {
      finish(fileError(500, { message: "Can't set headers after they are sent." }))
      return
    }
    if (onFinished.isFinished(res)) {
      // The client is already gone: writing now would only fail.
      finish(abortedError())
      return
    }

    if (hooks.onHeaders !== undefined) {
      try {
        hooks.onHeaders(res, file, stat)
      } catch (err) {
        finish(createError(500, err instanceof Error ? err : String(err)))
        return
      }
    }
    if (options.acceptRanges && !res.getHeader('Accept-Ranges')) res.setHeader('Accept-Ranges', 'bytes')
    if (options.cacheControl && !res.getHeader('Cache-Control')) {
      res.setHeader('Cache-Control', `public, max-age=${options.maxAge}${options.immutable ? ', immutable' : ''}`)
    }
    if (options.lastModified && !res.getHeader('Last-Modified')) res.setHeader('Last-Modified', stat.mtime.toUTCString())
    if (options.etag && !res.getHeader('ETag')) res.setHeader('ETag', etag(stat))
    if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', options.fileType(file))

    const headers = req.headers
    if (isConditional(headers)) {
      if (preconditionFailed(headers, res)) {
        finish(fileError(412))
        return
      }
      const status = res.statusCode
      if (((status >= 200 && status < 300) || status === 304) && isFresh(headers, res, options.validators.fresh)) {
        res.removeHeader('Content-Encoding')
        res.removeHeader('Content-Language')
        res.removeHeader('Content-Length')
        res.removeHeader('Content-Range')
        res.removeHeader('Content-Type')
        res.statusCode = 304
        watch(undefined)
        res.end()
        return
      }
    }

    let offset = options.start
    let length = Math.max(0, stat.size - offset)
    if (options.end !== undefined) length = Math.max(0, Math.min(length, options.end - offset + 1))

    const range = headers.range
    if (options.acceptRanges && range !== undefined && BYTES_RANGE.test(range)) {
      let ranges = options.validators.parseRange(length, range, { combine: true })
      if (!rangeIsFresh(headers, res)) ranges = -2
      if (ranges === -1) {
        const contentRange = `bytes */${length}`
        res.setHeader('Content-Range', contentRange)
        finish(fileError(416, { headers: { 'Content-Range': contentRange } }))
        return
      }
      // Several ranges (and invalid ones) get the whole file, as `send` does.
      if (ranges !== -2 && ranges.length === 1) {
        const { start, end } = ranges[0]
        res.statusCode = 206
        res.setHeader('Content-Range', `bytes ${start}-${end}/${length}`)
        offset += start
        length = end - start + 1
      }
    }

    res.setHeader('Content-Length', length)
    if (req.method === 'HEAD' || length === 0) {
      watch(undefined)
      storeHead(res)
      res.end()
      return
    }

    if (length <= SINGLE_READ_MAX) {
      readWhole(real, offset, length)
      return
    }
    const stream = fs.createReadStream(real, { start: offset, end: offset + length - 1 })
    stream.on('error', (err) => {
      stream.destroy()
      failBeforeBody(systemError(err))
    })
    watch(stream)
    stream.pipe(res)
  }

  /**
   * The file could not be read after its headers were set: unless the head
   * is already out, the length headers no longer describe the response the
   * application will send instead (and 3.x's res.send keeps a Content-Length
   * it finds set).
   */
  function failBeforeBody(err: FileError): void {
    if (!res.headersSent) {
      res.removeHeader('Content-Length')
      res.removeHeader('Content-Range')
    }
    finish(err)
  }

  /**
   * A body no longer than one read-stream chunk is read with a single read()
   * into one buffer of its exact size — what the stream would do, without the
   * stream: 10–20% more requests/s for a 10 KB file (Node 20, autocannon).
   * Memory per request stays bounded by SINGLE_READ_MAX either way.
   */
  function readWhole(real: string, offset: number, length: number): void {
    watch(undefined)
    fs.open(real, 'r', (openErr, fd) => {
      if (openErr) {
        failBeforeBody(systemError(openErr))
        return
      }
      const buf = Buffer.allocUnsafe(length)
      fs.read(fd, buf, 0, length, offset, (readErr, bytesRead) => {
        fs.close(fd, noop)
        if (settled) return
        if (readErr || bytesRead !== length) {
          // The file shrank since it was stat'ed: the announced length is
          // wrong, so nothing is sent.
          failBeforeBody(systemError(readErr ?? { code: 'EIO', syscall: 'read' }))
          return
        }
        endWith(buf)
      })
    })
  }

  /**
   * Ends the response with the whole body. node:http rewrites a
   * Content-Disposition value beyond ASCII (its Latin-1 bytes read back as
   * UTF-8) when `end` is given the body before the head is out; the stream
   * Express's `send` pipes writes the head first, so the value goes out as
   * Latin-1. A response with that header does the same here.
   */
  function endWith(buf: Buffer): void {
    if (res.getHeader('Content-Disposition') === undefined) {
      // The head as node:http would write it, without its per-header work (../head.ts).
      storeHead(res)
      res.end(buf)
      return
    }
    res.write(buf)
    res.end()
  }

  if (target.trailingSlash && options.index.length > 0) tryIndex(0, null)
  else tryTarget()
}
