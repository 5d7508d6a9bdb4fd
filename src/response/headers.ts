/**
 * Status and header members needed to serve routes: `res.status`,
 * `res.set`/`res.header`, `res.get`, `res.type`/`res.contentType`.
 */
import mime from 'mime-types'
import type { Profile } from '../profile'
import { contentTypeFor } from '../util/content-type'
import { defineMethod } from '../util/define'
import type { ResponseInternal } from './internal'

export function defineHeaderMembers(proto: object, _profile: Profile): void {
  defineMethod(proto, 'status', function status(this: ResponseInternal, code: unknown) {
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

  function set(this: ResponseInternal, field: unknown, val?: unknown): ResponseInternal {
    if (arguments.length === 2) {
      let value: string | string[] = Array.isArray(val) ? val.map(String) : String(val)
      if ((field as string).toLowerCase() === 'content-type') {
        if (Array.isArray(value)) throw new TypeError('Content-Type cannot be set to an Array')
        value = contentTypeFor(value)
      }
      this.setHeader(field as string, value)
    } else {
      const fields = field as Record<string, unknown>
      for (const key in fields) this.set(key, fields[key])
    }
    return this
  }
  defineMethod(proto, 'set', set)
  defineMethod(proto, 'header', set)

  defineMethod(proto, 'get', function get(this: ResponseInternal, field: string) {
    return this.getHeader(field)
  })

  function type(this: ResponseInternal, value: string): ResponseInternal {
    const ct = value.indexOf('/') === -1 ? mime.contentType(value) || 'application/octet-stream' : value
    return this.set('Content-Type', ct)
  }
  defineMethod(proto, 'type', type)
  defineMethod(proto, 'contentType', type)
}
