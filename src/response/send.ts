/**
 * The body fast path: `res.send`, `res.json`, `res.sendStatus`. Type,
 * charset, Content-Length, ETag (per the `etag` setting), 304 when the
 * client's copy is fresh, and no body for HEAD, 204, 205 and 304 — all in one
 * pass, with the common cases (no Content-Type yet, no conditional request
 * headers) decided without parsing anything.
 */
import statuses from 'statuses'
import { ownSettings } from '../app/setting-read'
import type { Profile } from '../profile'
import { hashesStrings, type ETagFn } from '../util/etag'
import { defineMethod } from '../util/define'
import { deprecate } from '../util/deprecate'
import { contentLengthHeader, contentTypeHeader, etagHeader, transferEncodingHeader } from './header-table'
import type { ResponseInternal } from './internal'
import { Buffer } from '../util/node-buffer'
import { hasNonAsciiHeader } from './header-bytes'
import { storeHead } from './head'

const HTML_UTF8 = 'text/html; charset=utf-8'
const JSON_UTF8 = 'application/json; charset=utf-8'
const JSON_ESCAPES = /[<>&]/g

function escapeJsonChar(c: string): string {
  switch (c.charCodeAt(0)) {
    case 0x3c:
      return '\\u003c'
    case 0x3e:
      return '\\u003e'
    default:
      return '\\u0026'
  }
}

/** JSON.stringify with the `json replacer`, `json spaces`, `json escape` settings. */
export function stringify(value: unknown, replacer: unknown, spaces: unknown, escape: unknown): string {
  const json =
    replacer || spaces
      ? JSON.stringify(value, replacer as (key: string, value: unknown) => unknown, spaces as string | number)
      : JSON.stringify(value)
  return escape && typeof json === 'string' ? json.replace(JSON_ESCAPES, escapeJsonChar) : json
}

/** Whether the response is still fresh for the request (Express's req.fresh). */
function isFresh(res: ResponseInternal): boolean {
  const req = res.req
  const headers = req.headers
  // fresh() is false without either conditional header: skip the getter.
  if (headers['if-none-match'] === undefined && headers['if-modified-since'] === undefined) return false
  return Boolean((req as unknown as { fresh: boolean }).fresh)
}

type StatusMessages = Record<number, string | undefined>

/**
 * 4.x argument forms of res.json and res.jsonp: `(body, status)` when the
 * second is a number, else `(status, body)`. Sets the status; returns the body.
 */
export function legacyBody(res: ResponseInternal, member: string, first: unknown, second: unknown): unknown {
  if (typeof second === 'number') {
    deprecate(`res.${member}(obj, status): use res.status(status).${member}(obj)`)
    res.statusCode = second
    return first
  }
  deprecate(`res.${member}(status, obj): use res.status(status).${member}(obj)`)
  res.statusCode = first as number
  return second
}

