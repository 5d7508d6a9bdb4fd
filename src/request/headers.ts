/**
 * Header-derived request members needed by routing: `req.get`/`req.header`,
 * `req.host` (5.x, with port) and `req.hostname`, both honouring
 * `X-Forwarded-Host` when `trust proxy` trusts the peer.
 */
import type { Profile } from '../profile'
import { defineGetter, defineMethod } from '../util/define'
import type { RequestInternal } from './internal'

type Trust = (addr: string | undefined, i: number) => boolean

export function getHeader(req: RequestInternal, name: unknown): string | string[] | undefined {
  if (!name) throw new TypeError('name argument is required to req.get')
  if (typeof name !== 'string') throw new TypeError('name must be a string to req.get')
  const lc = name.toLowerCase()
  if (lc === 'referer' || lc === 'referrer') return req.headers.referrer || req.headers.referer
  return req.headers[lc]
}

/** Host header value, or the first X-Forwarded-Host value from a trusted proxy. */
export function forwardedHost(req: RequestInternal): string | undefined {
  const trust = req.app.get('trust proxy fn') as Trust
  let val = req.headers['x-forwarded-host'] as string | undefined
  if (!val || !trust(req.socket ? req.socket.remoteAddress : undefined, 0)) {
    val = req.headers.host
  } else if (val.indexOf(',') !== -1) {
    val = val.substring(0, val.indexOf(',')).trimEnd()
  }
  return val || undefined
}

export function defineHeaderMembers(proto: object, profile: Profile): void {
  defineMethod(proto, 'get', function get(this: RequestInternal, name: unknown) {
    return getHeader(this, name)
  })
  defineMethod(proto, 'header', function header(this: RequestInternal, name: unknown) {
    return getHeader(this, name)
  })

  if (profile.requestHost) {
    defineGetter(proto, 'host', function host(this: RequestInternal) {
      return forwardedHost(this)
    })
  }

  defineGetter(proto, 'hostname', function hostname(this: RequestInternal) {
    const host = forwardedHost(this)
    if (!host) return undefined
    // IPv6 literal support
    const offset = host[0] === '[' ? host.indexOf(']') + 1 : 0
    const index = host.indexOf(':', offset)
    return index !== -1 ? host.substring(0, index) : host
  })
}
