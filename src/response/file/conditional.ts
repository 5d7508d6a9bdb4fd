/**
 * Conditional requests against a file's validators (RFC 9110 §13):
 * If-Match / If-Unmodified-Since (412 when they fail), If-None-Match /
 * If-Modified-Since (304 when the client's copy is fresh, via `fresh`), and
 * If-Range (a stale range request gets the whole file).
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import type { FreshFn } from '../../util/validators'

/** Whether the request carries any of the four conditional headers. */
export function isConditional(headers: IncomingHttpHeaders): boolean {
  return (
    headers['if-match'] !== undefined ||
    headers['if-unmodified-since'] !== undefined ||
    headers['if-none-match'] !== undefined ||
    headers['if-modified-since'] !== undefined
  )
}

function headerString(res: ServerResponse, name: string): string | undefined {
  const value = res.getHeader(name)
  return typeof value === 'string' ? value : undefined
}

/** The comma-separated entity tags of an If-Match header. */
function entityTags(header: string): string[] {
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
}

/** If-Match (weak comparison, as `send` does) or else If-Unmodified-Since fails. */
export function preconditionFailed(headers: IncomingHttpHeaders, res: ServerResponse): boolean {
  const match = headers['if-match']
  if (match !== undefined) {
    const etag = headerString(res, 'ETag')
    if (etag === undefined) return true
    if (match.trim() === '*') return false
    return !entityTags(match).some((tag) => tag === etag || tag === 'W/' + etag || 'W/' + tag === etag)
  }
  const since = Date.parse(headers['if-unmodified-since'] ?? '')
  if (!Number.isNaN(since)) {
    const modified = Date.parse(headerString(res, 'Last-Modified') ?? '')
    return Number.isNaN(modified) || modified > since
  }
  return false
}

/** The client's cached copy is still good (If-None-Match / If-Modified-Since). */
export function isFresh(headers: IncomingHttpHeaders, res: ServerResponse, fresh: FreshFn): boolean {
  return fresh(headers, { etag: headerString(res, 'ETag'), 'last-modified': headerString(res, 'Last-Modified') })
}

/** If-Range names the current representation (or is absent). */
export function rangeIsFresh(headers: IncomingHttpHeaders, res: ServerResponse): boolean {
  const ifRange = headers['if-range'] as string | undefined
  if (ifRange === undefined || ifRange === '') return true
  if (ifRange.includes('"')) {
    const etag = headerString(res, 'ETag')
    return etag !== undefined && ifRange.includes(etag)
  }
  const modified = Date.parse(headerString(res, 'Last-Modified') ?? '')
  const since = Date.parse(ifRange)
  return !Number.isNaN(modified) && !Number.isNaN(since) && modified <= since
}
