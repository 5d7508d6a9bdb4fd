/**
 * `raw([options])`: hands the body over as a Buffer in `req.body`, whatever
 * its charset. Only the shared options apply.
 */
import type { Profile } from '../../profile'
import { normalizeCommonOptions, type BodyParserOptions } from './options'
import { createParser, type Middleware } from './parser'

function keepBytes(body: string | Buffer): Buffer {
  return body as Buffer
}

export function createRaw(profile: Profile): (options?: BodyParserOptions) => Middleware {
  /**
   * Reads `application/octet-stream` bodies into `req.body` as a Buffer.
   *
   * @example
   * app.post('/upload', webfw.raw({ type: 'image/*', limit: '5mb' }), (req, res) => res.send(req.body.length))
   */
  return function raw(options?: BodyParserOptions): Middleware {
    return createParser({ name: 'rawParser', parse: keepBytes }, normalizeCommonOptions(options, 'application/octet-stream', profile.body), profile)
  }
}
