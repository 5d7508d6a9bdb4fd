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
import { defineParamMembers } from './param'
import { defineProxyMembers } from './proxy'
import { defineRangeMembers } from './range'
import { defineUrlMembers } from './url'
import { defineAccessor } from '../util/define'
import { kFiles, type RequestInternal } from './internal'

/**
 * 3.x: `req.files`, the uploaded files a multipart parser sets; `{}` until
 * one does (created on first read, not on every request).
 * @example req.files.avatar // { path, name, type, size ... } after a multipart upload
 */
function defineFilesMember(proto: object): void {
  defineAccessor(
    proto,
    'files',
    function files(this: RequestInternal) {
      return this[kFiles] ?? (this[kFiles] = {})
    },
    function setFiles(this: RequestInternal, value: Record<string, unknown>) {
      this[kFiles] = value
    },
  )
}

export function createRequestPrototype(profile: Profile): object {
  const proto = Object.create(IncomingMessage.prototype) as object
  defineHeaderMembers(proto, profile)
  defineNegotiationMembers(proto, profile)
  defineRangeMembers(proto, profile)
  defineUrlMembers(proto, profile)
  defineProxyMembers(proto, profile)
  defineHostMembers(proto, profile)
  defineFreshnessMembers(proto, profile)
  defineParamMembers(proto, profile)
  if (profile.request.files) defineFilesMember(proto)
  return proto
}
