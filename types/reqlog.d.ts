/**
 * Types of `webfw/reqlog`, with the shape of `@types/morgan` so code typed
 * against morgan compiles after changing the import. `Req` and `Res` are the
 * request and response types handed to tokens, format functions and `skip`
 * (Node's by default; pass webfw's or Express's to reach their members).
 *
 * @example
 * import reqlog = require('webfw/reqlog')
 * reqlog.token('id', (req) => String(req.headers['x-request-id']))
 * app.use(reqlog(':id :method :url :status :response-time ms'))
 */
/// <reference types="node" />
import http = require('node:http')

/**
 * Creates the logging middleware. `format` is a predefined format name
 * (`combined`, `common`, `dev`, `short`, `tiny`) or one added with
 * `reqlog.format`, a format string of `:tokens`, or a function
 * `(tokens, req, res)` returning the line (undefined or null: no line).
 *
 * @example
 * app.use(reqlog('dev', { skip: (req, res) => res.statusCode < 400 }))
 * app.use(reqlog('combined', { stream: fs.createWriteStream('access.log', { flags: 'a' }) }))
 */
declare function reqlog<Req extends http.IncomingMessage = http.IncomingMessage, Res extends http.ServerResponse = http.ServerResponse>(
  format: string | reqlog.FormatFn<Req, Res>,
  options?: reqlog.Options<Req, Res>,
): reqlog.Handler<Req, Res>
/**
 * The format taken from `options.format` (default: the deprecated `default`
 * format, Apache combined).
 *
 * @deprecated Pass the format as the first argument.
 */
declare function reqlog<Req extends http.IncomingMessage = http.IncomingMessage, Res extends http.ServerResponse = http.ServerResponse>(
  options?: reqlog.OptionsWithFormat<Req, Res>,
): reqlog.Handler<Req, Res>

declare namespace reqlog {
  /** A format function: the log line, or undefined/null to write none. */
  type FormatFn<Req extends http.IncomingMessage = http.IncomingMessage, Res extends http.ServerResponse = http.ServerResponse> = (
    tokens: TokenIndexer<Req, Res>,
    req: Req,
    res: Res,
  ) => string | undefined | null

  /** A token callback: `(req, res, arg)` with `arg` from `:name[arg]`; undefined prints "-". */
  type TokenCallbackFn<Req extends http.IncomingMessage = http.IncomingMessage, Res extends http.ServerResponse = http.ServerResponse> = (
    req: Req,
    res: Res,
    arg?: string | number | boolean,
  ) => string | undefined

  /** The tokens by name, as format functions receive them (`tokens.method(req, res)`). */
  interface TokenIndexer<Req extends http.IncomingMessage = http.IncomingMessage, Res extends http.ServerResponse = http.ServerResponse> {
    [tokenName: string]: TokenCallbackFn<Req, Res>
  }

  /** Where lines are written: anything with `write(line)`. */
  interface StreamOptions {
    /** Receives each line, newline included. */
    write(str: string): void
  }

  /** Options of `reqlog(format, [options])`. */
  interface Options<Req extends http.IncomingMessage, Res extends http.ServerResponse> {
    /**
     * Collects lines and writes them every `buffer` ms (true: 1000).
     *
     * @deprecated Write to a buffered stream instead.
     */
    buffer?: boolean | number | undefined
    /** Log when the request arrives (status and length are then unknown). Default: false. */
    immediate?: boolean | undefined
    /** `skip(req, res)` returning true leaves the request out of the log. */
    skip?(req: Req, res: Res): boolean
    /** Output for the lines. Default: standard output. */
    stream?: StreamOptions | undefined
  }

  /** Options of the deprecated one-argument form `reqlog(options)`. */
  interface OptionsWithFormat<Req extends http.IncomingMessage, Res extends http.ServerResponse> extends Options<Req, Res> {
    /** The format, as the first argument of `reqlog(format, options)` takes it. */
    format?: string | FormatFn<Req, Res> | undefined
  }

  /** The middleware `reqlog(...)` returns. */
  type Handler<Req extends http.IncomingMessage = http.IncomingMessage, Res extends http.ServerResponse = http.ServerResponse> = (
    req: Req,
    res: Res,
    callback: (err?: Error) => void,
  ) => void

  /** `reqlog` itself, as `token` and `format` return it for chaining. */
  interface Reqlog<Req extends http.IncomingMessage, Res extends http.ServerResponse> {
    (format: string | FormatFn<Req, Res>, options?: Options<Req, Res>): Handler<Req, Res>
    /** Defines token `:name` (replacing any token of that name). */
    token(name: string, callback: TokenCallbackFn<Req, Res>): Reqlog<Req, Res>
    /** Defines a named format: a format string or a format function. */
    format(name: string, fmt: string | FormatFn<Req, Res>): Reqlog<Req, Res>
    /** Compiles a format string into a format function. */
    compile(format: string): FormatFn<Req, Res>
  }

  /** The name `@types/morgan` gives `Reqlog`. */
  type Morgan<Req extends http.IncomingMessage, Res extends http.ServerResponse> = Reqlog<Req, Res>

  /**
   * Defines token `:name`: `callback(req, res, arg)` returns its text
   * (escaped for the log; undefined prints "-"). Redefining a name replaces it.
   *
   * @example
   * reqlog.token('type', (req) => req.headers['content-type'])
   */
  function token<Req extends http.IncomingMessage = http.IncomingMessage, Res extends http.ServerResponse = http.ServerResponse>(
    name: string,
    callback: TokenCallbackFn<Req, Res>,
  ): Reqlog<Req, Res>

  /**
   * Defines a named format: a format string or a format function.
   *
   * @example
   * reqlog.format('brief', ':method :url :status')
   * app.use(reqlog('brief'))
   */
  function format<Req extends http.IncomingMessage = http.IncomingMessage, Res extends http.ServerResponse = http.ServerResponse>(
    name: string,
    fmt: string | FormatFn<Req, Res>,
  ): Reqlog<Req, Res>

  /**
   * Compiles a format string into a format function `(tokens, req, res)`.
   *
   * @example
   * const line = reqlog.compile(':method :url')
   */
  function compile<Req extends http.IncomingMessage = http.IncomingMessage, Res extends http.ServerResponse = http.ServerResponse>(
    format: string,
  ): FormatFn<Req, Res>
}

export = reqlog
