/**
 * The head of a node:http response written by webfw: the same bytes and the
 * same response state node:http's writer would leave, made without its
 * per-header work. Two ways in:
 *
 *  - `storeHead`, for the bodies webfw sends itself (`res.send`, `res.json`,
 *    `res.sendStatus`, redirects, the final handler's pages, small files),
 *    just before `end`: the head is stored, and `writeHead`, `end`'s second
 *    measure of the body and the writer are all skipped;
 *  - `storeHeader`, the writer itself (node:http's `_storeHeader`, which
 *    `writeHead` calls) on webfw's response prototypes: every other head of
 *    a webfw response, also where a middleware wrapped `writeHead` or `end`
 *    (on-headers, compression, sessions, loggers) or the application calls
 *    `writeHead` or `end` itself.
 *
 * node:http writes a response's head from its header table, and for every
 * entry it lower-cases the name again (the table's key already is that name
 * in lower case), matches it against the names it treats apart, and builds
 * the state object of its writer. Here the table is walked once, only names
 * of the lengths node:http acts on are compared, and the status line, the
 * X-Powered-By and Content-Type lines and the end of the head (Date,
 * Connection, Keep-Alive) are kept from one response to the next
 * (docs/perf.md, "The response head").
 *
 * Taken only for a head of the header table with a Content-Length and none
 * of the headers node:http acts on (Connection, Transfer-Encoding, Date,
 * Expect, Trailer, Keep-Alive, Content-Disposition), no chunked encoding, a
 * header of several values only where node:http writes one line each; by
 * `storeHead` only for a plain HTTP/1 response whose `end`, `writeHead` and
 * `_implicitHeader` are node:http's and whose writer is node:http's or this
 * one, a status from 200 to 999 other than 204 and 304, and no status text
 * other than node:http's own. Never once node:http's writer has been
 * patched (`http.OutgoingMessage.prototype._storeHeader` replaced, also
 * after webfw was loaded): the patch then writes every head. And only once
 * node:http's own writer has been seen to make the same head for a
 * response of the application (`compareWithRuntime`): a runtime whose
 * writer changed keeps its own.
 */
import http from 'node:http'
import timers from 'node:timers'
import { kOutHeaders } from './header-table'

type Entry = [string, unknown]
type Table = Record<string, Entry | undefined>

/** The fields of a node:http response this module reads and sets (all of them node:http's own). */
interface NodeResponse {
  statusCode: number
  statusMessage: string | undefined
  sendDate: boolean
  shouldKeepAlive: boolean
  maxRequestsOnConnectionReached?: boolean
  chunkedEncoding: boolean
  _header: string | null
  _headerSent: boolean
  _last: boolean
  _contentLength: number | null
  _removedContLen: boolean
  _removedConnection: boolean
  _keepAliveTimeout?: number
  _defaultKeepAlive?: boolean
  _maxRequestsPerSocket?: number
  _expect_continue?: boolean
  _sent100?: boolean
  end: unknown
  writeHead: unknown
  _implicitHeader: unknown
  _storeHeader: unknown
}

const proto = http.ServerResponse.prototype as unknown as NodeResponse
const nodeEnd = proto.end
const nodeWriteHead = proto.writeHead
const nodeImplicitHeader = proto._implicitHeader
const nodeStoreHeader = proto._storeHeader
/** Where node:http keeps its writer (a patch made after webfw was loaded replaces it there). */
const writerHolder = http.OutgoingMessage.prototype as unknown as { _storeHeader: unknown }

/**
 * The symbol under which node:http's server gives each response its
 * `uniqueHeaders` set, whose names it joins into one line: found on the
 * first response with a header of several values that has it.
 */
let kUniqueHeaders: symbol | undefined

/** Whether node:http would join an array value of the response's headers into one line. */
function joinsValues(res: NodeResponse): boolean {
  if (kUniqueHeaders === undefined) {
    kUniqueHeaders = Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'kUniqueHeaders')
    if (kUniqueHeaders === undefined) return false
  }
  return Boolean((res as unknown as Record<symbol, unknown>)[kUniqueHeaders])
}

