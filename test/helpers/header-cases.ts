/**
 * The application side of the checks that webfw's direct header writes
 * (src/response/header-table.ts) change nothing an application can see,
 * shared by the HTTP/1.1 tests (test/response/header-table.test.ts) and the
 * HTTP/2 ones (test/http2/header-table.test.ts), which each serve them over
 * their own transport and assert on what they record.
 */
import assert from 'node:assert/strict'
import type { Any } from './webfw'

/** The headers a JSON response of `{ a: 1 }` carries from webfw, in the order it sets them. */
export const OWN_HEADER_NAMES = ['x-powered-by', 'content-type', 'content-length', 'etag']

/**
 * An app answering `res.json({ a: 1 })` under a writeHead hook (as
 * on-headers installs one) that records what the header API reports, then
 * removes X-Powered-By.
 */
export function hookedJsonApp(factory: Any): { app: Any; seen: () => Record<string, unknown> } {
  const app = factory()
  let seen: Record<string, unknown> = {}
  app.use((_req: unknown, res: Any, next: () => void) => {
    const writeHead = res.writeHead
    res.writeHead = function hooked(this: Any, ...args: unknown[]) {
      seen = { ...this.getHeaders(), hasETag: this.hasHeader('etag'), type: this.getHeader('Content-Type'), names: this.getHeaderNames() }
      this.removeHeader('X-Powered-By')
      return writeHead.apply(this, args)
    }
    next()
  })
  app.get('/', (_req: unknown, res: Any) => res.json({ a: 1 }))
  return { app, seen: () => seen }
}

/** Asserts what `hookedJsonApp`'s hook saw, given the response's headers on the wire. */
export function assertHookSaw(seen: Record<string, unknown>, sent: Record<string, unknown>): void {
  assert.equal(seen['x-powered-by'], 'webfw')
  assert.equal(seen['content-type'], 'application/json; charset=utf-8')
  assert.equal(seen.type, 'application/json; charset=utf-8')
  assert.equal(seen['content-length'], '7')
  assert.equal(seen.etag, sent.etag)
  assert.equal(seen.hasETag, true)
  assert.deepEqual(seen.names, OWN_HEADER_NAMES)
  assert.equal(sent['x-powered-by'], undefined)
  assert.equal(sent['content-type'], 'application/json; charset=utf-8')
}

/**
 * Wraps `res.setHeader` and `res.getHeader` on the response itself, as an
 * agent wrapping every response would, recording the names they are called
 * with (`sets` as given, `gets` lower-cased); the wrapped setHeader appends
 * "; wrapped" to a Content-Type, so that its part shows on the wire.
 */
export function wrapHeaderCalls(res: Any, sets: string[], gets: string[]): void {
  const setHeader = res.setHeader
  const getHeader = res.getHeader
  res.setHeader = function wrapped(this: Any, name: string, value: unknown) {
    sets.push(name)
    return setHeader.call(this, name, name === 'Content-Type' ? `${String(value)}; wrapped` : value)
  }
  res.getHeader = function wrapped(this: Any, name: string) {
    gets.push(name.toLowerCase())
    return getHeader.call(this, name)
  }
}

/**
 * An app whose handler ends the response, then calls res.json and res.send
 * again, recording the error code each throws (or "no error").
 */
export function sendAfterEndApp(factory: Any): { app: Any; codes: unknown[] } {
  const app = factory()
  const codes: unknown[] = []
  app.get('/', (_req: unknown, res: Any) => {
    res.end('done')
    for (const again of [() => res.json({ a: 1 }), () => res.send('<p>again</p>')]) {
      try {
        again()
        codes.push('no error')
      } catch (err) {
        codes.push((err as { code?: unknown }).code)
      }
    }
  })
  return { app, codes }
}
