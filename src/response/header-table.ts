/**
 * The response's header table, read and written directly for the few headers
 * webfw itself sets on every response (X-Powered-By, Content-Type,
 * Content-Length, its own ETag).
 *
 * node:http keeps a response's headers in one table, keyed by lower-cased
 * name, each entry `[name as given, value]`; setHeader, getHeader,
 * removeHeader, getHeaders and the header writer all go through it. Each
 * setHeader/getHeader call validates the name with a regular expression (and
 * the value with another), lower-cases it and, on Node 20, passes through an
 * error-stack wrapper. Four sets and three reads, what one res.json does,
 * cost 1,400–1,650 ns through the calls and 240–490 ns on the table, on
 * Node 20 and on Node 24 (bench/header-table.bench.js, tinybench, two runs
 * each): about a tenth of a whole in-memory `hello` request.
 * The names here are constants and the values are webfw's own (constants,
 * digits, base64), so the checks can only pass.
 *
 * The direct path is taken only when it is indistinguishable from the call:
 * the table's symbol was found, the response's setHeader/getHeader are
 * node:http's own (a middleware or an APM agent that wraps them sees every
 * call), and for writes the headers are not sent yet (so setHeader's "Cannot
 * set headers after they are sent" error still comes from setHeader).
 *
 * An HTTP/2 response (node:http2's compatibility response) keeps a table of
 * its own, lower-cased name to value, and its setHeader is webfw's
 * (src/http2/header-rules.ts: node:http's checks, then the store). For
 * these names and values every check passes, so the same direct path
 * applies on the same conditions, once src/http2/header-rules.ts has named
 * the table (`useHttp2Table`).
 */
import { OutgoingMessage } from 'node:http'
import { bareObjectMaker } from '../util/bare-object'

type Entry = [string, unknown]
type Table = Record<string, Entry | undefined>
interface Outgoing {
  _header?: string | null
  setHeader(name: string, value: unknown): unknown
  getHeader(name: string): unknown
}

/** node:http's header table's symbol, if this runtime has one (./head.ts reads the table too). */
export const kOutHeaders: symbol | undefined = Object.getOwnPropertySymbols(new OutgoingMessage()).find(
  (symbol) => symbol.description === 'kOutHeaders',
)
const nativeSetHeader = OutgoingMessage.prototype.setHeader
const nativeGetHeader = OutgoingMessage.prototype.getHeader
/** setHeader replacements that store webfw's own headers exactly as Node's does (see `passThroughSetHeader`). */
const equivalentSetHeaders = new Set<unknown>()

/**
 * An empty header table. node:http makes its tables with a null prototype,
 * a dictionary in V8, which the header writer's `for...in` walks slowly on
 * every response; webfw's have no inherited names either, but fast
 * properties (src/util/bare-object.ts; docs/perf.md, "The header table").
 */
const emptyTable = bareObjectMaker<Table>()

/**
 * Declares a profile's own setHeader (3.x's, response/charset.ts) to store
 * the headers written here exactly as node:http's does, so that the direct
 * path stays open for its responses.
 */
export function passThroughSetHeader(fn: unknown): void {
  equivalentSetHeaders.add(fn)
}

/**
 * The table when webfw may write it directly, `undefined` when the write
 * must go through `res.setHeader`.
 */
function writableTable(res: Outgoing): Table | undefined {
  const setter = res.setHeader
  if (kOutHeaders === undefined || (setter !== nativeSetHeader && !equivalentSetHeaders.has(setter)) || res._header) return undefined
  const holder = res as unknown as Record<symbol, Table | null>
  const table = holder[kOutHeaders]
  if (table !== null && table !== undefined) return table
  return (holder[kOutHeaders] = emptyTable())
}

/** What webfw's HTTP/2 responses are read and written through: their setHeader, getHeader and the key of their table. */
interface Http2Table {
  setHeader: unknown
  getHeader: unknown
  key: symbol
}

let http2Table: Http2Table | undefined

/**
 * Names the header table of webfw's HTTP/2 responses: `key` holds it on a
 * response whose setHeader is `setHeader` and whose getHeader is `getHeader`.
 */
export function useHttp2Table(table: Http2Table): void {
  http2Table = table
}

type Http2Headers = Record<string, unknown>

/**
 * Writes `value` under `key` into an HTTP/2 response's table where
 * `res.setHeader(name, value)` would store just that; else calls it.
 */
