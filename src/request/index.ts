/**
 * The request prototype of a version profile: Node's IncomingMessage
 * prototype extended with the Express request API. Each app derives its own
 * `app.request` from it.
 */
import { IncomingMessage } from 'node:http'
import type { Profile } from '../profile'
import { defineHeaderMembers } from './headers'
import { defineUrlMembers } from './url'

export function createRequestPrototype(profile: Profile): object {
  const proto = Object.create(IncomingMessage.prototype) as object
  defineUrlMembers(proto, profile)
  defineHeaderMembers(proto, profile)
  return proto
}
