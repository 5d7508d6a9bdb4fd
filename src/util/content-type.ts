/**
 * Content-Type helpers: `contentTypeFor` (what 5.x's `res.set('Content-Type', v)`
 * stores: the mime-types form with a charset for text types) and the
 * `utf8Type` of each generation (a string body's type with its charset).
 * Both are pure functions of short strings that responses repeat
 * constantly, so their results are memoised in small bounded maps.
 */
import * as contentType from 'content-type'
import mime from 'mime-types'
import { loadOnFirstCall } from './first-use'
import { memoize } from './memo'

/**
 * mime.contentType(value): false for a value it cannot read (no "/" and no
 * known extension, or empty). Express 5 stores that false as the header, so
 * `res.get` answers false, `res.send`/`res.json` then set their own type, and
 * a bare `res.end` sends "Content-Type: false".
 */
export const contentTypeFor = memoize((value): string | false => mime.contentType(value))

/** The parse and format of a `content-type` package (2.x, or 1.x for 4.x and 3.x). */
interface ContentTypePackage {
  parse(header: string): { type: string; parameters: Record<string, string> }
  format(value: { type: string; parameters?: Record<string, string> }): string
}

/**
 * `type` with `charset=utf-8`, as res.send writes a string body's type,
 * through a `content-type` package's parse and format. Throws on a type the
 * package cannot parse or format.
 */
function utf8TypeThrough(c: ContentTypePackage): (type: string) => string {
  return memoize((type) => {
    const parsed = c.parse(type)
    parsed.parameters.charset = 'utf-8'
    return c.format(parsed)
  })
}

/** 5.x (Express 5's content-type 2): parameters kept in their order. */
export const utf8Type2 = utf8TypeThrough(contentType as unknown as ContentTypePackage)

/* eslint-disable @typescript-eslint/no-require-imports */
const contentType1 = (): ContentTypePackage => require('content-type-v1') as ContentTypePackage

/**
 * 4.x and 3.x (Express 4's and 3's content-type 1, loaded on first use):
 * parameters sorted by name, and a parameter list it cannot read ("a=",
 * ";;", a trailing ";") refused with "invalid parameter format".
 */
export const utf8Type1 = utf8TypeThrough({
  parse: loadOnFirstCall(() => contentType1().parse),
  format: loadOnFirstCall(() => contentType1().format),
})
/* eslint-enable @typescript-eslint/no-require-imports */