export function defineSendMembers(proto: object, profile: Profile): void {
  const style = profile.response
  const keepContentLength = style.keepContentLength
  const stringBodies = style.stringBodies
  const binaryViews = style.binaryViews
  const nullBodyCharset = style.nullBodyCharset
  const utf8Type = profile.media.utf8Type

  /**
   * The part of `res.send` after the type is settled: Content-Length, ETag,
   * freshness (304), the bodiless statuses and HEAD, then `end`.
   */
  function sendBody(res: ResponseInternal, body: string | Buffer | undefined, bodyEncoding: BufferEncoding | undefined) {
    let chunk = body
    let encoding = bodyEncoding
    const app = res.app
    const settings = ownSettings(app)
    const etagFn = (settings !== null ? settings['etag fn'] : app.get('etag fn')) as ETagFn | undefined
    const wantETag = typeof etagFn === 'function' && !etagHeader.read(res)
    // webfw's own generators take a string body and make tags (base64, hex)
    // that need no value check; an application's gets a Buffer and setHeader.
    const ownETag = wantETag && hashesStrings(etagFn as ETagFn)

    let len: number | undefined
    let asciiForBuffer = false
    if (chunk !== undefined) {
      if (Buffer.isBuffer(chunk)) {
        len = chunk.length
      } else if (stringBodies || (chunk.length < 1000 && (!wantETag || (ownETag && typeof chunk === 'string' && !hasNonAsciiHeader(res))))) {
        // A short string stays a string unless an application's etag function
        // needs the Buffer, or a header beyond ASCII must go out as Express
        // sends it (./header-bytes.ts): no Buffer is allocated and copied per
        // response. Anything else that is not a Buffer (a function given to
        // res.send) goes where Express's does, and fails there with its error:
        // Buffer.byteLength's without an ETag, Buffer.from's with one.
        len = Buffer.byteLength(chunk, encoding)
        // Where Express would have made this body a Buffer (to hash it), and
        // it is ASCII (as many bytes as characters), it is written as Latin-1:
        // the same bytes, and node:http then writes the head in Latin-1 as it
        // does before a Buffer (a header beyond ASCII, also one set with
        // setHeader, goes out as Express sends it), and copies the string
        // instead of converting it to UTF-8 (docs/perf.md, "ASCII bodies
        // written as Latin-1").
        asciiForBuffer = wantETag && !stringBodies && len === chunk.length
      } else {
        chunk = Buffer.from(chunk as string, encoding)
        encoding = undefined
        len = chunk.length
      }
      // Content-Length and Transfer-Encoding cannot be sent together; 3.x
      // keeps a Content-Length the application set.
      const chunked = transferEncodingHeader.read(res)
      if (!chunked && !(keepContentLength && contentLengthHeader.read(res) !== undefined)) {
        contentLengthHeader.put(res, '' + len)
      } else if (res.headersSent) {
        // A body after the head is out (a second send): setHeader throws
        // ERR_HTTP_HEADERS_SENT, which reaches next(err) as in Express.
        // Ending the response again would emit an unhandled 'error' (write
        // after end) and stop the process.
        res.setHeader('Content-Length', String(len))
      }
    }

    if (wantETag && len !== undefined) {
      // webfw's own generators take the length just measured (in `encoding`'s
      // bytes, which is what they would measure); an application's gets
      // Express's two arguments.
      const etag = ownETag ? (etagFn as ETagFn)(chunk as string | Buffer, encoding, len) : (etagFn as ETagFn)(chunk as string | Buffer, encoding)
      if (etag) {
        if (ownETag) etagHeader.put(res, etag)
        else res.setHeader('ETag', etag)
      }
    }

    if (isFresh(res)) res.statusCode = 304

    const status = res.statusCode
    if (status === 204 || status === 304) {
      res.removeHeader('Content-Type')
      res.removeHeader('Content-Length')
      res.removeHeader('Transfer-Encoding')
      chunk = ''
    } else if (status === 205) {
      res.setHeader('Content-Length', '0')
      res.removeHeader('Transfer-Encoding')
      chunk = ''
    }

    // The head as node:http would write it, without its per-header work
    // (./head.ts); where that cannot be told apart, `end` writes it.
    storeHead(res)
    if (res.req.method === 'HEAD') res.end()
    else res.end(chunk, (asciiForBuffer ? 'latin1' : encoding) as BufferEncoding)
    return res
  }

  /** A string Content-Type `type` (set, not empty) given `charset=utf-8` as the version's content-type package writes it. */
  function putUtf8Charset(res: ResponseInternal, type: unknown): void {
    if (typeof type !== 'string') return
    const withCharset = utf8Type(type)
    if (withCharset !== type) res.setHeader('Content-Type', withCharset)
  }

  /**
   * Sends a body: a string (text/html unless a type is set), a Buffer
   * (application/octet-stream unless set), or an object/array/boolean/number
   * (as JSON). Sets Content-Length and ETag; answers 304 when the client's
   * copy is fresh.
   * @example res.send('<p>hello</p>')
   * res.status(404).send({ error: 'not found' })
   */
  function send(this: ResponseInternal, body?: unknown) {
    let chunk = body as string | Buffer | undefined
    let encoding: BufferEncoding | undefined
    switch (typeof chunk) {
      case 'string': {
        encoding = 'utf8'
        // As Express: any falsy type ('' or 5.x's false) becomes text/html;
        // a charset goes only into a string type.
        const type = contentTypeHeader.read(this)
        if (!type) contentTypeHeader.put(this, HTML_UTF8)
        else putUtf8Charset(this, type)
        break
      }
      case 'boolean':
      case 'number':
      case 'object':
        if (chunk === null) {
          chunk = ''
          if (nullBodyCharset) {
            const type = contentTypeHeader.read(this)
            if (type) putUtf8Charset(this, type)
          }
        } else if (binaryViews ? ArrayBuffer.isView(chunk) : Buffer.isBuffer(chunk)) {
          if (!this.getHeader('Content-Type')) this.type('bin')
        } else {
          return this.json(chunk)
        }
        break
    }

    return sendBody(this, chunk, encoding)
  }

  let protoSend: (this: ResponseInternal, body?: unknown) => unknown = send
  if (style.legacyArguments) {
    protoSend = function sendLegacy(this: ResponseInternal, body?: unknown, second?: unknown) {
      let chunk = body
      if (arguments.length === 2) {
        if (typeof body !== 'number' && typeof second === 'number') {
          deprecate('res.send(body, status): use res.status(status).send(body)')
          this.statusCode = second
        } else {
          deprecate('res.send(status, body): use res.status(status).send(body)')
          this.statusCode = body as number
          chunk = second
        }
      } else if (typeof body === 'number') {
        // res.send(status): the status text as the body.
        deprecate('res.send(status): use res.sendStatus(status)')
        if (!this.getHeader('Content-Type')) this.type('txt')
        this.statusCode = body
        chunk = (statuses.message as StatusMessages)[body]
      }
      return send.call(this, chunk)
    }
  }
  defineMethod(proto, 'send', protoSend)

  /**
   * Sends any value as JSON (application/json unless a type is set), with
   * the `json replacer`, `json spaces` and `json escape` settings.
   * @example res.json({ user: 'tobi' })
   */
  defineMethod(proto, 'json', function json(this: ResponseInternal, obj?: unknown) {
    if (arguments.length === 2 && style.legacyArguments) obj = legacyBody(this, 'json', obj, arguments[1])
    const app = this.app
    const settings = ownSettings(app)
    const body =
      settings !== null
        ? stringify(obj, settings['json replacer'], settings['json spaces'], settings['json escape'])
        : stringify(obj, app.get('json replacer'), app.get('json spaces'), app.get('json escape'))
    if (contentTypeHeader.read(this)) return this.send(body)
    contentTypeHeader.put(this, JSON_UTF8)
    // Straight to the body step when res.send is webfw's own: the type was
    // just set, so send's type step would only read it back (~150 ns). An
    // application or middleware that wrapped res.send still gets the call.
    if (this.send === protoSend && typeof body === 'string') return sendBody(this, body, 'utf8')
    return this.send(body)
  })

  /**
   * Sets the status and sends its text (or the number) as text/plain.
   * @example res.sendStatus(404) // "Not Found"
   */
  defineMethod(proto, 'sendStatus', function sendStatus(this: ResponseInternal, statusCode: number) {
    const body = (statuses.message as StatusMessages)[statusCode] || String(statusCode)
    this.status(statusCode)
    this.type('txt')
    return this.send(body)
  })
}