/** node:http's status texts (the object its writer reads). */
const STATUS_CODES = http.STATUS_CODES

/**
 * Status lines by code (`HTTP/1.1 200 OK\r\n`), made when first used, and
 * the text each was made with: a line is used while STATUS_CODES still
 * holds that text.
 */
const statusLines: (string | undefined)[] = new Array<string | undefined>(1000)
const statusTexts: (string | undefined)[] = new Array<string | undefined>(1000)

function statusLineOf(status: number, message: string): string {
  statusTexts[status] = message
  return (statusLines[status] = flat('HTTP/1.1 ' + status + ' ' + message + '\r\n'))
}

/**
 * `text` made one flat string in place: V8 keeps a concatenation as a tree of
 * its pieces until something reads it whole, and a piece kept for many heads
 * would otherwise be walked again in each (converting a string to a number
 * reads it whole; the number is not used).
 */
function flat(text: string): string {
  void ((text as unknown as number) | 0)
  return text
}

/**
 * The Date line of the current second, kept as node:http keeps its Date
 * header's text: made from the clock when a response first needs it, and
 * dropped by an unreferenced timer when that second is over. A response
 * reads no clock (`Date.now()` is a runtime call, about 250 instructions).
 * The timer is node:timers' `setTimeout` as it was when webfw was loaded,
 * so fake timers installed later leave it running; fake timers installed
 * before, which also fake `Date`, move both together (docs/migration.md).
 */
let dateLine: string | null = null
const setTimer = timers.setTimeout

function currentDateLine(): string {
  let line = dateLine
  if (line === null) {
    const now = new Date()
    line = dateLine = 'Date: ' + now.toUTCString() + '\r\n'
    setTimer(dropDateLine, 1000 - now.getMilliseconds()).unref()
  }
  return line
}

function dropDateLine(): void {
  dateLine = null
}

/**
 * The end of the head after the table's headers, as node:http's writer adds
 * it: Date (above), then Connection and Keep-Alive by its keep-alive rule
 * for a response with a Content-Length, then the empty line. Kept for the
 * Date line and connection settings it was made for: one piece for every
 * head.
 */
let tail = ''
let tailDate = ''
let tailKey = -1
let tailTimeout: number | undefined
let tailMax: number | undefined

function tailOf(res: NodeResponse): string {
  const sendDate = res.sendDate
  const keepAlive = res.shouldKeepAlive
  const closing = keepAlive && res.maxRequestsOnConnectionReached === true
  const timeout = res._keepAliveTimeout
  const max = res._maxRequestsPerSocket
  const key = (sendDate ? 1 : 0) | (keepAlive ? 2 : 0) | (closing ? 4 : 0) | (res._defaultKeepAlive ? 8 : 0)
  const date = sendDate ? currentDateLine() : ''
  if (key === tailKey && timeout === tailTimeout && max === tailMax && date === tailDate) return tail
  let text = date
  if (!keepAlive || closing) {
    text += 'Connection: close\r\n'
  } else {
    text += 'Connection: keep-alive\r\n'
    if (timeout && res._defaultKeepAlive) {
      text += 'Keep-Alive: timeout=' + Math.floor(timeout / 1000) + (~~(max as number) > 0 ? ', max=' + max : '') + '\r\n'
    }
  }
  tail = flat(text + '\r\n')
  tailDate = date
  tailKey = key
  tailTimeout = timeout
  tailMax = max
  return tail
}

/** -1: not checked yet; 0: node:http's writer makes other heads; 1: the same. */
let verdict = -1
/** Responses compared before the verdict (a second can turn between the two Date lines). */
let comparisons = 0

/**
 * Writes the response's head as node:http's `writeHead(statusCode)` would
 * (see the file's comment for when) and returns true, or returns false
 * having changed nothing. The caller ends the response right after.
 */
