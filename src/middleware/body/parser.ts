/**
 * The middleware shape shared by the four parsers: which requests to skip
 * (already read, no body, type not matched), the charset check before any
 * byte is read, then read → `verify` → decode → parse → `req.body`, with every
 * failure passed to `next(err)`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import onFinished from 'on-finished'
import type { Profile } from '../../profile'
import { charsetExists, decodeBody } from './charset'
import { asBodyError, bodyError, unsupportedCharset } from './errors'
import type { BodyStyle, CommonOptions, TypeMatcher } from './options'
import { codingError, drain, readBodyInContext } from './read'
import { memoize } from '../../util/memo'
import { headerNumber } from '../../util/header-number'

export type Next = (err?: unknown) => void
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void

/** How a parser treats charsets; absent for parsers that keep bytes (raw). */
export interface CharsetRule {
  /** Used when the Content-Type names no charset. */
  fallback: string
  /** Whether the parser accepts a (lower-cased) charset at all. */
  accepts(charset: string): boolean
}

export interface ParserSpec {
  /**
   * The middleware's function name, body-parser's (`jsonParser`,
   * `urlencodedParser`, `rawParser`, `textParser`): it is the layer's name
   * in the router stack, which route listings and tracing show.
   */
  name: string
  charset?: CharsetRule
  /** Turns the body (text when `charset` is set, else bytes) into `req.body`. */
  parse(body: string | Buffer): unknown
}

interface BodyRequest extends IncomingMessage {
  body?: unknown
  _body?: boolean
}

/**
 * What is wrong with a body's charset, in the order body-parser finds it:
 * one the parser does not take at all (json: not UTF-*; urlencoded: not
 * UTF-8) is refused before anything else; one no decoder knows is refused
 * after the Content-Encoding was found usable (before it when the parser
 * has a `verify` function).
 */
const enum CharsetProblem {
  None = 0,
  NotAccepted = 1,
  Unknown = 2,
}

/** What a Content-Type header value decides for a parser whose `type` names media types. */
interface TypeVerdict {
  readonly matches: boolean
  /** The charset to decode with (null for parsers that keep bytes). */
  readonly charset: string | null
  readonly problem: CharsetProblem
}

const NO_MATCH: TypeVerdict = { matches: false, charset: null, problem: CharsetProblem.None }

function charsetOf(contentType: string | undefined, rule: CharsetRule, read: BodyStyle['charsetOf']): string {
  return read(contentType) ?? rule.fallback
}

function charsetProblem(charset: string, rule: CharsetRule): CharsetProblem {
  if (!rule.accepts(charset)) return CharsetProblem.NotAccepted
  return charsetExists(charset) ? CharsetProblem.None : CharsetProblem.Unknown
}

function typeVerdict(
  contentType: string,
  matches: (header: string) => boolean,
  rule: CharsetRule | undefined,
  read: BodyStyle['charsetOf'],
): TypeVerdict {
  if (!matches(contentType)) return NO_MATCH
  if (rule === undefined) return { matches: true, charset: null, problem: CharsetProblem.None }
  const charset = charsetOf(contentType, rule, read)
  return { matches: true, charset, problem: charsetProblem(charset, rule) }
}

function errorType(thrown: unknown, fallback: string): string {
  const type = thrown !== null && typeof thrown === 'object' ? (thrown as { type?: unknown }).type : undefined
  return typeof type === 'string' && type ? type : fallback
}

/**
 * Builds a parser middleware from its spec and its compiled shared options.
 *
 * @example
 * createParser({ parse: (buf) => buf }, normalizeCommonOptions(opts, 'application/octet-stream'), profile5)
 */
export function createParser(spec: ParserSpec, options: CommonOptions, profile: Profile): Middleware {
  const { limit, inflate, verify, shouldParse, matchesContentType } = options
  const readCharset = profile.body.charsetOf
  const charsetRule = spec.charset
  const verdictOf = matchesContentType === undefined ? undefined : memoize((header) => typeVerdict(header, matchesContentType, charsetRule, readCharset))
  const parse = spec.parse
  const emptyObject = profile.emptyBody === 'object'
  const readFlag = profile.bodyReadFlag

  const middleware: Middleware = function bodyParser(request, res, next) {
    const req = request as BodyRequest
    // 4.x (body-parser 1): a parser that read the body marks the request.
    if (readFlag && req._body) {
      next()
      return
    }
    if (emptyObject) {
      if (!req.body) req.body = {}
    } else if (!('body' in req)) {
      req.body = undefined
    }
    // A body already read (by another parser) cannot be read again (5.x; 4.x
    // reports a stream read by something else as an error, below).
    if (!readFlag && onFinished.isFinished(req)) {
      next()
      return
    }
    const headers = req.headers
    // The Content-Length header as a number (NaN when absent), converted once
    // for both questions below: type-is's rule for "has a body", and the
    // length the reader checks against the limit.
    const length = headerNumber(headers['content-length'])
    if (headers['transfer-encoding'] === undefined && Number.isNaN(length)) {
      next()
      return
    }
    // Whether the type matches, and the charset: with media types, one
    // memoised answer per Content-Type value instead of three lookups.
    let charset: string | null = null
    let problem = CharsetProblem.None
    if (verdictOf !== undefined) {
      const contentType = headers['content-type']
      const verdict = contentType === undefined ? NO_MATCH : verdictOf(contentType)
      if (!verdict.matches) {
        next()
        return
      }
      charset = verdict.charset
      problem = verdict.problem
    } else {
      if (!(shouldParse as TypeMatcher)(req)) {
        next()
        return
      }
      if (charsetRule !== undefined) {
        charset = charsetOf(headers['content-type'], charsetRule, readCharset)
        problem = charsetProblem(charset, charsetRule)
      }
    }
    if (problem !== CharsetProblem.None) {
      const err =
        (problem === CharsetProblem.Unknown && verify === undefined ? codingError(req, inflate) : undefined) ??
        unsupportedCharset(charset as string)
      drain(req, res, () => next(err))
      return
    }

    // 4.x (body-parser 1): consumed by other code, nothing left to read: a 500.
    if (readFlag && !req.readable) {
      req._body = true
      next(bodyError(500, 'stream is not readable', { type: 'stream.not.readable' }))
      return
    }

    // `finish` runs in the request's async context, where AsyncLocalStorage
    // users expect `next` to run.
    readBodyInContext(req, length, limit, inflate, finish, res)

    function finish(err: unknown, buf: Buffer | undefined): void {
      // 4.x (body-parser 1) marks the request as read. body-parser does so
      // as the read starts; nothing else runs during the read, so here is
      // the same for every middleware after. Set before the read, the flag
      // came between the `body` placeholder ({}) and the parsed body, and
      // node's own `req.headers` getter took its megamorphic path at each
      // later call (docs/perf.md, "The read flag of webfw 4").
      if (readFlag) req._body = true
      if (err) {
        next(err)
        return
      }
      const bytes = buf as Buffer
      if (verify !== undefined) {
        try {
          verify(req, res, bytes, charset)
        } catch (thrown) {
          next(asBodyError(403, thrown, { body: bytes, type: errorType(thrown, 'entity.verify.failed') }))
          return
        }
      }
      let body: string | Buffer = bytes
      try {
        if (charset !== null) body = decodeBody(bytes, charset)
        req.body = parse(body)
      } catch (thrown) {
        next(asBodyError(400, thrown, { body, type: errorType(thrown, 'entity.parse.failed') }))
        return
      }
      next()
    }
  }
  Object.defineProperty(middleware, 'name', { value: spec.name })
  return middleware
}
