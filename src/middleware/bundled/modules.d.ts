/**
 * Declarations for the two modules used here that ship no types of their
 * own: on-headers, and express-session's Cookie class (required by path, so
 * cookieSession does not load the whole session middleware).
 */
declare module 'on-headers' {
  import type { ServerResponse } from 'node:http'
  function onHeaders(res: ServerResponse, listener: (this: ServerResponse) => void): void
  export = onHeaders
}

declare module 'express-session/session/cookie' {
  class Cookie {
    constructor(options?: Record<string, unknown>)
    path: string
    maxAge: number | null
    originalMaxAge: number | null
    expires: Date | null | undefined
    httpOnly: boolean
    secure?: boolean
    domain?: string
    sameSite?: boolean | string
    serialize(name: string, value: string): string
  }
  export = Cookie
}
