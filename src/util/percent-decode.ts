/**
 * Percent-decoding for form keys and values, cookie values, route
 * parameters and static-file paths, through fast-decode-uri-component: decodeURIComponent's result,
 * and null where decodeURIComponent would throw (test/fuzz/percent-decode.test.ts
 * holds it to that), in about half its time on short values: V8's decoder
 * grows a byte vector one allocation at a time (docs/perf.md, "One parser for
 * the runtime's flat forms").
 */
import fastDecodeURIComponent from 'fast-decode-uri-component'

/** decodeURIComponent's result, or null where it would throw. */
export const decodeOrNull: (encoded: string) => string | null = fastDecodeURIComponent

/**
 * `str` decoded, or as it is where its escapes do not decode (the rule of
 * qs's decoder and of the cookie package's).
 * @example decodeOrKeep('a%20b') // 'a b'; decodeOrKeep('%zz') // '%zz'
 */
export function decodeOrKeep(str: string): string {
  const decoded = fastDecodeURIComponent(str)
  return decoded === null ? str : decoded
}