export function storeHead(response: object): boolean {
  const res = response as NodeResponse
  if (verdict !== 1 || res.end !== nodeEnd || res.writeHead !== nodeWriteHead || res._implicitHeader !== nodeImplicitHeader) return false
  const writer = res._storeHeader
  if ((writer !== storeHeader && writer !== nodeStoreHeader) || writerHolder._storeHeader !== nodeStoreHeader) return false
  const status = res.statusCode
  if (typeof status !== 'number' || (status | 0) !== status || status < 200 || status > 999 || status === 204 || status === 304) return false
  if (res._header || (res._expect_continue && !res._sent100)) return false
  // node:http's text for the status, unless the application gave its own
  // (then node:http checks that one: left to it, unless it is the same).
  const message = STATUS_CODES[status] || 'unknown'
  const own = res.statusMessage
  if (own && own !== message) return false
  const table = tableOf(res)
  if (table === null) return false
  const head = headOf(res, table, statusTexts[status] === message ? (statusLines[status] as string) : statusLineOf(status, message))
  if (head === null) return false
  res.statusMessage = message
  settle(res, head)
  return true
}

/**
 * node:http's `_storeHeader(firstLine, headers)`, the writer `writeHead`
 * calls with the status line and the headers, for webfw's responses (set on
 * their prototypes): the head of the header table made here (see the
 * file's comment for when), any other by node:http's writer.
 */
export function storeHeader(this: NodeResponse, firstLine: string, headers: unknown): void {
  // node:http's writer patched since webfw was loaded: the patch writes.
  const writer = writerHolder._storeHeader
  if (writer !== nodeStoreHeader) {
    ;(writer as StoreHeader).call(this, firstLine, headers)
    return
  }
  // Only heads of the header table are made here (writeHead given fields
  // without a table passes them instead).
  const table = verdict !== 0 ? tableOf(this) : null
  if (table !== null && headers === table) {
    const head = headOf(this, table, firstLine)
    if (head !== null) {
      if (verdict === 1) settle(this, head)
      else compareWithRuntime(this, head, firstLine, table)
      return
    }
  }
  ;(nodeStoreHeader as StoreHeader).call(this, firstLine, headers)
}

type StoreHeader = (this: NodeResponse, firstLine: string, headers: unknown) => void

/** What node:http's writer leaves on the response with the head `head` (made by `headOf`). */
function settle(res: NodeResponse, head: string): void {
  res._contentLength = headContentLength
  res._removedContLen = false
  if (!res.shouldKeepAlive) res._last = true
  res._header = head
  res._headerSent = false
  stored++
}

let stored = 0

/** Tests only: how many heads were written here (not counting those compared with node:http's). */
export function directHeads(): number {
  return stored
}

let verdictSaved = -1
let forcedOff = false

/**
 * Tests only: whether heads are written here (as the verdict allows) or
 * all by node:http's writer, to compare the bytes of the two.
 */
export function setDirectHead(on: boolean): void {
  if (!on && !forcedOff) {
    verdictSaved = verdict
    verdict = 0
    forcedOff = true
  } else if (on && forcedOff) {
    verdict = verdictSaved
    forcedOff = false
  }
}

/**
 * The first heads of the header table this module could write: `head` was
 * made here, node:http's writer writes it (so the response goes out as
 * node:http made it), and the two are compared. The same, or the same but
 * for the time in their Date lines: this module writes the heads from then
 * on. Different three times: node:http keeps writing them.
 *
 * The times in the Date lines are not compared: node:http keeps its own
 * line of the current second and drops it by a timer of its own, as this
 * module does (`currentDateLine`). The two lines are made at different
 * moments (a second can end between them), and each is dropped only when
 * the event loop comes to its timer, so while a burst of requests keeps
 * the loop busy they can name different seconds, and every head compared
 * then differs by that text alone. Counted as different, three such heads
 * left every later response to node:http's writer for the life of the
 * process (docs/perf.md, "The response head's verdict").
 */
function compareWithRuntime(res: NodeResponse, head: string, firstLine: string, table: Table): void {
  const contentLength = headContentLength
  const last = res._last || !res.shouldKeepAlive
  ;(nodeStoreHeader as StoreHeader).call(res, firstLine, table)
  const written = res._header
  if ((written === head || (typeof written === 'string' && sameButDate(head, written))) && res._contentLength === contentLength && res._last === last) {
    verdict = 1
  } else if (++comparisons === 3) {
    verdict = 0
  }
}

