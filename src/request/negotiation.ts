/**
 * Content negotiation on the request: `req.accepts`, `req.acceptsCharsets`,
 * `req.acceptsEncodings`, `req.acceptsLanguages` (Accept* headers, via the
 * accepts/negotiator packages, whose parsers are linear in the header
 * length) and `req.is` (the request's own Content-Type, via type-is). Each
 * version uses the accepts and type-is of its Express (4.x: accepts 1.3 and
 * type-is 1.6, whose type table maps e.g. "js" to application/javascript).
 */
import type { Profile } from '../profile'
import { defineMethod } from '../util/define'
import { deprecate } from '../util/deprecate'
import type { RequestInternal } from './internal'

type Lists = string[] | string[][]

/** Arguments given as a list or as one array. */
function flat(args: Lists): string[] {
  return args.length === 1 && Array.isArray(args[0]) ? (args[0] as string[]) : (args as string[])
}

/** A deprecated alias that warns once, then calls the member it stands for. */
function deprecatedAlias(proto: object, alias: string, target: string): void {
  defineMethod(proto, alias, function (this: Record<string, (...args: unknown[]) => unknown>, ...args: unknown[]) {
    deprecate(`req.${alias}: use req.${target}`)
    return this[target](...args)
  })
}

export function defineNegotiationMembers(proto: object, profile: Profile): void {
  const { accepts, typeis } = profile.request.negotiation
  /**
   * The best of the given types (MIME types or extension names) for the
   * Accept header, or false (respond 406). Without arguments, all accepted
   * types, best first.
   * @example // Accept: text/*, application/json
   * req.accepts('html') // 'html'
   * req.accepts(['png', 'json']) // 'json'
   */
  defineMethod(proto, 'accepts', function acceptsTypes(this: RequestInternal, ...types: Lists) {
    return accepts(this).types(flat(types))
  })

  /**
   * The best of the given charsets for Accept-Charset, or false.
   * @example req.acceptsCharsets('utf-8', 'iso-8859-1') // 'utf-8'
   */
  defineMethod(proto, 'acceptsCharsets', function acceptsCharsets(this: RequestInternal, ...charsets: Lists) {
    return accepts(this).charsets(flat(charsets))
  })

  /**
   * The best of the given encodings for Accept-Encoding, or false.
   * @example req.acceptsEncodings('br', 'gzip') // 'gzip'
   */
  defineMethod(proto, 'acceptsEncodings', function acceptsEncodings(this: RequestInternal, ...encodings: Lists) {
    return accepts(this).encodings(flat(encodings))
  })

  /**
   * The best of the given languages for Accept-Language, or false; without
   * arguments, every accepted language, best first.
   * @example req.acceptsLanguages('fr', 'en') // 'en'
   */
  defineMethod(proto, 'acceptsLanguages', function acceptsLanguages(this: RequestInternal, ...languages: Lists) {
    return accepts(this).languages(flat(languages))
  })

  if (profile.request.singularAccepts) {
    // 4.x: the singular names, deprecated.
    deprecatedAlias(proto, 'acceptsCharset', 'acceptsCharsets')
    deprecatedAlias(proto, 'acceptsEncoding', 'acceptsEncodings')
    deprecatedAlias(proto, 'acceptsLanguage', 'acceptsLanguages')
  }
  if (profile.request.acceptedLists !== null) profile.request.acceptedLists()(proto)

  /**
   * The matching type when the request's Content-Type matches one of the
   * given types (MIME types, `type/*`, `*\/subtype` or extension names);
   * false when it does not; null when the request has no body.
   * @example // Content-Type: application/json; charset=utf-8
   * req.is('json') // 'json'
   * req.is('html') // false
   */
  defineMethod(proto, 'is', function is(this: RequestInternal, ...types: Lists) {
    return typeis(this, flat(types))
  })
}
