/**
 * The head of a node:http response written by webfw, for the bodies it
 * sends itself (`res.send`, `res.json`, `res.sendStatus`): the same bytes
 * and the same response state node:http's `writeHead` would leave, made
 * without its per-header work.
 *
 * node:http writes a response's head from its header table, and for every
 * entry it lower-cases the name again (the table's key already is that name
 * in lower case), matches it against the names it treats apart, and builds
 * the state object of its writer; before that, `end` measures the body
 * again and `writeHead` checks the status. Here the table is walked once,
 * the special names are told by their key, and the status line comes from
 * a table: about 1,100 instructions of a `hello` request on Node 24
 * (docs/perf.md, "The response head").
 *
 * Taken only where it cannot be told apart from node:http's own: a plain
 * HTTP/1 response whose `end`, `writeHead`, `_implicitHeader` and
 * `_storeHeader` are node:http's (a middleware or an agent that wraps any of
 * them, compression, sessions, on-headers or a tracer, gets the calls), a
 * status from 200 to 999 other than 204 and 304 with no status text of the
 * application's own (or node:http's own text), a Content-Length in the table and none of the headers
 * node:http acts on (Connection, Transfer-Encoding, Date, Expect, Trailer,
 * Keep-Alive, Content-Disposition). And only once this runtime's own writer
 * has been seen to make the same head for a response of the application
 * (`compareWithRuntime`): a runtime whose writer changed keeps its own.
 */
import http from 'node:http'
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
 * The end of the head after the table's headers, as node:http's writer adds
 * it: Date (node:http's copy of the time's UTC form, remade once the second
 * it was made in is over; the clock is read here instead of dropping the
 * copy from a timer, so that a test's fake timers cannot leave it stale),
 * then Connection and Keep-Alive by its keep-alive rule for a response with
 * a Content-Length, then the empty line. Kept for the last second and
 * connection settings it was made for: one piece for every head.
 */
let tail = ''
let tailExpires = 0
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
  const now = sendDate ? Date.now() : 0
  if (key === tailKey && timeout === tailTimeout && max === tailMax && (!sendDate || now < tailExpires)) return tail
  let text = sendDate ? 'Date: ' + new Date(now).toUTCString() + '\r\n' : ''
  if (!keepAlive || closing) {
    text += 'Connection: close\r\n'
  } else {
    text += 'Connection: keep-alive\r\n'
    if (timeout && res._defaultKeepAlive) {
      text += 'Keep-Alive: timeout=' + Math.floor(timeout / 1000) + (~~(max as number) > 0 ? ', max=' + max : '') + '\r\n'
    }
  }
  tail = flat(text + '\r\n')
  tailExpires = now - (now % 1000) + 1000
  tailKey = key
  tailTimeout = timeout
  tailMax = max
  return tail
}

/** -1: not checked yet; 0: this runtime's writer differs; 1: the same. */
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
  if (!enabled || res.end !== nodeEnd || res.writeHead !== nodeWriteHead || res._implicitHeader !== nodeImplicitHeader || res._storeHeader !== nodeStoreHeader) {
    return false
  }
  if (verdict === 1) {
    const head = headOf(res)
    if (head === null) return false
    res.statusMessage = headMessage
    res._contentLength = headContentLength
    res._removedContLen = false
    if (!res.shouldKeepAlive) res._last = true
    res._header = head
    res._headerSent = false
    stored++
    return true
  }
  return verdict === -1 && compareWithRuntime(res)
}

let enabled = true
let stored = 0

/** Tests only: whether heads are written here at all (on by default), to compare the bytes with node:http's. */
export function setDirectHead(on: boolean): void {
  enabled = on
}

/** Tests only: how many heads were written here (not counting the responses compared with node:http's). */
export function directHeads(): number {
  return stored
}


/**
 * The first responses this module could write the head of: the head is made
 * here, then node:http's `writeHead` writes it (so the response goes out as
 * node:http made it), and the two are compared. Equal: this module writes
 * the heads from then on. Different: node:http keeps writing them.
 */
function compareWithRuntime(res: NodeResponse): boolean {
  const head = headOf(res)
  if (head === null) return false
  const contentLength = headContentLength
  const message = headMessage
  const last = !res.shouldKeepAlive
  ;(nodeWriteHead as (this: NodeResponse, status: number) => void).call(res, res.statusCode)
  if (res._header === head && res._contentLength === contentLength && res._last === last && res.statusMessage === message) {
    verdict = 1
  } else if (++comparisons === 3) {
    verdict = 0
  }
  return true
}

/**
 * `ACTED_ON_LENGTHS[n]`: whether a name node:http's writer acts on (see
 * `headOf`) has n characters; a name of another length is not compared
 * with them.
 */
const ACTED_ON_LENGTHS = new Uint8Array(20)
for (const name of ['connection', 'transfer-encoding', 'date', 'expect', 'trailer', 'keep-alive', 'content-disposition', 'content-length']) {
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

/** The Content-Length (a number) and the status text of the head `headOf` made last. */
let headContentLength = 0
let headMessage = ''

/**
 * The head node:http's writer would make for the response from its status
 * and header table, or null when the response is not one this module takes
 * (see the file's comment). Changes nothing on the response.
 */
function headOf(res: NodeResponse): string | null {
  const status = res.statusCode
  if (typeof status !== 'number' || (status | 0) !== status || status < 200 || status > 999 || status === 204 || status === 304) return null
  if (res._header || res.chunkedEncoding || res._removedConnection || (res._expect_continue && !res._sent100)) return null
  // node:http's text for the status, unless the application gave its own
  // (then node:http checks that one: left to it, unless it is the same).
  const message = STATUS_CODES[status] || 'unknown'
  const own = res.statusMessage
  if (own && own !== message) return null
  const table = (res as unknown as Record<symbol, Table | null | undefined>)[kOutHeaders as symbol]
  if (table === null || table === undefined) return null
  let head = statusTexts[status] === message ? (statusLines[status] as string) : statusLineOf(status, message)
  let contentLength: unknown
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
        case 'content-length':
          if (typeof value === 'object') return null
          contentLength = value
          break
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
  if (contentLength === undefined) return null
  headContentLength = +(contentLength as string)
  headMessage = message
  return head + tailOf(res)
}