function putOther(res: Outgoing, key: string, name: string, value: string): void {
  const h2 = http2Table
  if (h2 !== undefined && res.setHeader === h2.setHeader && !(res as { headersSent?: boolean }).headersSent) {
    const table = (res as unknown as Record<symbol, Http2Headers | undefined>)[h2.key]
    if (table !== undefined) {
      table[key] = value
      return
    }
  }
  res.setHeader(name, value)
}

/** Reads `key` from an HTTP/2 response's table where `res.getHeader(asked)` would read just that; else calls it. */
function readOther(res: Outgoing, key: string, asked: string): unknown {
  const h2 = http2Table
  if (h2 !== undefined && res.getHeader === h2.getHeader) {
    const table = (res as unknown as Record<symbol, Http2Headers | undefined>)[h2.key]
    if (table !== undefined) return table[key]
  }
  return res.getHeader(asked)
}

/** Marks "read through `res.getHeader`" for `readableTable`. */
const CALL_GETHEADER: Table = Object.freeze(emptyTable())

/**
 * The table when webfw may read it directly (`undefined` when the response
 * has none yet), `CALL_GETHEADER` when the read must go through `res.getHeader`.
 */
function readableTable(res: Outgoing): Table | undefined {
  if (kOutHeaders === undefined || res.getHeader !== nativeGetHeader) return CALL_GETHEADER
  return (res as unknown as Record<symbol, Table | null | undefined>)[kOutHeaders] ?? undefined
}

/**
 * The headers webfw reads and writes on every response, each with its own
 * functions and its name written out. One function taking the name (a
 * `table[key]` for every header) is one property-access site for every
 * name, which V8 sees go megamorphic (a stub-cache probe and a transition
 * lookup per access); a site that only ever names `etag` stays monomorphic
 * (docs/perf.md, "The header table"). That is why these look alike.
 */
export const poweredByHeader = {
  put(res: Outgoing, value: string): void {
    const table = writableTable(res)
    if (table === undefined) putOther(res, 'x-powered-by', 'X-Powered-By', value)
    else table['x-powered-by'] = ['X-Powered-By', value]
  },
}

export const contentTypeHeader = {
  put(res: Outgoing, value: string): void {
    const table = writableTable(res)
    if (table === undefined) putOther(res, 'content-type', 'Content-Type', value)
    else table['content-type'] = ['Content-Type', value]
  },
  read(res: Outgoing): unknown {
    const table = readableTable(res)
    if (table === CALL_GETHEADER) return readOther(res, 'content-type', 'Content-Type')
    const entry = table === undefined ? undefined : table['content-type']
    return entry === undefined ? undefined : entry[1]
  },
}

export const contentLengthHeader = {
  put(res: Outgoing, value: string): void {
    const table = writableTable(res)
    if (table === undefined) putOther(res, 'content-length', 'Content-Length', value)
    else table['content-length'] = ['Content-Length', value]
  },
  /**
   * 3.x, which keeps a Content-Length the application set; and reqlog's
   * `:res[content-length]`, which asks a `getHeader` of another kind with
   * the name as its format writes it (`asked`).
   */
  read(res: Outgoing, asked = 'Content-Length'): unknown {
    const table = readableTable(res)
    if (table === CALL_GETHEADER) return readOther(res, 'content-length', asked)
    const entry = table === undefined ? undefined : table['content-length']
    return entry === undefined ? undefined : entry[1]
  },
}

export const etagHeader = {
  put(res: Outgoing, value: string): void {
    const table = writableTable(res)
    if (table === undefined) putOther(res, 'etag', 'ETag', value)
    else table.etag = ['ETag', value]
  },
  read(res: Outgoing): unknown {
    const table = readableTable(res)
    if (table === CALL_GETHEADER) return readOther(res, 'etag', 'ETag')
    const entry = table === undefined ? undefined : table.etag
    return entry === undefined ? undefined : entry[1]
  },
}

export const transferEncodingHeader = {
  read(res: Outgoing): unknown {
    const table = readableTable(res)
    if (table === CALL_GETHEADER) return readOther(res, 'transfer-encoding', 'Transfer-Encoding')
    const entry = table === undefined ? undefined : table['transfer-encoding']
    return entry === undefined ? undefined : entry[1]
  },
}
