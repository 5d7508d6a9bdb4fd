/**
 * Host-derived request members: `req.host`, `req.hostname` and
 * `req.subdomains`. All read `X-Forwarded-Host` instead of `Host` when
 * `trust proxy` trusts the peer; only the first value counts, since Node
 * joins repeated headers with ", ".
 *
 * `req.host` is one name with two meanings, chosen by the profile's
 * `request.host`: the host *with* its port in 5.x, and the host without it
 * (the value of `req.hostname`) in 4.x, where it is deprecated, and in 3.x.
 */
import { isIP } from 'node:net'
import type { Profile } from '../profile'
import { defineGetter } from '../util/define'
import { deprecate } from '../util/deprecate'
import type { RequestInternal } from './internal'
import { trustsPeer } from './proxy'

/** Host header value, or the first X-Forwarded-Host value from a trusted proxy. */
export function forwardedHost(req: RequestInternal): string | undefined {
  let val = req.headers['x-forwarded-host'] as string | undefined
  if (!val || !trustsPeer(req)) {
    val = req.headers.host
  } else {
    const comma = val.indexOf(',')
    if (comma !== -1) val = val.substring(0, comma).trimEnd()
  }
  return val || undefined
}

/** The host without its port; an IPv6 literal keeps its brackets. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined
  const offset = host[0] === '[' ? host.indexOf(']') + 1 : 0
  const index = host.indexOf(':', offset)
  return index !== -1 ? host.substring(0, index) : host
}

export function defineHostMembers(proto: object, profile: Profile): void {
  const { host: hostStyle, hostDeprecation } = profile.request
  const withPort = hostStyle === 'with-port'
  if (withPort) {
    /**
     * Host the client asked for, port included.
     * @example // Host: example.com:3000
     * req.host // 'example.com:3000'
     */
    defineGetter(proto, 'host', function host(this: RequestInternal) {
      return forwardedHost(this)
    })
  } else if (hostStyle === 'without-port') {
    /**
     * Host name without the port: the older name of `req.hostname`.
     * @example // Host: example.com:3000
     * req.host // 'example.com' (4.x warns once: use req.hostname)
     */
    defineGetter(proto, 'host', function host(this: RequestInternal) {
      if (hostDeprecation !== undefined) deprecate(hostDeprecation)
      return (this as unknown as { hostname: string | undefined }).hostname
    })
  }

  /**
   * Host name without the port.
   * @example // Host: example.com:3000
   * req.hostname // 'example.com'
   */
  // Read through `this.host` like Express, so an app overriding one getter
  // sees the others follow.
  const hostOf = withPort
    ? (req: RequestInternal) => (req as unknown as { host: string | undefined }).host
    : forwardedHost
  defineGetter(proto, 'hostname', function hostname(this: RequestInternal) {
    return hostnameOf(hostOf(this))
  })

  /**
   * Dot-separated parts of the host name before the app's domain, most
   * specific first; `subdomain offset` parts are taken as the domain.
   * @example // Host: tobi.ferrets.example.com
   * req.subdomains // ['ferrets', 'tobi']
   */
  defineGetter(proto, 'subdomains', function subdomains(this: RequestInternal) {
    const hostname = (this as unknown as { hostname: string | undefined }).hostname
    if (!hostname) return []
    const offset = this.app.get('subdomain offset') as number
    // An IP address has no subdomains: it is one part.
    const parts = isIP(hostname) ? [hostname] : hostname.split('.').reverse()
    return parts.slice(offset)
  })
}
