/**
 * `res.location` and `res.redirect`. The URL is percent-encoded with
 * encodeurl, which leaves existing %XX sequences and every character that
 * delimits a URL's parts (`/ \ ? # @ :`) untouched, so the encoded URL names
 * the same host as the one the application checked. A CR or LF is encoded
 * like any other character a URL cannot hold (`%0D`, `%0A`), as Express
 * does: the header is never split, and the specification leaves the URL
 * unvalidated. A backslash among the leading slashes is encoded too (see
 * `locationFor`). 3.x writes the URL as Express 3 did, not percent-encoded,
 * and there a CR or LF throws, as Node's setHeader throws under Express 3.
 */
import encodeUrl from 'encodeurl'
import escapeHtml from 'escape-html'
import parseUrl from 'parseurl'
import statuses from 'statuses'
import type { Profile } from '../profile'
import { defineMethod } from '../util/define'
import { deprecate } from '../util/deprecate'
import type { ResponseInternal } from './internal'
import { Buffer } from '../util/node-buffer'
import { storeHead } from './head'

const CR_OR_LF = /[\r\n]/
/** The slashes and backslashes a URL starts with, when a backslash is among them. */
const LEADING_SLASHES_WITH_BACKSLASH = /^[/\\]*\\[/\\]*/

function encodeBackslash(run: string): string {
  return run.replaceAll('\\', '%5C')
}

/**
 * The Location header value for `url`. Backslashes
 * among the slashes a URL starts with are percent-encoded: browsers read
 * `/\evil.example` (or `\\evil.example`) as `//evil.example`, a link to
 * another host, where a check such as "starts with one /" sees a path on
 * this one. Other backslashes are kept (a host-qualified URL keeps the host
 * its own parser sees).
 */
export function locationFor(url: unknown): string {
  const encoded = encodeUrl(String(url))
  const first = encoded.charCodeAt(0)
  if (first !== 0x2f && first !== 0x5c) return encoded
  return encoded.replace(LEADING_SLASHES_WITH_BACKSLASH, encodeBackslash)
}

function documentBody(message: string, href: string): string {
  return `<!DOCTYPE html><head><title>${message}</title></head><body><p>${message}. Redirecting to ${href}</p></body>`
}

function paragraphBody(message: string, href: string): string {
  return `<p>${message}. Redirecting to ${href}</p>`
}

function linkBody(message: string, href: string): string {
  return `<p>${message}. Redirecting to <a href="${href}">${href}</a></p>`
}

const HTML_BODIES = { document: documentBody, paragraph: paragraphBody, link: linkBody }

/** Characters a header value cannot carry as they are (CR and LF are refused before). */
const NOT_HEADER_SAFE = /[^\x20-\x7e]+/g

function encodeRun(run: string): string {
  try {
    return encodeURI(run)
  } catch {
    return encodeUrl(run)
  }
}

/**
 * `path` resolved against `base` (a path ending in "/") as a browser would:
 * "." and ".." segments removed, never above the root; the query and
 * fragment kept.
 *
 * @example resolvePath('/post/1/', '../new') // '/post/new'
 */
export function resolvePath(base: string, path: string): string {
  const cut = path.search(/[?#]/)
  const parts = (cut === -1 ? path : path.slice(0, cut)).split('/')
  const segments = base.split('/').slice(0, -1)
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]
    const last = i === parts.length - 1
    if (part === '.' || part === '..') {
      if (part === '..' && segments.length > 1) segments.pop()
      if (last) segments.push('')
      continue
    }
    segments.push(part)
  }
  return segments.join('/') + (cut === -1 ? '' : path.slice(cut))
}

/**
 * 3.x: the Location of `url` as Express 3 set it: "./x" and "../x" relative
 * to the request's path, a URL without a scheme or leading "/" relative to
 * the app's mount path, not percent-encoded (only what a header cannot hold
 * is, and CR or LF are refused).
 */
function resolvedLocation(res: ResponseInternal, url: unknown): string {
  return headerSafe(resolvedTarget(res, url))
}

/** What a header cannot hold percent-encoded (Express 3 wrote it raw). */
function headerSafe(str: string): string {
  return str.replace(NOT_HEADER_SAFE, encodeRun)
}

