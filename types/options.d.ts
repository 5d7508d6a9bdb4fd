/**
 * Option objects of webfw's factories and response methods: router, body
 * parsers, static files, cookies, file transfer. Shared by both versions;
 * where a default differs by version the comment says so.
 */
/// <reference types="node" />
import type { Stats } from 'node:fs'
import type * as http from 'node:http'

/** Options of `webfw.Router([options])`. */
export interface RouterOptions {
  /** "/Foo" and "/foo" are different routes. Default: disabled. */
  caseSensitive?: boolean | undefined
  /** Keep the parent router's `req.params`; on a name conflict the child's value wins. Default: false. */
  mergeParams?: boolean | undefined
  /** "/foo" and "/foo/" are different routes. Default: disabled. */
  strict?: boolean | undefined
}

/** Options of `res.cookie(name, value, [options])` and `res.clearCookie(name, [options])`. */
export interface CookieOptions {
  /** Expiry relative to now, in milliseconds. */
  maxAge?: number | undefined
  /** Sign the value with the secret given to the cookie parser. */
  signed?: boolean | undefined
  /** Expiry date (GMT); absent makes a session cookie. */
  expires?: Date | undefined
  /** Not readable by client-side scripts. */
  httpOnly?: boolean | undefined
  /** Default "/". */
  path?: string | undefined
  /** Defaults to the app's domain. */
  domain?: string | undefined
  /** Sent over HTTPS only. */
  secure?: boolean | undefined
  /** Synchronous value encoder; default `encodeURIComponent`. */
  encode?: ((val: string) => string) | undefined
  /** The SameSite attribute (true means "Strict"). */
  sameSite?: boolean | 'lax' | 'strict' | 'none' | undefined
  /** The Priority attribute. */
  priority?: 'low' | 'medium' | 'high'
  /** Partitioned storage (CHIPS). */
  partitioned?: boolean | undefined
}

/** Options shared by `json`, `raw`, `text` and `urlencoded`. */
export interface BodyParserOptions {
  /** Accept gzip and deflate bodies; when false they are rejected (415). Default: true. */
  inflate?: boolean | undefined
  /** Largest body: bytes, or a string such as "1mb". Default: "100kb". */
  limit?: number | string | undefined
  /** Media types parsed: an extension, a MIME type, a wildcard, a list, or `(req) => boolean`. */
  type?: string | string[] | ((req: http.IncomingMessage) => any) | undefined
  /** Sees the raw body before parsing; throwing aborts parsing with 403. `encoding` is null for `raw`. */
  verify?(req: http.IncomingMessage, res: http.ServerResponse, buf: Buffer, encoding: string | null): void
}

/** Options of `webfw.json([options])`. */
export interface OptionsJson extends BodyParserOptions {
  /** Passed to `JSON.parse` as its reviver. */
  reviver?(key: string, value: any): any
  /** Only arrays and objects at the top level. Default: true. */
  strict?: boolean | undefined
}

/** Options of `webfw.text([options])`. */
export interface OptionsText extends BodyParserOptions {
  /** Charset used when the Content-Type names none. Default: "utf-8". */
  defaultCharset?: string | undefined
}

/** Options of `webfw.urlencoded([options])`. */
export interface OptionsUrlencoded extends BodyParserOptions {
  /** true: nested objects and arrays (qs); false: flat keys. Default: false in 5.x, true in 4.x. */
  extended?: boolean | undefined
  /** Most parameters accepted; more is an error (413). Default: 1000. */
  parameterLimit?: number | undefined
  /** Deepest nesting accepted with `extended`. Default: 32. */
  depth?: number | undefined
}

/** Options of the file sender behind `res.sendFile`, `res.download` and `webfw.static`. */
export interface FileTransferOptions {
  /** Answer `Range` requests. Default: true. */
  acceptRanges?: boolean | undefined
  /** Set `Cache-Control`. Default: true. */
  cacheControl?: boolean | undefined
  /** "allow", "deny" (403) or "ignore" (404) for names starting with a dot. */
  dotfiles?: 'allow' | 'deny' | 'ignore' | undefined
  /** Weak ETags. Default: true. */
  etag?: boolean | undefined
  /** Extensions tried in order when the file is not found. Default: false. */
  extensions?: string[] | string | false | undefined
  /** Add `immutable` to `Cache-Control` (set `maxAge` too). Default: false. */
  immutable?: boolean | undefined
  /** Directory index file(s); false disables. Default: "index.html". */
  index?: string[] | string | false | undefined
  /** `Last-Modified` from the file's time. Default: true. */
  lastModified?: boolean | undefined
  /** `max-age` of `Cache-Control`: milliseconds or a string such as "1d". Default: 0. */
  maxAge?: number | string | undefined
  /** First byte to send. */
  start?: number | undefined
  /** Last byte to send (inclusive). */
  end?: number | undefined
}

/** Options of `res.sendFile(path, [options], [fn])`. */
export interface SendFileOptions extends FileTransferOptions {
  /** Root for relative paths; the path must resolve inside it. */
  root?: string | undefined
  /** HTTP headers to send with the file. */
  headers?: Record<string, unknown>
}

/** Options of `res.download(path, [filename], [options], [fn])`; `Content-Disposition` comes from `filename`. */
export interface DownloadOptions extends SendFileOptions {}

/**
 * mime 1's module, the type table of 4.x and 3.x (`webfw.static.mime`; 3.x also
 * `webfw.mime`). Changing it changes the types `static`, `res.sendFile`,
 * `res.type`, `res.attachment` and `res.format` give.
 */
export interface TypeTable {
  /** The type of a file name, path or extension; `default_type` when unknown. */
  lookup(path: string, fallback?: string): string
  /** The first extension of a type. */
  extension(mimeType: string): string | undefined
  /** Adds types: `{ 'application/wasm': ['wasm'] }` (the first extension is the type's own). */
  define(map: Record<string, string[]>): void
  /** Reads an Apache `.types` file into the table. */
  load(file: string): void
  /** Extension → type. */
  types: Record<string, string>
  /** Type → its first extension. */
  extensions: Record<string, string>
  /** The type of an unknown extension (`application/octet-stream`). */
  default_type: string
  charsets: { lookup(mimeType: string, fallback?: string): string | undefined }
}

/** Options of `webfw.static(root, [options])`. `R` is the response type `setHeaders` receives. */
export interface ServeStaticOptions<R extends http.ServerResponse = http.ServerResponse> extends FileTransferOptions {
  /** "ignore" (5.x default), "allow" or "deny"; 4.x default (undefined): ignore dotfiles but serve files inside dot-directories. */
  dotfiles?: 'allow' | 'deny' | 'ignore' | undefined
  /** true: client errors and missing files call `next()`; false: `next(err)`. Default: true. */
  fallthrough?: boolean | undefined
  /** Redirect to the trailing "/" when the path is a directory. Default: true. */
  redirect?: boolean | undefined
  /** `(res, path, stat)` to set headers on a file response; must act synchronously. */
  setHeaders?: ((res: R, path: string, stat: Stats) => any) | undefined
}

/** Options of `webfw.cookieParser([secret], [options])`. */
export interface CookieParseOptions {
  /** Decoder of cookie values; default `decodeURIComponent`. */
  decode?(val: string): string
}
