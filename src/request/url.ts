/**
 * URL-derived request members: `req.query` (parsed once per distinct query
 * string, by the `query parser fn` setting), `req.path`, and the parseurl
 * cache slot `req._parsedUrl` that middleware reads and writes.
 */
import parseUrl from 'parseurl'
import type { Profile } from '../profile'
import { fastPathnameEnd } from '../router/shape'
import { defineAccessor, defineGetter } from '../util/define'
import { kParsedUrl, kQuery, kQuerySource, type RequestInternal } from './internal'

type QueryParser = ((str: string) => unknown) | undefined

function queryString(req: RequestInternal): string {
  const url = req.url
  if (typeof url !== 'string') return ''
  const end = fastPathnameEnd(url)
  if (end >= 0) return end === url.length ? '' : url.slice(end + 1)
  const parsed = parseUrl(req)
  const query = parsed ? parsed.query : null
  return typeof query === 'string' ? query : ''
}

export function defineUrlMembers(proto: object, profile: Profile): void {
  const whenNoParser = profile.query.whenNoParser
  defineAccessor(
    proto,
    'query',
    function query(this: RequestInternal) {
      // Parsed once per URL: repeated reads are free and see the same object;
      // a rewritten req.url is parsed again.
      const url = this.url
      if (this[kQuerySource] === url) return this[kQuery]
      const parse = this.app.get('query parser fn') as QueryParser
      const value = parse ? parse(queryString(this)) : whenNoParser(queryString(this))
      this[kQuerySource] = url
      this[kQuery] = value
      return value
    },
    function setQuery(this: RequestInternal, value: unknown) {
      this[kQuerySource] = this.url
      this[kQuery] = value
    },
  )

  defineGetter(proto, 'path', function path(this: RequestInternal) {
    const url = this.url
    if (typeof url === 'string') {
      const end = fastPathnameEnd(url)
      if (end >= 0) return end === url.length ? url : url.slice(0, end)
    }
    const parsed = parseUrl(this)
    return parsed ? parsed.pathname : undefined
  })

  // parseurl keeps its cache on req._parsedUrl; keep it a plain slot so that
  // middleware that reads or writes it behaves as under Express.
  Object.defineProperty(proto, '_parsedUrl', {
    configurable: true,
    enumerable: false,
    get(this: RequestInternal) {
      return this[kParsedUrl]
    },
    set(this: RequestInternal, value: unknown) {
      this[kParsedUrl] = value
    },
  })
}
