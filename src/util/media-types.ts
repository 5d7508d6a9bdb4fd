/**
 * Media-type lookups that differ by version: the type of an extension or a
 * file name, the charset a Content-Type gets by default, and the Content-Type
 * of a sent file. 5.x uses mime-types (mime-db); 4.x uses the table and the
 * charset rule of mime 1, which is what Express 4's static middleware (send
 * 0.19) looks types up with — so `res.type('js')` is application/javascript
 * there, and sent text files say "charset=UTF-8".
 *
 * Each function is pure over short strings that recur constantly, so results
 * are memoised in small bounded maps.
 */
import { extname } from 'node:path'
import mimeTypes from 'mime-types'
import { contentTypeFor, utf8Type1, utf8Type2 } from './content-type'
import { mime1, onMime1Change } from './mime1'

export interface MediaTypes {
  /** The bare media type of an extension or file name; application/octet-stream when unknown. */
  typeOf(extOrFile: string): string
  /** What `res.type(value)` sets for a value without "/" (before `res.set` adds a charset). */
  forExtension(ext: string): string
  /** What `res.set('Content-Type', value)` stores: the value, with the version's default charset (5.x: false when mime-types cannot read it). */
  contentType(value: string): string | false
  /** The Content-Type header of a file the file sender sends. */
  fileType(file: string): string
  /** What `res.format` sets for the type it chose (then stored by `res.set`): the type, or (3.x) the type with mime 1's charset. */
  formatType(type: string): string
  /** A string body's Content-Type with `charset=utf-8` (res.send), by the version's content-type package. */
  utf8Type(type: string): string
  /**
   * The type table apps can change, exposed as `static.mime` (4.x, 3.x: mime 1,
   * as send's); null where Express exposes none (5.x).
   */
  table: (() => object) | null
}

const OCTET_STREAM = 'application/octet-stream'
const MAX_ENTRIES = 512

/** Caches `fn` by `key(input)`; a cache over mime 1 (`mime1Table`) empties when an app changes the table. */
function memo(key: (input: string) => string, fn: (input: string) => string, mime1Table = false): (input: string) => string {
  const cache = new Map<string, string>()
  if (mime1Table) onMime1Change(() => cache.clear())
  return (input) => {
    const k = key(input)
    let value = cache.get(k)
    if (value === undefined) {
      value = fn(input)
      if (cache.size >= MAX_ENTRIES) cache.clear()
      cache.set(k, value)
    }
    return value
  }
}

const same = (s: string) => s

/** What mime 1 looks up: everything after the last ".", "/" or "\" (lower-cased). */
function mime1Key(file: string): string {
  const cut = Math.max(file.lastIndexOf('.'), file.lastIndexOf('/'), file.lastIndexOf('\\'))
  return file.slice(cut + 1).toLowerCase()
}

const HAS_CHARSET = /;\s*charset\s*=/

const mime1FileType = memo(
  mime1Key,
  (file) => {
    const m = mime1()
    const type = m.lookup(file)
    const charset = m.charsets.lookup(type)
    return charset ? type + '; charset=' + charset : type
  },
  true,
)

export const mediaTypes5: MediaTypes = Object.freeze({
  typeOf: memo(same, (key) => mimeTypes.lookup(key) || OCTET_STREAM),
  forExtension: memo(same, (ext) => mimeTypes.contentType(ext) || OCTET_STREAM),
  contentType: contentTypeFor,
  fileType: memo(extname, (file) => mimeTypes.contentType(extname(file)) || OCTET_STREAM),
  formatType: same,
  utf8Type: utf8Type2,
  table: null,
})

const mime1Type = memo(mime1Key, (key) => mime1().lookup(key), true)

export const mediaTypes4: MediaTypes = Object.freeze({
  typeOf: mime1Type,
  forExtension: mime1Type,
  // mime 1 gives UTF-8 to text/*, application/javascript and application/json
  // only; Express 4 appends it lower-cased unless a charset is already there.
  contentType: memo(
    same,
    (value) => {
      if (HAS_CHARSET.test(value)) return value
      const charset = mime1().charsets.lookup(value.split(';')[0])
      return charset ? value + '; charset=' + charset.toLowerCase() : value
    },
    true,
  ),
  // send 0.19 writes the charset as mime 1 spells it.
  fileType: mime1FileType,
  formatType: same,
  utf8Type: utf8Type1,
  table: mime1,
})

/**
 * 3.x: mime 1's table as Express 3's Connect exposed it; `res.set` stores a
 * Content-Type as given (a charset comes from `res.charset`, see
 * response/charset.ts); sent files as in 4.x (send 0.13 spells it alike).
 */
export const mediaTypes3: MediaTypes = Object.freeze({
  typeOf: mime1Type,
  forExtension: mime1Type,
  contentType: same,
  fileType: mime1FileType,
  // Express 3's res.format adds the charset itself, as mime 1 spells it ("UTF-8").
  formatType: memo(
    same,
    (type) => {
      const charset = mime1().charsets.lookup(type)
      return charset ? type + '; charset=' + charset : type
    },
    true,
  ),
  utf8Type: utf8Type1,
  table: mime1,
})
