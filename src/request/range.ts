/**
 * `req.range`: the Range header parsed by the version's range-parser against
 * a resource size (linear in the header length).
 */
import type parseRange from 'range-parser'
import type { Profile } from '../profile'
import { defineMethod } from '../util/define'
import type { RequestInternal } from './internal'

export function defineRangeMembers(proto: object, profile: Profile): void {
  const parseRange = profile.validators.parseRange

  /**
   * The ranges of the Range header capped to `size`, as an array with a
   * `type` property ("bytes") of `{ start, end }` (inclusive); -1 when
   * unsatisfiable, -2 when malformed, undefined without the header.
   * `{ combine: true }` merges overlapping and adjacent ranges.
   * @example // Range: bytes=0-99,50-199
   * req.range(1000, { combine: true }) // [{ start: 0, end: 199 }], type 'bytes'
   */
  defineMethod(proto, 'range', function range(this: RequestInternal, size: number, options?: parseRange.Options) {
    // Through req.get, as Express reads it (an app may override req.get).
    const header = this.get('Range') as string | undefined
    if (!header) return undefined
    return parseRange(size, header, options)
  })
}
