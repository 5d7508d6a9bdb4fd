/**
 * Public types of `webfw/reqlog`, shaped like morgan's so that TypeScript code
 * written against morgan type-checks unchanged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

/** A token callback: `(req, res, arg?)` returning the token's text, or undefined for "-". */
export type TokenCallbackFn<Req = IncomingMessage, Res = ServerResponse> = (
  req: Req,
  res: Res,
  arg?: string | number | boolean,
) => string | undefined

/** The tokens object handed to format functions (it is the `reqlog` function itself). */
export interface TokenIndexer<Req = IncomingMessage, Res = ServerResponse> {
  [tokenName: string]: TokenCallbackFn<Req, Res>
}

/** A format function: returns the line, or undefined/null to log nothing. */
export type FormatFn<Req = IncomingMessage, Res = ServerResponse> = (
  tokens: TokenIndexer<Req, Res>,
  req: Req,
  res: Res,
) => string | undefined | null

/** Where lines go: anything with `write(line)`. */
export interface StreamOptions {
  write(str: string): void
  /** When true and the format function returns an object, the object is written as is. */
  writableObjectMode?: boolean
}

export interface Options<Req = IncomingMessage, Res = ServerResponse> {
  /** Deprecated (morgan compatible): collect lines and write them every `buffer` ms (true: 1000). */
  buffer?: boolean | number | undefined
  /** Log when the request arrives instead of when the response finishes. */
  immediate?: boolean | undefined
  /** `skip(req, res)` returning true leaves the request out of the log. */
  skip?(req: Req, res: Res): boolean
  /** Output for the lines; standard output when absent. */
  stream?: StreamOptions | undefined
}

/** The deprecated single-argument form `reqlog(options)`. */
export interface OptionsWithFormat<Req = IncomingMessage, Res = ServerResponse> extends Options<Req, Res> {
  format?: string | FormatFn<Req, Res> | undefined
}

/** The middleware returned by `reqlog(...)`. */
export type Handler<Req = IncomingMessage, Res = ServerResponse> = (
  req: Req,
  res: Res,
  callback: (err?: Error) => void,
) => void

/**
 * What reqlog's own code reads from a request and a response: the Node
 * objects, an Express-like request, or a plain object in a benchmark. Every
 * member may be missing; tokens render "-" for what is absent.
 */
export interface LogRequest {
  method?: string
  url?: string
  originalUrl?: string
  ip?: string
  headers?: Record<string, string | string[] | undefined>
  httpVersion?: string
  httpVersionMajor?: number
  httpVersionMinor?: number
  socket?: { remoteAddress?: string } | null
  connection?: { remoteAddress?: string } | null
  /** morgan-compatible marks, readable by user tokens. */
  _startAt?: [number, number]
  _startTime?: Date
  _remoteAddress?: string
}

export interface LogResponse {
  statusCode?: number
  headersSent?: boolean
  _header?: unknown
  getHeader?(name: string): number | string | string[] | undefined
  writeHead?: (...args: unknown[]) => unknown
  writableObjectMode?: boolean
  _startAt?: [number, number]
  _startTime?: Date
}

/** Token callbacks as reqlog stores them (user code: arguments and results unchecked). */
export type AnyTokenFn = (this: unknown, ...args: unknown[]) => unknown
/** Format functions as reqlog stores them (user code: result unchecked). */
export type AnyFormatFn = (tokens: unknown, req: unknown, res: unknown) => unknown
