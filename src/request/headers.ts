/**
 * Plain header readers: `req.get`/`req.header` (case-insensitive, with
 * `Referer` and `Referrer` interchangeable) and `req.xhr`.
 */
import type { Profile } from '../profile'
import { defineGetter, defineMethod } from '../util/define'
import type { RequestInternal } from './internal'

export function getHeader(req: RequestInternal, name: unknown): string | string[] | undefined {
  if (!name) throw new TypeError('name argument is required to req.get')
  if (typeof name !== 'string') throw new TypeError('name must be a string to req.get')
  const lc = name.toLowerCase()
  if (lc === 'referer' || lc === 'referrer') return req.headers.referrer || req.headers.referer
  return req.headers[lc]
}

export function defineHeaderMembers(proto: object, _profile: Profile): void {
  /**
   * A request header by case-insensitive name; undefined when absent.
   * @example req.get('content-type') // 'application/json'
   */
  defineMethod(proto, 'get', function get(this: RequestInternal, name: unknown) {
    return getHeader(this, name)
  })
  defineMethod(proto, 'header', function header(this: RequestInternal, name: unknown) {
    return getHeader(this, name)
  })

  /**
   * Whether the client says it is an XMLHttpRequest.
   * @example if (req.xhr) res.json(data); else res.render('page', data)
   */
  defineGetter(proto, 'xhr', function xhr(this: RequestInternal) {
    const val = this.headers['x-requested-with']
    return typeof val === 'string' && val.toLowerCase() === 'xmlhttprequest'
  })
}