/** 3.x: the target as Express 3 resolved it, before `headerSafe`. */
function resolvedTarget(res: ResponseInternal, url: unknown): string {
  let str = String(url)
  if (CR_OR_LF.test(str)) throw new TypeError('Redirect URL must not contain CR or LF characters')
  if (str.indexOf('://') === -1 && !str.startsWith('//')) {
    if (str[0] === '.') {
      const path = parseUrl.original(res.req)?.pathname ?? '/'
      str = resolvePath(path.endsWith('/') ? path : path + '/', str)
    } else if (str[0] !== '/') {
      str = (res.app as unknown as { path(): string }).path() + '/' + str
    }
  }
  return str
}

export function defineLocationMembers(proto: object, profile: Profile): void {
  const style = profile.response
  const htmlBody = HTML_BODIES[style.redirectHtml]
  const resolved = style.location === 'resolved'

  /**
   * Sets the Location header to the URL, percent-encoded where needed (not
   * validated). Accepts a string or a URL object. In 4.x, "back" (deprecated)
   * stands for the Referrer, or "/" without one. Chainable.
   * @example res.location('/login?next=%2Fcart').sendStatus(201)
   */
  defineMethod(proto, 'location', function location(this: ResponseInternal, url: unknown) {
    if (url === 'back' && style.back) {
      deprecate('res.location("back"): use res.location(req.get("Referrer") || "/")')
      url = this.req.get('Referrer') || '/'
    }
    return this.set('Location', resolved ? resolvedLocation(this, url) : locationFor(url))
  })

  /**
   * The target 3.x's redirect bodies name. Express 3's name the Location it
   * set, which held the target's raw characters (the text body through
   * `encodeURI`, the HTML one escaped); webfw's Location has those
   * percent-encoded (`headerSafe`), so when it is webfw's own the bodies
   * name the raw target, as Express 3's do (encoding the header again
   * would encode each `%` twice). A Location set some other way is taken
   * as it is.
   */
  function expressThreeTarget(res: ResponseInternal, target: unknown, address: string): string {
    if (typeof address !== 'string') return address
    const raw = resolvedTarget(res, target)
    return headerSafe(raw) === address ? raw : address
  }

  /**
   * Redirects with a status (default 302) and a short body for text and
   * HTML clients naming the (escaped) target; no body for HEAD.
   * @example res.redirect('/login')
   * res.redirect(301, 'https://example.com/new-home')
   */
  defineMethod(proto, 'redirect', function redirect(this: ResponseInternal, ...args: unknown[]) {
    const res = this
    let status: unknown = 302
    let target = args[0]
    if (args.length === 2) {
      if (style.redirectUrlFirst && typeof args[0] !== 'number') {
        deprecate('res.redirect(url, status): use res.redirect(status, url)')
        status = args[1]
      } else {
        status = args[0]
        target = args[1]
      }
    }
    if (style.redirectArgumentWarnings) {
      if (!target) deprecate('res.redirect: Provide a url argument')
      if (typeof target !== 'string') deprecate('res.redirect: Url must be a string')
      if (typeof status !== 'number') deprecate('res.redirect: Status must be a number')
    }
    // Status first: a bad status throws before any header is touched (5.x;
    // 4.x stores any status, as Express 4, and Node checks it on writing).
    if (style.lenientStatus) this.statusCode = status as number
    else this.status(status as number)
    const address = (this as unknown as { location(u: unknown): ResponseInternal }).location(target).get('Location') as string
    const message = (statuses.message as Record<number, string | undefined>)[status as number]
    let body = ''
    ;(this as unknown as { format(o: Record<string, () => void>): void }).format({
      text() {
        body = `${message}. Redirecting to ${resolved ? encodeRun(expressThreeTarget(res, target, address)) : address}`
      },
      html() {
        body = htmlBody(message as string, escapeHtml(resolved ? expressThreeTarget(res, target, address) : address))
      },
      default() {
        body = ''
      },
    })
    this.setHeader('Content-Length', Buffer.byteLength(body))
    // The head as node:http would write it, without its per-header work (./head.ts).
    storeHead(this)
    if (this.req.method === 'HEAD') this.end()
    else this.end(body)
  })
}
