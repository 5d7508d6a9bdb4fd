/** Typings for cookie 0.7 (the serializer of Express 5's and 4's `res.cookie`), installed as `cookie-v0`. */
declare module 'cookie-v0' {
  export interface SerializeOptions {
    domain?: string
    encode?: (value: string) => string
    expires?: Date
    httpOnly?: boolean
    maxAge?: number
    partitioned?: boolean
    path?: string
    priority?: 'low' | 'medium' | 'high' | string
    sameSite?: boolean | 'lax' | 'strict' | 'none' | string
    secure?: boolean
  }
  /** `name=value` with its attributes; a TypeError ("argument name is invalid", "option path is invalid" ...) outside RFC 6265. */
  export function serialize(name: string, value: string, options?: SerializeOptions): string
}
