/**
 * The response prototype of a version profile: Node's ServerResponse
 * prototype extended with the Express response API. Each app derives its own
 * `app.response` from it.
 */
import { ServerResponse } from 'node:http'
import type { Profile } from '../profile'
import { defineHeaderMembers } from './headers'
import { kLocals, type ResponseInternal } from './internal'
import { defineRenderMembers } from './render'
import { defineSendMembers } from './send'
import { defineTransferMembers } from './transfer'

export function createResponsePrototype(profile: Profile): object {
  const proto = Object.create(ServerResponse.prototype) as object
  // res.locals is created on first use rather than on every request.
  Object.defineProperty(proto, 'locals', {
    configurable: true,
    enumerable: true,
    get(this: ResponseInternal) {
      return this[kLocals] ?? (this[kLocals] = Object.create(null))
    },
    set(this: ResponseInternal, value: Record<string, unknown>) {
      this[kLocals] = value
    },
  })
  defineHeaderMembers(proto, profile)
  defineSendMembers(proto, profile)
  defineRenderMembers(proto, profile)
  defineTransferMembers(proto, profile)
  return proto
}
