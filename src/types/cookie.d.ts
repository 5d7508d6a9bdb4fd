/** Typings for cookie 0.7, the version Express 5 and 4 use (`res.cookie`'s serializer; the 3.x built-ins' parser). */
declare module 'cookie' {
  export interface ParseOptions {
    /** Decodes each value (decodeURIComponent by default); a throw keeps the value as it came. */
    decode?: (value: string) => string
  }
  /** The `name=value` pairs of a Cookie header: the first of repeated names wins, quotes around a value are removed. */
  export function parse(str: string, options?: ParseOptions): Record<string, string>
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
