/**
 * The conditional-request and Range rules of each generation's Express, as
 * data for the profiles: `fresh` (req.fresh, the 304 of res.send and of sent
 * files) and `range-parser` (req.range, the 206/416 of sent files), in the
 * versions each one ships:
 * - 5.x: fresh 2 (If-None-Match decides alone when present) and
 *   range-parser 1.3 (a malformed range is -2, so the header is ignored);
 * - 4.x: fresh 0.5 (If-Modified-Since must pass too) and range-parser 1.2
 *   (a range it cannot read is unsatisfiable, -1: a 416);
 * - 3.x: fresh 0.3 (a client's strong tag does not match a weak ETag) and
 *   range-parser 1.0 (no `combine`).
 * The older packages load on their first use, so `require('webfw')` never
 * loads them.
 */
import type { IncomingHttpHeaders } from 'node:http'
import fresh from 'fresh'
import parseRange from 'range-parser'
import { loadOnFirstCall } from './first-use'

export type FreshFn = (reqHeaders: IncomingHttpHeaders, resHeaders: { etag?: string; 'last-modified'?: string }) => boolean
export type RangeFn = (size: number, header: string, options?: { combine?: boolean }) => parseRange.Ranges | parseRange.Result

export interface HttpValidators {
  /** Whether the client's copy is fresh, from its conditional headers and the response's validators. */
  readonly fresh: FreshFn
  /** The Range header's ranges within `size`; -1 unsatisfiable, -2 malformed. */
  readonly parseRange: RangeFn
}

export const validators5: HttpValidators = Object.freeze({ fresh: fresh as FreshFn, parseRange: parseRange as RangeFn })

/* eslint-disable @typescript-eslint/no-require-imports */
export const validators4: HttpValidators = Object.freeze({
  fresh: loadOnFirstCall(() => require('fresh-v0.5') as FreshFn),
  parseRange: loadOnFirstCall(() => require('range-parser-v1.2') as RangeFn),
})

export const validators3: HttpValidators = Object.freeze({
  fresh: loadOnFirstCall(() => require('fresh-v0.3') as FreshFn),
  parseRange: loadOnFirstCall(() => require('range-parser-v1.0') as RangeFn),
})
/* eslint-enable @typescript-eslint/no-require-imports */
