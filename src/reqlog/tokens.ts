/**
 * The built-in tokens (the spec's token table, plus morgan's `:pid`).
 *
 * Text that comes from the request or the response is escaped by the token
 * machinery (see `registry.ts`). Tokens registered with `escapes = true`
 * produce digits, dates or the process id, and escape any other text
 * themselves, so their results are used as they are.
 */
import { parse as parseBasicAuth } from 'basic-auth'
import { clfDate, elapsedText, hrtimeMark, isoDate, webDate } from './clock'
import { escapeLogValue } from './escape'
import { defineToken } from './registry'
import { headersSent, headerText, remoteAddress, responseHeader } from './request-info'
import type { LogRequest, LogResponse } from './types'

type Req = LogRequest
type Res = LogResponse

/**
 * Ids of the built-in tokens, kept in their cells while they are not
 * redefined: a compiled format then computes their value in `builtinValue`
 * (one switch, direct calls that the optimiser can inline) rather than
 * through a call of the cell's bound callback. The call sites of a format
 * see every token and stay megamorphic; this path was ~40% of a combined
 * line's formatting (bench/inmem/reqlog-line.js).
 */
const enum Builtin {
  Url = 1,
  Method,
  ResponseTime,
  TotalTime,
  Date,
  Status,
  Referrer,
  RemoteAddr,
  RemoteUser,
  Pid,
  HttpVersion,
  UserAgent,
  Req,
  Res,
}

export function urlToken(req: Req): unknown {
  return req.originalUrl || req.url
}

export function methodToken(req: Req): unknown {
  return req.method
}

export function responseTimeToken(req: Req, res: Res, digits?: string): string | undefined {
  const start = req._startAt
  const headers = res._startAt
  return start && headers ? elapsedText(start, headers, digits) : undefined
}

function totalTimeToken(req: Req, res: Res, digits?: string): string | undefined {
  const start = req._startAt
  // morgan's rule: no total time for a response whose head was never written
  return start && res._startAt ? elapsedText(start, hrtimeMark(), digits) : undefined
}

function dateToken(req: Req, res: Res, format?: string): string | undefined {
  switch (format || 'web') {
    case 'clf': return clfDate()
    case 'iso': return isoDate()
    case 'web': return webDate()
    default: return undefined
  }
}

export function statusToken(req: Req, res: Res): string | undefined {
  if (!headersSent(res)) return undefined
  const code = res.statusCode
  return typeof code === 'number' ? '' + code : escapeLogValue(String(code))
}

type Headers = LogRequest['headers']

/** `:referrer` from the request's header fields (the dedicated renderers read `req.headers` once for several tokens). */
export function referrerOf(headers: Headers): unknown {
  return headers ? headerText(headers.referer || headers.referrer) : undefined
}

function referrerToken(req: Req): unknown {
  return referrerOf(req.headers)
}

/** `:remote-user` from the request's header fields. */
export function remoteUserOf(headers: Headers): string | undefined {
  const header = headers?.authorization
  // basic-auth: a malformed or non-Basic header gives undefined, as does an empty user name
  const credentials = typeof header === 'string' ? parseBasicAuth(header) : undefined
  return credentials ? credentials.name : undefined
}

function remoteUserToken(req: Req): string | undefined {
  return remoteUserOf(req.headers)
}

const pid = String(process.pid)
function pidToken(): string {
  return pid
}

export function httpVersionToken(req: Req): string | undefined {
  const major = req.httpVersionMajor
  const minor = req.httpVersionMinor
  // constant text for the usual versions: building "1.1" from two numbers
  // was a third of a combined line's cost in bench/reqlog.bench.mjs
  if (major === 1) return minor === 1 ? '1.1' : minor === 0 ? '1.0' : '1.' + minor
  if (typeof major === 'number' && typeof minor === 'number') return major + '.' + minor
  const text = req.httpVersion
  return typeof text === 'string' ? escapeLogValue(text) : undefined
}

/** `:user-agent` from the request's header fields. */
export function userAgentOf(headers: Headers): unknown {
  return headerText(headers?.['user-agent'])
}

function userAgentToken(req: Req): unknown {
  return userAgentOf(req.headers)
}

function requestHeaderToken(req: Req, res: Res, field?: string): unknown {
  const headers = req.headers
  return headers && typeof field === 'string' ? headerText(headers[field.toLowerCase()]) : undefined
}

export function responseHeaderToken(req: Req, res: Res, field?: string): unknown {
  return headersSent(res) && typeof field === 'string' ? responseHeader(res, field) : undefined
}

/**
 * The value of built-in token `id` (a cell's `builtin`), as its callback
 * returns it. Built-ins ignore `this`, so calling them directly is the same
 * as calling them bound to reqlog.
 */
export function builtinValue(id: number, req: unknown, res: unknown, arg: string | undefined): unknown {
  const q = req as Req
  const r = res as Res
  switch (id) {
    case Builtin.Url: return urlToken(q)
    case Builtin.Method: return methodToken(q)
    case Builtin.ResponseTime: return responseTimeToken(q, r, arg)
    case Builtin.TotalTime: return totalTimeToken(q, r, arg)
    case Builtin.Date: return dateToken(q, r, arg)
    case Builtin.Status: return statusToken(q, r)
    case Builtin.Referrer: return referrerToken(q)
    case Builtin.RemoteAddr: return remoteAddress(q)
    case Builtin.RemoteUser: return remoteUserToken(q)
    case Builtin.Pid: return pidToken()
    case Builtin.HttpVersion: return httpVersionToken(q)
    case Builtin.UserAgent: return userAgentToken(q)
    case Builtin.Req: return requestHeaderToken(q, r, arg)
    case Builtin.Res: return responseHeaderToken(q, r, arg)
    default: return undefined
  }
}

function token(name: string, fn: (req: Req, res: Res, arg?: string) => unknown, id: Builtin, escapes = false): void {
  defineToken('reqlog.token', name, fn, escapes, id)
}

/** Registers every built-in token. Called once, when the module loads. */
export function defineBuiltinTokens(): void {
  token('url', urlToken, Builtin.Url)
  token('method', methodToken, Builtin.Method)
  token('response-time', responseTimeToken, Builtin.ResponseTime, true)
  token('total-time', totalTimeToken, Builtin.TotalTime, true)
  token('date', dateToken, Builtin.Date, true)
  token('status', statusToken, Builtin.Status, true)
  token('referrer', referrerToken, Builtin.Referrer)
  token('remote-addr', remoteAddress, Builtin.RemoteAddr)
  token('remote-user', remoteUserToken, Builtin.RemoteUser)
  token('pid', pidToken, Builtin.Pid, true)
  token('http-version', httpVersionToken, Builtin.HttpVersion, true)
  token('user-agent', userAgentToken, Builtin.UserAgent)
  token('req', requestHeaderToken, Builtin.Req)
  token('res', responseHeaderToken, Builtin.Res)
}
