/**
 * `reqlog(format, options)`: the middleware that writes one line per request.
 *
 * On arrival it records the start (`req._startAt`, `req._startTime`, and the
 * remote address, under morgan's names so user tokens reading them keep
 * working), hooks `res.writeHead` on this response object to record when the
 * head is written (`:response-time`), and logs when the response finishes
 * (`afterResponse`: sent, or the connection closed first, then `:status` is
 * "-").
 * With `immediate` it logs on arrival instead.
 */
import { hrtimeMark } from './clock'
import { compileFormat } from './compile'
import { afterResponse } from './finish'
import { getHome, namedFormat } from './registry'
import { arrivalAddress, kHeadFields } from './request-info'
import type { AnyFormatFn, LogRequest, LogResponse, StreamOptions } from './types'
import { deprecate, reportFailure } from './warn'

type Next = (err?: unknown) => void
type Middleware = (req: LogRequest, res: LogResponse, next?: Next) => void
type Skip = (req: unknown, res: unknown) => unknown

const DEFAULT_BUFFER_MS = 1000

/**
 * Resolves the `format` argument: a function is used as is; a string naming a
 * registered format uses that format; any other string is a format string.
 * Like morgan, an absent or empty format means the deprecated `default`.
 */
function resolveFormat(format: unknown): AnyFormatFn {
  if (typeof format === 'function') return format as AnyFormatFn
  if (format === undefined || format === null || format === '') {
    deprecate('default format: use combined format')
    return resolveFormat('default')
  }
  if (typeof format !== 'string') {
    throw new TypeError(`reqlog: argument format must be a format name, a format string or a function, not ${describe(format)}`)
  }
  const named = namedFormat(format)
  if (named === undefined) return compileFormat(format)
  if (format === 'default') deprecate('default format: use combined format')
  return typeof named === 'function' ? named : compileFormat(named)
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

function resolveStream(stream: unknown, buffer: unknown): StreamOptions {
  let out: StreamOptions = process.stdout
  if (stream) {
    if (typeof (stream as StreamOptions).write !== 'function') {
      throw new TypeError('reqlog: options.stream must have a write(line) method')
    }
    out = stream as StreamOptions
  }
  if (buffer) {
    deprecate('buffer option')
    out = bufferedStream(out, typeof buffer === 'number' && buffer >= 0 ? buffer : DEFAULT_BUFFER_MS)
  }
  return out
}

/**
 * morgan's `buffer` option: lines are collected and written together
 * `interval` ms after the first one. The timer keeps the process alive until
 * the lines are written, so none are lost at exit.
 */
function bufferedStream(stream: StreamOptions, interval: number): StreamOptions {
  const lines: string[] = []
  let timer: NodeJS.Timeout | undefined
  function flush(): void {
    timer = undefined
    const text = lines.join('')
    lines.length = 0
    try {
      stream.write(text)
    } catch (err) {
      reportFailure('stream.write', err)
    }
  }
  return {
    write(line: string): void {
      lines.push(line)
      if (timer === undefined) timer = setTimeout(flush, interval)
    },
  }
}

function recordStart(target: LogRequest | LogResponse): void {
  target._startAt = hrtimeMark()
  target._startTime = new Date()
}

/**
 * Records the moment the response head is written, by wrapping `writeHead` on
 * this response object only. The wrapper passes its `this`, all its arguments
 * and the result through untouched (every form of `writeHead`, including the
 * flat `[name, value, ...]` header array); it only records the time and keeps
 * a reference to the header fields argument for `:res[name]`. Node's implicit
 * head (`res.write`/`res.end` without `writeHead`) goes through
 * `this.writeHead` too, so it is seen as well. (Exported for the benchmark:
 * about as cheap as on-headers, which also rewrites the call.)
 */
export function hookWriteHead(res: LogResponse): void {
  const writeHead = res.writeHead
  if (typeof writeHead !== 'function') return
  res.writeHead = recordingWriteHead(res, writeHead)
}

/**
 * The wrapper of `writeHead` for `res`. Made by this function rather than in
 * `hookWriteHead`, which stores it on `res`: a closure that captures an
 * object and is stored on that object by the function that creates it kept
 * V8 from freeing the responses in scavenges (they lived until a
 * mark-compact; docs/perf.md, "Pretenuring").
 */
function recordingWriteHead(res: LogResponse, writeHead: (...args: unknown[]) => unknown) {
  // Named parameters and `apply(this, arguments)` rather than a rest
  // parameter: no array is built per call.
  return function recordingWriteHead(this: LogResponse, _status: unknown, reason?: unknown, fields?: unknown): unknown {
    // another reqlog instance on the same response may have recorded it first
    if (res._startAt === undefined) recordStart(res)
    // writeHead(status, fields) or writeHead(status, reason, fields)
    const given = typeof reason === 'string' ? fields : reason
    if (given !== null && typeof given === 'object') (res as Record<symbol, unknown>)[kHeadFields] = given
    // eslint-disable-next-line prefer-rest-params
    return writeHead.apply(this, arguments as unknown as unknown[])
  }
}

/** Creates the middleware. See the entry module for the public documentation. */
export function createLogger(format: unknown, options: unknown): Middleware {
  let fmt = format
  let opts = (options ?? {}) as Record<string, unknown>
  if (format !== null && typeof format === 'object' && !Array.isArray(format)) {
    opts = format as Record<string, unknown>
    fmt = opts.format || 'default'
    deprecate(`reqlog(options): use reqlog(${typeof fmt === 'string' ? JSON.stringify(fmt) : 'format'}, options) instead`)
  } else if (format === undefined) {
    deprecate('undefined format: specify a format')
  }
  if (typeof opts !== 'object' && typeof opts !== 'function') opts = {}

  const formatLine = resolveFormat(fmt)
  const immediate = Boolean(opts.immediate)
  const skip = opts.skip || undefined
  if (skip !== undefined && typeof skip !== 'function') {
    throw new TypeError('reqlog: options.skip must be a function skip(req, res)')
  }
  const stream = resolveStream(opts.stream, opts.buffer)
  const tokens = getHome()

  function log(req: LogRequest, res: LogResponse): void {
    if (skip !== undefined) {
      try {
        if ((skip as Skip)(req, res)) return
      } catch (err) {
        // logging the line loses less than dropping it
        reportFailure('options.skip', err)
      }
    }
    let line: unknown
    try {
      line = formatLine(tokens, req, res)
      if (line === undefined || line === null) return
      // an object for an object-mode stream (morgan 1.12), otherwise text
      // (the type first: `writableObjectMode` is a getter on Node's streams)
      if (typeof line !== 'object' || !stream.writableObjectMode) line = line + '\n'
    } catch (err) {
      reportFailure('the format function', err)
      return
    }
    try {
      stream.write(line as string)
    } catch (err) {
      reportFailure('stream.write', err)
    }
  }

  return function logger(req: LogRequest, res: LogResponse, next?: Next): void {
    recordStart(req)
    req._remoteAddress = arrivalAddress(req)
    res._startAt = undefined
    res._startTime = undefined
    if (immediate) {
      log(req, res)
    } else {
      hookWriteHead(res)
      afterResponse(res, () => log(req, res))
    }
    if (typeof next === 'function') next()
  }
}
