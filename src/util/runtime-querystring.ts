/**
 * The runtime's `querystring.parse` result, the "simple" parser of Express
 * (5.x's `query parser`, 4.x's and 3.x's `urlencoded({ extended: false })`),
 * through `parseRuntimeFlatForm` (./flat-form.ts) wherever the string cannot
 * hold more pairs than the limit, and through querystring itself where the
 * limit may cut it short, or where the application has replaced
 * `querystring.unescape` (the runtime's parser then decodes every key and
 * value with the replacement, which is how such an application expects its
 * forms and queries to be read).
 */
import querystring from 'node:querystring'
import { parseRuntimeFlatForm } from './flat-form'

/** The runtime's own unescape, to tell whether the application replaced it. */
const runtimeUnescape = querystring.unescape

/**
 * `querystring.parse(str, '&', '=', { maxKeys })`. `counted`: the caller
 * has made sure `str` has no more than maxKeys pairs.
 *
 * @example
 * parseRuntimeQueryString('a=1&b=%41&b=2', 1000) // { a: '1', b: ['A', '2'] }
 */
export function parseRuntimeQueryString(str: string, maxKeys: number, counted = false): Record<string, unknown> {
  // parseRuntimeFlatForm has no pair limit. A string of n characters holds
  // at most n + 1 pairs, so one shorter than maxKeys cannot be cut short.
  if ((counted || str.length < maxKeys) && querystring.unescape === runtimeUnescape) return parseRuntimeFlatForm(str)
  return querystring.parse(str, undefined, undefined, { maxKeys }) as Record<string, unknown>
}
