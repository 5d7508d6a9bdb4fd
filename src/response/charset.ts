/**
 * 3.x: `res.charset` and Connect 2's `setHeader`, which Express 3 apps had
 * on every response. A Content-Type set while `res.charset` holds a charset
 * gets that charset unless it names one; a Set-Cookie header is added to
 * those already set (values already there are not repeated) instead of
 * replacing them. Every other header goes straight to Node's setHeader.
 *
 * webfw's own Content-Type, Content-Length, ETag and X-Powered-By writes
 * always carry their charset (or need none), so for them this setHeader
 * does what Node's does: the header table may still be written directly
 * (header-table.ts, `passThroughSetHeader`).
 */
import { OutgoingMessage } from 'node:http'
import * as contentType from 'content-type'
import { defineAccessor, defineMethod } from '../util/define'
import { deprecate } from '../util/deprecate'
import { passThroughSetHeader } from './header-table'

const kCharset = Symbol('webfw.res.charset')
const nativeSetHeader = OutgoingMessage.prototype.setHeader

type HeaderValue = string | number | readonly string[]

interface ConnectResponse extends OutgoingMessage {
  charset?: string
  [kCharset]?: string
}

/** The type with `charset` added, unless it has one (or cannot be parsed: then as given). */
function withCharset(type: HeaderValue, charset: string): HeaderValue {
  if (typeof type !== 'string' || !type) return type
  try {
    const parsed = contentType.parse(type)
    if (parsed.parameters.charset) return type
    parsed.parameters.charset = charset
    return contentType.format(parsed)
  } catch {
    return type
  }
}

function setCookies(res: OutgoingMessage, field: string, val: HeaderValue): OutgoingMessage {
  let value = val
  // Code that read the header, added to it and set it back: keep only the new values.
  if (Array.isArray(value) && value.length > 1) {
    const before = ([] as unknown[]).concat(res.getHeader(field) ?? [])
    value = value.filter((v) => !before.includes(v))
  }
  const prev = res.getHeader(field)
  if (!prev) return nativeSetHeader.call(res, field, value)
  const list = Array.isArray(prev) ? prev : [String(prev)]
  return nativeSetHeader.call(res, field, list.concat(value as string | string[]))
}

function setHeader(this: ConnectResponse, field: string, val: HeaderValue): OutgoingMessage {
  if (typeof field === 'string') {
    const key = field.toLowerCase()
    if (key === 'set-cookie') return setCookies(this, field, val)
    if (key === 'content-type') {
      const charset = this[kCharset]
      if (charset) return nativeSetHeader.call(this, field, withCharset(val, charset))
    }
  }
  return nativeSetHeader.call(this, field, val)
}

export function defineConnectHeaderMembers(proto: object): void {
  defineMethod(proto, 'setHeader', setHeader)
  passThroughSetHeader(setHeader)

  /**
   * The charset added to the Content-Type headers set from now on.
   * @example res.charset = 'iso-8859-1'; res.set('Content-Type', 'text/plain') // text/plain; charset=iso-8859-1
   */
  defineAccessor(
    proto,
    'charset',
    function charset(this: ConnectResponse) {
      return this[kCharset]
    },
    function setCharset(this: ConnectResponse, value: string) {
      deprecate("res.charset: removed in 4.x; set the charset in the type (res.type('text/plain; charset=iso-8859-1'))")
      this[kCharset] = value
    },
  )
}
