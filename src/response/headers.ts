/**
 * Status and header members: `res.status`, `res.set`/`res.header`,
 * `res.get`, `res.append`, `res.type`/`res.contentType`, `res.vary` and
 * `res.links`. Every header goes through Node's `setHeader`, which rejects a
 * CR, LF or other control character in a name or value before anything is
 * stored, so no setter here can split a header.
 */
import vary from 'vary'
import type { Profile } from '../profile'
import { defineMethod } from '../util/define'
import { deprecate } from '../util/deprecate'
import type { ResponseInternal } from './internal'
import { noteHeaderValue } from './header-bytes'

type HeaderValue = string | number | string[] | undefined

/**
 * 4.x: any value is stored and Node checks it when the head is written (so a
 * code outside 100-999 fails then, and "410" or 410.1 send 410); a string or
 * fractional code in range is deprecated.
 */
function lenientStatus(this: ResponseInternal, code: unknown): ResponseInternal {
  const n = code as number
  if ((typeof code === 'string' || Math.floor(n) !== n) && n > 99 && n < 1000) {
    deprecate(`res.status(${JSON.stringify(code)}): use res.status(${Math.floor(n)})`)
  }
  this.statusCode = code as number
  return this
}

export function defineHeaderMembers(proto: object, profile: Profile): void {
  const style = profile.response
  const media = profile.media

  /**
   * Sets the status code: an integer from 100 to 599, else a TypeError
   * (not an integer) or RangeError (out of range). Chainable. (4.x: see
   * lenientStatus.)
   * @example res.status(201).json(created)
   */
  defineMethod(proto, 'status', style.lenientStatus ? lenientStatus : function status(this: ResponseInternal, code: unknown) {
    if (!Number.isInteger(code)) {
      throw new TypeError(`Invalid status code: ${JSON.stringify(code)}. Status code must be an integer.`)
    }
    if ((code as number) < 100 || (code as number) > 599) {
      throw new RangeError(
        `Invalid status code: ${JSON.stringify(code)}. Status code must be greater than 99 and less than 600.`,
      )
    }
    this.statusCode = code as number
    return this
  })

  /**
   * Sets one header, or several from an object. A Content-Type of a text
   * type gets a charset; arrays set repeated headers. Chainable.
   * @example res.set('Content-Type', 'text/plain') // text/plain; charset=utf-8
   * res.set({ 'X-A': '1', 'X-B': ['2', '3'] })
   */
  function set(this: ResponseInternal, field: unknown, val?: unknown): ResponseInternal {
    if (arguments.length === 2) {
      let value: string | string[] | false = Array.isArray(val) ? val.map(String) : String(val)
      if ((field as string).toLowerCase() === 'content-type') {
        if (Array.isArray(value)) throw new TypeError('Content-Type cannot be set to an Array')
        value = media.contentType(value)
      }
      this.setHeader(field as string, value as string | string[])
      noteHeaderValue(this, value)
    } else {
      const fields = field as Record<string, unknown>
      for (const key in fields) this.set(key, fields[key])
    }
    return this
  }
  defineMethod(proto, 'set', set)
  defineMethod(proto, 'header', set)

  /**
   * A response header by case-insensitive name.
   * @example res.get('Content-Type') // 'text/html; charset=utf-8'
   */
  defineMethod(proto, 'get', function get(this: ResponseInternal, field: string) {
    return this.getHeader(field)
  })

  /**
   * Adds value(s) to a header, creating it when unset; `res.set` later
   * replaces it. Chainable.
   * @example res.append('Link', ['<http://localhost/>', '<http://localhost:3000/>'])
   */
  defineMethod(proto, 'append', function append(this: ResponseInternal, field: string, val?: unknown) {
    const prev = this.get(field) as HeaderValue
    let value = val
    if (prev) {
      const prevList = Array.isArray(prev) ? prev : [prev as string]
      value = prevList.concat(val as string | string[])
    }
    return this.set(field, value)
  })

  /**
   * Sets Content-Type: a value with "/" is used as is, anything else is an
   * extension or file name looked up in the version's type table
   * (application/octet-stream when unknown). Chainable.
   * @example res.type('json') // application/json; charset=utf-8
   */
  // (The parameter is named `type` as Express's: a non-string fails with its "type.indexOf is not a function".)
  function type(this: ResponseInternal, type: string): ResponseInternal {
    const ct = type.indexOf('/') === -1 ? media.forExtension(type) : type
    return this.set('Content-Type', ct)
  }
  defineMethod(proto, 'type', type)
  defineMethod(proto, 'contentType', type)

  /**
   * Adds field(s) to the Vary header unless already listed. Chainable.
   * @example res.vary('Accept-Encoding')
   */
  defineMethod(proto, 'vary', function varyField(this: ResponseInternal, field: string | string[]) {
    if (!style.varyRequiresField && (!field || (Array.isArray(field) && field.length === 0))) {
      deprecate('res.vary(): provide a field name')
      return this
    }
    vary(this, field)
    return this
  })

  /**
   * Adds to the Link header, one `<url>; rel="name"` per entry (5.x: an array
   * gives one rel several links). Chainable.
   * @example res.links({ next: '/users?page=2', last: '/users?page=5' })
   */
  const linkArrays = style.linkArrays
  defineMethod(proto, 'links', function links(this: ResponseInternal, map: Record<string, string | string[]>) {
    const parts: string[] = []
    for (const rel of Object.keys(map)) {
      const targets = map[rel]
      if (linkArrays && Array.isArray(targets)) for (const url of targets) parts.push(`<${url}>; rel="${rel}"`)
      else parts.push(`<${targets}>; rel="${rel}"`)
    }
    const prev = this.get('Link')
    return this.set('Link', (prev ? prev + ', ' : '') + parts.join(', '))
  })
}
