/**
 * Members decided by the `trust proxy` setting: `req.ip`, `req.ips`,
 * `req.protocol` and `req.secure`. The compiled `trust proxy fn` is asked
 * about each address from the socket outwards (proxy-addr semantics), so
 * every form of the setting (Boolean, names, addresses, subnets, lists, hop
 * count, function) applies the same way to all of them.
 */
import proxyaddr from 'proxy-addr'
import { trustNone, type TrustFn } from '../app/settings'
import type { Profile } from '../profile'
import { defineGetter } from '../util/define'
import type { RequestInternal } from './internal'

function trustOf(req: RequestInternal): TrustFn {
  return req.app.get('trust proxy fn') as TrustFn
}

/** Whether `trust proxy` trusts the socket's peer, i.e. the X-Forwarded-* headers it sent. */
export function trustsPeer(req: RequestInternal): boolean {
  // A destroyed socket has no address: the trust function decides, as under Express.
  const trust = trustOf(req) as (addr: string | undefined, i: number) => boolean
  return trust(req.socket ? req.socket.remoteAddress : undefined, 0)
}

/** "https" on a TLS socket, else "http"; a trusted proxy's X-Forwarded-Proto wins. */
export function protocolOf(req: RequestInternal): string {
  const socket = req.socket as (typeof req.socket & { encrypted?: boolean }) | undefined
  const proto = socket && socket.encrypted ? 'https' : 'http'
  if (!trustsPeer(req)) return proto
  const header = req.headers['x-forwarded-proto']
  const value = typeof header === 'string' && header !== '' ? header : proto
  // Normally one value, but a chain of proxies may have appended theirs.
  const comma = value.indexOf(',')
  return (comma !== -1 ? value.substring(0, comma) : value).trim()
}

export function defineProxyMembers(proto: object, _profile: Profile): void {
  /**
   * The client address: the socket's peer, or the untrusted address nearest
   * the app in X-Forwarded-For when proxies are trusted.
   * @example app.set('trust proxy', 'loopback'); app.get('/', (req, res) => res.send(req.ip))
   */
  defineGetter(proto, 'ip', function ip(this: RequestInternal) {
    const trust = trustOf(this)
    if (trust === trustNone) {
      const socket = this.socket
      return socket ? socket.remoteAddress : undefined
    }
    return proxyaddr(this, trust)
  })

  /**
   * The X-Forwarded-For addresses up to the first untrusted one, client
   * first; [] when the peer is not trusted.
   * @example // X-Forwarded-For: client, proxy1 (from a trusted proxy2)
   * req.ips // ['client', 'proxy1']
   */
  defineGetter(proto, 'ips', function ips(this: RequestInternal) {
    const addrs = proxyaddr.all(this, trustOf(this))
    // proxy-addr lists the socket address first: drop it, client first.
    addrs.reverse().pop()
    return addrs
  })

  /**
   * "http" or "https".
   * @example if (req.protocol !== 'https') res.redirect(301, 'https://' + req.host + req.originalUrl)
   */
  defineGetter(proto, 'protocol', function protocol(this: RequestInternal) {
    return protocolOf(this)
  })

  /**
   * Whether `req.protocol` is "https".
   * @example if (!req.secure) return res.sendStatus(403)
   */
  defineGetter(proto, 'secure', function secure(this: RequestInternal) {
    return (this as unknown as { protocol: string }).protocol === 'https'
  })
}
