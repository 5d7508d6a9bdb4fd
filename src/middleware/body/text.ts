/**
 * `text([options])`: decodes the body to a string in `req.body` using the
 * Content-Type's charset, or `defaultCharset` (default "utf-8") when it names
 * none. Any charset iconv-lite knows is accepted.
 */
import type { Profile } from '../../profile'
import { charsetExists } from './charset'
import { normalizeCommonOptions, type BodyParserOptions } from './options'
import { createParser, type Middleware } from './parser'

export interface TextOptions extends BodyParserOptions {
  defaultCharset?: string
}

function keepText(body: string | Buffer): string {
  return body as string
}

function anyCharset(): boolean {
  return true
}

export function createText(profile: Profile): (options?: TextOptions) => Middleware {
  /**
   * Reads `text/plain` bodies into `req.body` as a string.
   *
   * @example
   * app.use(webfw.text({ type: 'text/*', defaultCharset: 'iso-8859-1' }))
   */
  return function text(options?: TextOptions): Middleware {
    const common = normalizeCommonOptions(options, 'text/plain', profile.body)
    const fallback = String(options?.defaultCharset || 'utf-8').toLowerCase()
    if (!charsetExists(fallback)) throw new TypeError(`option defaultCharset "${fallback}" is not a known charset`)
    return createParser({ name: 'textParser', charset: { fallback, accepts: anyCharset }, parse: keepText }, common, profile)
  }
}
