/**
 * `req.param(name, [defaultValue])` (4.x, deprecated): a value from the route
 * parameters, then the parsed body, then the query string — whichever has it
 * first (null and undefined count as absent) — else the default.
 */
import type { Profile } from '../profile'
import { defineMethod } from '../util/define'
import { deprecate } from '../util/deprecate'
import type { RequestInternal } from './internal'

const hasOwn = Object.prototype.hasOwnProperty

export function defineParamMembers(proto: object, profile: Profile): void {
  if (!profile.request.param) return
  /**
   * @example // POST /users/42?sort=name with body { name: 'tobi' }
   * req.param('id') // '42'
   * req.param('name') // 'tobi'
   * req.param('page', 1) // 1
   */
  defineMethod(proto, 'param', function param(this: RequestInternal & { body?: unknown; query?: unknown }, name: string, defaultValue?: unknown) {
    deprecate(`req.param(${arguments.length === 1 ? 'name' : 'name, default'}): use req.params, req.body or req.query`)
    const params = (this.params || {}) as Record<string, unknown>
    const body = (this.body || {}) as Record<string, unknown>
    const query = (this.query || {}) as Record<string, unknown>
    // Route parameters count only as own properties: `constructor` is not a parameter.
    if (params[name] != null && hasOwn.call(params, name)) return params[name]
    if (body[name] != null) return body[name]
    if (query[name] != null) return query[name]
    return defaultValue
  })
}
