/**
 * `req.fresh` and `req.stale`: whether the client's cached copy (its
 * If-None-Match / If-Modified-Since) still matches the response's ETag /
 * Last-Modified, so a 304 may be sent instead of the body.
 */
import type { Profile } from '../profile'
import type { FreshFn } from '../util/validators'
import { defineGetter } from '../util/define'
import type { RequestInternal } from './internal'

interface ResponseLike {
  statusCode: number
  getHeader(name: string): unknown
}

/** Whether the response `res` is still fresh in the client's cache, by the version's `fresh`. */
export function isFresh(req: RequestInternal, res: ResponseLike, fresh: FreshFn): boolean {
  const method = req.method
  // Only safe methods are validated: QUERY is safe like GET, and its
  // responses are cacheable (draft-ietf-httpbis-safe-method-w-body).
  if (method !== 'GET' && method !== 'HEAD' && method !== 'QUERY') return false
  // A 2xx (or an explicit 304) is what a validator can confirm (RFC 9110 13.2.1).
  const status = res.statusCode
  if ((status < 200 || status >= 300) && status !== 304) return false
  return fresh(req.headers, {
    etag: res.getHeader('ETag') as string | undefined,
    'last-modified': res.getHeader('Last-Modified') as string | undefined,
  })
}

export function defineFreshnessMembers(proto: object, profile: Profile): void {
  const fresh = profile.validators.fresh

  /**
   * Whether the client's cached copy is still current for the response
   * headers set so far (false with `Cache-Control: no-cache`).
   * @example res.set('ETag', tag); if (req.fresh) return res.sendStatus(304)
   */
  defineGetter(proto, 'fresh', function isFreshGetter(this: RequestInternal) {
    return isFresh(this, this.res as unknown as ResponseLike, fresh)
  })

  /**
   * The opposite of `req.fresh`.
   * @example if (req.stale) res.send(render())
   */
  defineGetter(proto, 'stale', function stale(this: RequestInternal) {
    return !(this as unknown as { fresh: boolean }).fresh
  })
}
