/**
 * The response prototype of a version profile: Node's ServerResponse
 * prototype extended with the Express response API. Each app derives its own
 * `app.response` from it.
 */
import { ServerResponse } from 'node:http'
import type { Profile } from '../profile'
import { defineAttachmentMembers } from './attachment'
import { defineConnectHeaderMembers } from './charset'
import { defineCookieMembers } from './cookies'
import { defineFormatMembers } from './format'
import { storeHeader } from './head'
import { defineHeaderMembers } from './headers'
import { kLocals, type ResponseInternal } from './internal'
import { defineJsonpMembers } from './jsonp'
import { defineLocationMembers } from './location'
import { defineRenderMembers } from './render'
import { defineSendMembers } from './send'
import { defineTransferMembers } from './transfer'
import { createLocals } from '../util/locals'

export function createResponsePrototype(profile: Profile): object {
  const proto = Object.create(ServerResponse.prototype) as object
  /**
   * Variables for templates rendered during this request only.
   * @example res.locals.user = req.user; res.render('home')
   */
  // Created on first use rather than on every request.
  const newLocals = profile.app.localsFunction ? () => createLocals('res.locals') : () => Object.create(null)
  Object.defineProperty(proto, 'locals', {
    configurable: true,
    enumerable: true,
    get(this: ResponseInternal) {
      return this[kLocals] ?? (this[kLocals] = newLocals())
    },
    set(this: ResponseInternal, value: Record<string, unknown>) {
      this[kLocals] = value
    },
  })
  // node:http's head writer, for the heads webfw can write without its
  // per-header work (./head.ts).
  Object.defineProperty(proto, '_storeHeader', { configurable: true, writable: true, value: storeHeader })
  if (profile.response.connectHeaders) defineConnectHeaderMembers(proto)
  defineHeaderMembers(proto, profile)
  defineSendMembers(proto, profile)
  defineJsonpMembers(proto, profile)
  defineFormatMembers(proto, profile)
  defineLocationMembers(proto, profile)
  defineCookieMembers(proto, profile)
  defineAttachmentMembers(proto, profile)
  defineRenderMembers(proto, profile)
  defineTransferMembers(proto, profile)
  return proto
}