const DATE_LINE_START = '\r\nDate: '

/**
 * Whether two heads are the same but for the text of their Date lines: each
 * has one at the same place, of the same length, and the rest is the same.
 */
export function sameButDate(ours: string, theirs: string): boolean {
  if (ours.length !== theirs.length) return false
  const at = ours.indexOf(DATE_LINE_START)
  if (at < 0 || theirs.indexOf(DATE_LINE_START) !== at) return false
  const end = ours.indexOf('\r\n', at + DATE_LINE_START.length)
  if (end < 0 || theirs.indexOf('\r\n', at + DATE_LINE_START.length) !== end) return false
  return ours.slice(0, at) === theirs.slice(0, at) && ours.slice(end) === theirs.slice(end)
}

/**
 * `ACTED_ON_LENGTHS[n]`: whether a name node:http's writer acts on, other
 * than Content-Length (read before the walk), has n characters (see
 * `headOf`); a name of another length is not compared with them.
 */
const ACTED_ON_LENGTHS = new Uint8Array(20)
for (const name of ['connection', 'transfer-encoding', 'date', 'expect', 'trailer', 'keep-alive', 'content-disposition']) {
  ACTED_ON_LENGTHS[name.length] = 1
}

/** The last Content-Type and X-Powered-By lines, with the name and value each was made from. */
let typeName = ''
let typeValue = ''
let typeLine = ''
let poweredName = ''
let poweredValue = ''
let poweredLine = ''

function lineOf(name: string, value: string): string {
  return flat(name + ': ' + value + '\r\n')
}

/** The Content-Length (a number) of the head `headOf` made last. */
let headContentLength = 0

/** The response's header table, or null when it has none (or the runtime has no such table). */
function tableOf(res: NodeResponse): Table | null {
  if (kOutHeaders === undefined) return null
  return (res as unknown as Record<symbol, Table | null | undefined>)[kOutHeaders] ?? null
}

/**
 * The head node:http's writer would make for the response from the status
 * line `firstLine` and its header table `table`, or null when the response
 * is not one this module takes (see the file's comment). Changes nothing on
 * the response.
 */
function headOf(res: NodeResponse, table: Table, firstLine: string): string | null {
  if (res.chunkedEncoding || res._removedConnection) return null
  // Without a Content-Length (a streamed or compressed body) the table is
  // not walked only to be left to node:http's writer.
  const lengthEntry = table['content-length']
  if (lengthEntry === undefined) return null
  const contentLength = lengthEntry[1]
  if (typeof contentLength === 'object') return null
  let head = firstLine
  for (const key in table) {
    const entry = table[key] as Entry
    const value = entry[1]
    const length = key.length
    // Names are compared only where one of the names below has the length.
    if (length < ACTED_ON_LENGTHS.length && ACTED_ON_LENGTHS[length] === 1) {
      switch (key) {
        case 'connection':
        case 'transfer-encoding':
        case 'date':
        case 'expect':
        case 'trailer':
        case 'keep-alive':
        case 'content-disposition':
          return null
      }
    } else if (length === 12 && typeof value === 'string') {
      // X-Powered-By and Content-Type: mostly the same line from one
      // response to the next, kept whole (as one flat piece).
      const name = entry[0]
      if (key === 'content-type') {
        if (value !== typeValue || name !== typeName) typeLine = lineOf(typeName = name, typeValue = value)
        head += typeLine
        continue
      }
      if (key === 'x-powered-by') {
        if (value !== poweredValue || name !== poweredName) poweredLine = lineOf(poweredName = name, poweredValue = value)
        head += poweredLine
        continue
      }
    }
    if (Array.isArray(value)) {
      // node:http writes one line per value unless it joins them: for the
      // request header Cookie, or a name in the server's uniqueHeaders.
      if ((value.length > 1 && key === 'cookie') || joinsValues(res)) return null
      const name = entry[0]
      for (let i = 0; i < value.length; i++) head += name + ': ' + value[i] + '\r\n'
    } else {
      head += entry[0] + ': ' + value + '\r\n'
    }
  }
  headContentLength = +(contentLength as string)
  return head + tailOf(res)
}
