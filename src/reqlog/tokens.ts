/**
 * The built-in tokens (the spec's token table, plus morgan's `:pid`).
 *
 * Text that comes from the request or the response is escaped by the token
 * machinery (see `registry.ts`). Tokens registered with `escapes = true`
 * produce digits, dates or the process id, and escape any other text
 * themselves, so their results are used as they are.
 */
import { parse as parseBasicAuth } from 'basic-auth'
import { clfDate, elapsedText, isoDate, webDate } from './clock'
import { escapeLogValue } from './escape'
import { defineToken } from './registry'
import { headersSent, headerText, remoteAddress, responseHeader } from './request-info'
import type { LogRequest, LogResponse } from './types'

type Req = LogRequest
type Res = LogResponse

function token(name: string, fn: (req: Req, res: Res, arg?: string) => unknown, escapes = false): void {
  defineToken('reqlog.token', name, fn, escapes)
}

/** Registers every built-in token. Called once, when the module loads. */
export function defineBuiltinTokens(): void {
  token('url', (req) => req.originalUrl || req.url)

  token('method', (req) => req.method)

  token('response-time', (req, res, digits) => {
    const start = req._startAt
    const headers = res._startAt
    return start && headers ? elapsedText(start, headers, digits) : undefined
  }, true)

  token('total-time', (req, res, digits) => {
    const start = req._startAt
    // morgan's rule: no total time for a response whose head was never written
    return start && res._startAt ? elapsedText(start, process.hrtime(), digits) : undefined
  }, true)

  token('date', (req, res, format) => {
    switch (format || 'web') {
      case 'clf': return clfDate()
      case 'iso': return isoDate()
      case 'web': return webDate()
      default: return undefined
    }
  }, true)

  token('status', (req, res) => {
    if (!headersSent(res)) return undefined
    const code = res.statusCode
    return typeof code === 'number' ? String(code) : escapeLogValue(String(code))
  }, true)

  token('referrer', (req) => {
    const headers = req.headers
    return headers ? headerText(headers.referer || headers.referrer) : undefined
  })

  token('remote-addr', remoteAddress)

  token('remote-user', (req) => {
    const header = req.headers?.authorization
    // basic-auth: a malformed or non-Basic header gives undefined, as does an empty user name
    const credentials = typeof header === 'string' ? parseBasicAuth(header) : undefined
    return credentials ? credentials.name : undefined
  })

  const pid = String(process.pid)
  token('pid', () => pid, true)

  token('http-version', (req) => {
    const major = req.httpVersionMajor
    const minor = req.httpVersionMinor
    // constant text for the usual versions: building "1.1" from two numbers
    // was a third of a combined line's cost in bench/reqlog.bench.mjs
    if (major === 1) return minor === 1 ? '1.1' : minor === 0 ? '1.0' : '1.' + minor
    if (typeof major === 'number' && typeof minor === 'number') return major + '.' + minor
    const text = req.httpVersion
    return typeof text === 'string' ? escapeLogValue(text) : undefined
  }, true)

  token('user-agent', (req) => headerText(req.headers?.['user-agent']))

  token('req', (req, res, field) => {
    const headers = req.headers
    return headers && typeof field === 'string' ? headerText(headers[field.toLowerCase()]) : undefined
  })

  token('res', (req, res, field) => (headersSent(res) && typeof field === 'string' ? responseHeader(res, field) : undefined))
}
