/**
 * URL-derived request members: `req.query` (parsed by the `query parser fn`
 * setting, on first read), `req.path`, and the parseurl cache slot
 * `req._parsedUrl` that middleware reads and writes.
 *
 * 5.x: `req.query` follows `req.url` (parsed again when it was rewritten).
 * 4.x: as Express 4's query middleware, the query of the URL the app was
 * entered with, kept for the whole request — so a value assigned or changed
 * by one middleware is what a router mounted further on sees.
 */
import parseUrl from 'parseurl'
import type { Profile } from '../profile'
import { fastPathnameEnd } from '../router/shape'
import { defineAccessor, defineGetter } from '../util/define'
import { kParsedUrl, kQuery, kQuerySource, type RequestInternal } from './internal'

type QueryParser = ((str: string) => unknown) | undefined

/** The query string of `url` (`reparse` parses it when the fast scan cannot). */
function queryString(url: unknown, reparse: () => ReturnType<typeof parseUrl>): string {
  if (typeof url !== 'string') return ''
  const end = fastPathnameEnd(url)
  if (end >= 0) return end === url.length ? '' : url.slice(end + 1)
  const parsed = reparse()
  const query = parsed ? parsed.query : null
  return typeof query === 'string' ? query : ''
}

/** Assigned by the application (4.x): kept whatever the URL. */
const ASSIGNED = '\0assigned'

export function defineUrlMembers(proto: object, profile: Profile): void {
  const { whenNoParser, persistent } = profile.query

  function parseQuery(req: RequestInternal, str: string): unknown {
    const parse = req.app.get('query parser fn') as QueryParser
    return parse ? parse(str) : whenNoParser(str)
  }

  defineAccessor(
    proto,
    'query',
    persistent
      ? function query(this: RequestInternal) {
          if (this[kQuerySource] !== undefined) return this[kQuery]
          const value = parseQuery(this, queryString(this.originalUrl ?? this.url, () => parseUrl.original(this)))
          this[kQuerySource] = ASSIGNED
          this[kQuery] = value
          return value
        }
      : function query(this: RequestInternal) {
          // Parsed once per URL: repeated reads are free and see the same
          // object; a rewritten req.url is parsed again.
          const url = this.url
          if (this[kQuerySource] === url) return this[kQuery]
          const value = parseQuery(this, queryString(url, () => parseUrl(this)))
          this[kQuerySource] = url
          this[kQuery] = value
          return value
        },
    function setQuery(this: RequestInternal, value: unknown) {
      this[kQuerySource] = persistent ? ASSIGNED : this.url
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
