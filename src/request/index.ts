/**
 * The request prototype of a version profile: Node's IncomingMessage
 * prototype extended with the Express request API. Each app derives its own
 * `app.request` from it.
 */
import { IncomingMessage } from 'node:http'
import type { Profile } from '../profile'
import { defineFreshnessMembers } from './freshness'
import { defineHeaderMembers } from './headers'
import { defineHostMembers } from './host'
import { defineNegotiationMembers } from './negotiation'
import { defineProxyMembers } from './proxy'
import { defineRangeMembers } from './range'
import { defineUrlMembers } from './url'

export function createRequestPrototype(profile: Profile): object {
  const proto = Object.create(IncomingMessage.prototype) as object
  defineHeaderMembers(proto, profile)
  defineNegotiationMembers(proto, profile)
  defineRangeMembers(proto, profile)
  defineUrlMembers(proto, profile)
  defineProxyMembers(proto, profile)
  defineHostMembers(proto, profile)
  defineFreshnessMembers(proto, profile)
  return proto
}
