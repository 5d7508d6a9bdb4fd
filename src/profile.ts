/**
 * Version profiles: every difference between the 5.x and 4.x behaviour of the
 * framework, as data read by the one shared implementation.
 */
import { path4 } from './router/path4'
import { path5 } from './router/path5'
import type { PathSyntax } from './router/path-syntax'
import type { RouteStyle } from './router/route'
import type { RouterStyle } from './router/router-state'

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
  /** Router behaviour that differs by version. */
  readonly router: RouterStyle
  /** Route behaviour that differs by version. */
  readonly route: RouteStyle
}

const toTag = (value: unknown): string => Object.prototype.toString.call(value)

/** Express 4's `gettype`: typeof, or the tag of objects ("Object", "Array"...). */
function typeName(value: unknown): string {
  const type = typeof value
  return type !== 'object' ? type : toTag(value).replace(/^\[object (\S+)\]$/, '$1')
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
  router: Object.freeze({
    catchRejections: true,
    nullPrototypeParams: true,
    prefixMayPrecedeDot: false,
    prefixTakesSlash: false,
    alwaysRemoveAddedSlash: false,
    optionsResponse: 'sorted',
    useError: (_value: unknown, none: boolean) =>
      new TypeError(none ? 'argument handler is required' : 'argument handler must be a function'),
    legacyParamForms: false,
    requireCallback: true,
  } as const),
  route: Object.freeze({
    catchRejections: true,
    requireHandler: true,
    nullPrototypeMethods: true,
    notAFunction: () => new TypeError('argument handler must be a function'),
    legacyNames: false,
  }),
})

export const profile4: Profile = Object.freeze({
  major: 4,
  queryParser: 'extended',
  emptyBody: 'object',
  urlencodedExtended: true,
  staticDotfiles: undefined,
  catchRejections: false,
  appRouterGetter: false,
  requestHost: false,
  syntax: path4,
  router: Object.freeze({
    catchRejections: false,
    nullPrototypeParams: false,
    prefixMayPrecedeDot: true,
    prefixTakesSlash: true,
    alwaysRemoveAddedSlash: true,
    optionsResponse: 'send',
    useError: (value: unknown, none: boolean) =>
      new TypeError(
        none ? 'Router.use() requires a middleware function' : 'Router.use() requires a middleware function but got a ' + typeName(value),
      ),
    legacyParamForms: true,
    requireCallback: false,
  } as const),
  route: Object.freeze({
    catchRejections: false,
    requireHandler: false,
    nullPrototypeMethods: false,
    notAFunction: (method: string, value: unknown) => {
      const msg = `Route.${method}() requires a callback function but got a ${toTag(value)}`
      return method === 'all' ? new TypeError(msg) : new Error(msg)
    },
    legacyNames: true,
  }),
})
