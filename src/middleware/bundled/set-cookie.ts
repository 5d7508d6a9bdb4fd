/**
 * Adding a Set-Cookie line to a response without dropping the ones other
 * middleware set (Connect 2's cookieSession and csurf replaced them).
 */
import type { ServerResponse } from 'node:http'

/**
 * @example
 * appendSetCookie(res, 'theme=dark; Path=/')
 */
export function appendSetCookie(res: ServerResponse, line: string): void {
  const prev = res.getHeader('Set-Cookie')
  res.setHeader('Set-Cookie', prev === undefined ? line : ([] as string[]).concat(prev as string | string[], line))
}
