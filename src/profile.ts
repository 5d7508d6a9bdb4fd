/**
 * Version profiles: every difference between the 5.x and 4.x behaviour of the
 * framework, as data read by the one shared implementation.
 */
import { path5 } from './router/path5'
import type { PathSyntax } from './router/path-syntax'

export interface Profile {
  /** Major version this profile reproduces. */
  readonly major: 5 | 4
  /** Default of the `query parser` setting. */
  readonly queryParser: 'simple' | 'extended'
  /** `req.body` when no parser ran or nothing was parsed. */
  readonly emptyBody: 'undefined' | 'object'
  /** Default of `urlencoded({ extended })`. */
  readonly urlencodedExtended: boolean
  /** Default of `static({ dotfiles })`. */
  readonly staticDotfiles: 'ignore' | undefined
  /** A rejected promise from a handler becomes `next(err)`. */
  readonly catchRejections: boolean
  /** `app.router` is the lazily created built-in router (5.x). */
  readonly appRouterGetter: boolean
  /** `req.host` exists and includes the port (5.x). */
  readonly requestHost: boolean
  /** Path-pattern syntax of routes and `use` paths. */
  readonly syntax: PathSyntax
}

export const profile5: Profile = Object.freeze({
  major: 5,
  queryParser: 'simple',
  emptyBody: 'undefined',
  urlencodedExtended: false,
  staticDotfiles: 'ignore',
  catchRejections: true,
  appRouterGetter: true,
  requestHost: true,
  syntax: path5,
})
