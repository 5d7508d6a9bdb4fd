/**
 * Options of the file sender, shared by `static`, `res.sendFile` and
 * `res.download`, validated and converted once into the form the sender
 * reads on every request.
 */
import ms from 'ms'
import { mediaTypes5 } from '../../util/media-types'
import { validators5, type HttpValidators } from '../../util/validators'

/**
 * "ignore-last" is the 4.x default of `static` (dotfiles undefined): only a
 * dotfile itself is hidden, files inside a dot-directory are served.
 */
export type DotfilesMode = 'allow' | 'deny' | 'ignore' | 'ignore-last'

export interface SendOptions {
  acceptRanges: boolean
  cacheControl: boolean
  dotfiles: DotfilesMode
  etag: boolean
  extensions: string[]
  immutable: boolean
  index: string[]
  lastModified: boolean
  /** `max-age` in seconds. */
  maxAge: number
  /** Byte window of the file to send (inclusive), from the `start`/`end` options. */
  start: number
  end: number | undefined
  /** Content-Type of a file, when the response has none (the version's type table). */
  fileType: (file: string) => string
  /** The version's freshness and Range rules. */
  validators: HttpValidators
}

/** The options object as given by the application. */
export interface FileOptions {
  acceptRanges?: boolean
  cacheControl?: boolean
  dotfiles?: 'allow' | 'deny' | 'ignore'
  etag?: boolean
  extensions?: string | string[] | false
  immutable?: boolean
  index?: string | string[] | false
  lastModified?: boolean
  maxAge?: number | string
  maxage?: number | string
  start?: number
  end?: number
  [option: string]: unknown
}

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000

function list(value: unknown, name: string): string[] {
  // As send: any falsy value is the empty list.
  if (!value) return []
  const items = Array.isArray(value) ? value : [value]
  for (const item of items) {
    if (typeof item !== 'string') throw new TypeError(`${name} option must be array of strings or false`)
  }
  return items.slice() as string[]
}

/** Milliseconds (Number, or a string such as "30d" or "20000") to whole seconds in [0, one year]. */
export function maxAgeSeconds(value: unknown): number {
  const msValue = typeof value === 'string' ? ms(value as ms.StringValue) : Number(value ?? 0)
  if (typeof msValue !== 'number' || Number.isNaN(msValue)) return 0
  return Math.floor(Math.min(Math.max(0, msValue), ONE_YEAR_MS) / 1000)
}

function dotfilesMode(value: unknown, fallback: DotfilesMode): DotfilesMode {
  if (value === undefined) return fallback
  if (value === 'allow' || value === 'deny' || value === 'ignore') return value
  throw new TypeError('dotfiles option must be "allow", "deny", or "ignore"')
}

function offset(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`${name} option must be a non-negative integer`)
  }
  return value
}

/**
 * Validates and converts sender options; `dotfilesDefault` is the version's
 * default for `static` ("ignore" for the file-transfer methods), `fileType`
 * the version's Content-Type of a file.
 *
 * @example
 * normalizeSendOptions({ maxAge: '1h', immutable: true }, 'ignore').maxAge // 3600
 */
export function normalizeSendOptions(
  options: FileOptions | undefined | null,
  dotfilesDefault: DotfilesMode,
  fileType: (file: string) => string = mediaTypes5.fileType,
  validators: HttpValidators = validators5,
): SendOptions {
  const opts = options ?? {}
  return {
    acceptRanges: opts.acceptRanges !== undefined ? Boolean(opts.acceptRanges) : true,
    cacheControl: opts.cacheControl !== undefined ? Boolean(opts.cacheControl) : true,
    dotfiles: dotfilesMode(opts.dotfiles, dotfilesDefault),
    etag: opts.etag !== undefined ? Boolean(opts.etag) : true,
    extensions: list(opts.extensions, 'extensions'),
    immutable: Boolean(opts.immutable),
    index: opts.index !== undefined ? list(opts.index, 'index') : ['index.html'],
    lastModified: opts.lastModified !== undefined ? Boolean(opts.lastModified) : true,
    maxAge: maxAgeSeconds(opts.maxAge ?? opts.maxage),
    start: offset(opts.start, 'start') ?? 0,
    end: offset(opts.end, 'end'),
    fileType,
    validators,
  }
}
