/**
 * `res.format`: picks a callback by the request's Accept header. Keys are
 * MIME types (parameters allowed) or extension names; the chosen key's type
 * becomes the Content-Type; no match runs `default` or passes a 406 error
 * (with the offered `types`) to `next`.
 */
import createError from 'http-errors'
import type { Profile } from '../profile'
import type { MediaTypes } from '../util/media-types'
import { defineMethod } from '../util/define'
import type { ResponseInternal } from './internal'

type Handler = (req: unknown, res: unknown, next: unknown) => void

/** The media type a format key stands for, without parameters. */
export function keyType(key: string, media: MediaTypes): string {
  if (key.indexOf('/') === -1) return media.typeOf(key)
  const semi = key.indexOf(';')
  return (semi === -1 ? key : key.slice(0, semi)).trim()
}

export function defineFormatMembers(proto: object, profile: Profile): void {
  const media = profile.media
  const typeOfKey = (key: string) => keyType(key, media)
  /**
   * Runs the callback of the best-accepted type; without an Accept header
   * the first. Sets `Vary: Accept`. Chainable.
   * @example
   * res.format({
   *   text: () => res.send('hey'),
   *   'application/json': () => res.send({ message: 'hey' }),
   *   default: () => res.status(406).send('Not Acceptable'),
   * })
   */
  defineMethod(proto, 'format', function format(this: ResponseInternal, obj: Record<string, Handler>) {
    const req = this.req as unknown as { accepts(types: string[]): string | false; next: (err?: unknown) => void }
    const next = req.next
    const keys = Object.keys(obj).filter((k) => k !== 'default')
    const key = keys.length > 0 ? req.accepts(keys) : false
    this.vary('Accept')
    if (key) {
      this.set('Content-Type', media.formatType(typeOfKey(key)))
      obj[key](req, this, next)
    } else if (obj.default) {
      obj.default(req, this, next)
    } else {
      next(createError(406, { types: keys.map(typeOfKey) }))
    }
    return this
  })
}
