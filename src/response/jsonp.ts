/**
 * `res.jsonp`: JSON, or a JavaScript call of the callback named by the query
 * parameter of the `jsonp callback name` setting. The callback name keeps
 * only identifier characters, dots and brackets, so it can name a function
 * but never run code of its own; the body starts with an empty comment (so
 * it cannot be read as a Flash file) and is served with `nosniff`.
 */
import type { Profile } from '../profile'
import { defineMethod } from '../util/define'
import type { ResponseInternal } from './internal'
import { stringify } from './send'

const NOT_CALLBACK_CHAR = /[^\w$.[\]]/g
const LINE_SEPARATOR = /\u2028/g
const PARAGRAPH_SEPARATOR = /\u2029/g

export function defineJsonpMembers(proto: object, _profile: Profile): void {
  /**
   * Sends `obj` as JSON, wrapped in a call to `?callback=` when given.
   * @example // GET /?callback=show
   * res.jsonp({ user: 'tobi' }) // /**\/ typeof show === 'function' && show({"user":"tobi"});
   */
  defineMethod(proto, 'jsonp', function jsonp(this: ResponseInternal, obj?: unknown) {
    const app = this.app
    let body: string | undefined = stringify(obj, app.get('json replacer'), app.get('json spaces'), app.get('json escape'))
    const query = (this.req as unknown as { query: Record<string, unknown> }).query
    let callback = query ? query[app.get('jsonp callback name') as string] : undefined
    if (Array.isArray(callback)) callback = callback[0]

    if (!this.getHeader('Content-Type')) {
      this.setHeader('X-Content-Type-Options', 'nosniff')
      this.set('Content-Type', 'application/json')
    }

    if (typeof callback === 'string' && callback.length !== 0) {
      this.setHeader('X-Content-Type-Options', 'nosniff')
      this.set('Content-Type', 'text/javascript')
      const name = callback.replace(NOT_CALLBACK_CHAR, '')
      if (body === undefined) {
        body = ''
      } else {
        // Valid in JSON, but line terminators in older JavaScript.
        body = body.replace(LINE_SEPARATOR, '\\u2028').replace(PARAGRAPH_SEPARATOR, '\\u2029')
      }
      body = `/**/ typeof ${name} === 'function' && ${name}(${body});`
    }
    return this.send(body)
  })
}
