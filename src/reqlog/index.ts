/**
 * webfw/reqlog: a request logger with morgan's API, so an app using morgan
 * switches by changing the import. Works with any Express-like app and with
 * plain `node:http` servers; it uses nothing from webfw itself.
 *
 * Format strings are compiled once into literal parts and token references
 * (no code is generated or evaluated); values from the request are escaped so
 * they cannot forge log lines.
 *
 * @example
 * const reqlog = require('webfw/reqlog')          // instead of require('morgan')
 * app.use(reqlog('combined'))
 * app.use(reqlog(':method :url :status :response-time ms', { stream: accessLog }))
 * reqlog.token('id', (req) => req.id)
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
// reqlog is used without webfw too: it settles Node 24's context frame itself (see the module).
import '../util/async-context-frame'
import { compileFormat } from './compile'
import { defineBuiltinFormats } from './formats'
import { createLogger } from './middleware'
import { defineFormat, defineToken, namedFormat, setHome } from './registry'
import { defineBuiltinTokens } from './tokens'
import type * as T from './types'
import { deprecate } from './warn'

/**
 * Creates the logger middleware.
 *
 * `format` is a predefined format name (`combined`, `common`, `dev`, `short`,
 * `tiny`, or one added with `reqlog.format`), a format string of tokens, or a
 * function `(tokens, req, res)` returning the line (undefined or null: no line).
 * Options: `immediate`, `skip(req, res)`, `stream` (default standard output),
 * and morgan's deprecated `buffer`. The deprecated form `reqlog(options)` takes
 * the format from `options.format`. Invalid arguments throw a TypeError here,
 * never while requests are logged.
 *
 * @example
 * app.use(reqlog('dev', { skip: (req, res) => res.statusCode < 400 }))
 * app.use(reqlog('common', { stream: fs.createWriteStream('access.log', { flags: 'a' }) }))
 */
function reqlog<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
  format?: string | reqlog.FormatFn<Req, Res> | reqlog.OptionsWithFormat<Req, Res>,
  options?: reqlog.Options<Req, Res>,
): reqlog.Handler<Req, Res> {
  return createLogger(format, options) as unknown as reqlog.Handler<Req, Res>
}

// eslint-disable-next-line @typescript-eslint/no-namespace
namespace reqlog {
  export type FormatFn<Req = IncomingMessage, Res = ServerResponse> = T.FormatFn<Req, Res>
  export type TokenCallbackFn<Req = IncomingMessage, Res = ServerResponse> = T.TokenCallbackFn<Req, Res>
  export type TokenIndexer<Req = IncomingMessage, Res = ServerResponse> = T.TokenIndexer<Req, Res>
  export type StreamOptions = T.StreamOptions
  export type Options<Req = IncomingMessage, Res = ServerResponse> = T.Options<Req, Res>
  export type OptionsWithFormat<Req = IncomingMessage, Res = ServerResponse> = T.OptionsWithFormat<Req, Res>
  export type Handler<Req = IncomingMessage, Res = ServerResponse> = T.Handler<Req, Res>

  /**
   * Defines token `:name` (redefining a name replaces it). The callback gets
   * `(req, res)` plus the `[arg]` of the reference, and returns the text
   * (undefined, null or "" print "-"). Its text is escaped for the log.
   *
   * @example
   * reqlog.token('type', (req) => req.headers['content-type'])
   * app.use(reqlog(':method :url :type'))
   */
  export function token<Req = IncomingMessage, Res = ServerResponse>(name: string, callback: TokenCallbackFn<Req, Res>): typeof reqlog {
    defineToken('reqlog.token', name, callback)
    return reqlog
  }

  /**
   * Defines a named format: a format string or a format function.
   *
   * @example
   * reqlog.format('brief', ':method :url :status')
   * app.use(reqlog('brief'))
   */
  export function format<Req = IncomingMessage, Res = ServerResponse>(name: string, fmt: string | FormatFn<Req, Res>): typeof reqlog {
    defineFormat('reqlog.format', name, fmt)
    return reqlog
  }

  /**
   * Compiles a format string into a format function `(tokens, req, res)`.
   *
   * @example
   * const line = reqlog.compile(':method :url')
   * line(reqlog, req, res) // 'GET /'
   */
  export function compile<Req = IncomingMessage, Res = ServerResponse>(format: string): FormatFn<Req, Res> {
    if (typeof format !== 'string') throw new TypeError('argument format must be a string')
    return compileFormat(format) as FormatFn<Req, Res>
  }
}

setHome(reqlog)
defineBuiltinTokens()
defineBuiltinFormats()

// morgan exposes its deprecated `default` format as a property that warns when read
Object.defineProperty(reqlog, 'default', {
  configurable: true,
  enumerable: true,
  get() {
    deprecate('default format: use combined format')
    return namedFormat('default')
  },
  set(value: unknown) {
    Object.defineProperty(reqlog, 'default', { configurable: true, enumerable: true, writable: true, value })
  },
})

export = reqlog
