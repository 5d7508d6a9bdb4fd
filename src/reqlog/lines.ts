/**
 * Dedicated renderers of the predefined formats (`combined`, `common`,
 * `default`, `short`, `tiny` and the `dev` variants): one function per
 * format that writes its line in a single expression from the same token
 * functions and the same value rules (`tokenText`) as any compiled format.
 *
 * A compiled format walks its slots: for each token a cell lookup, a switch
 * on the built-in id and a call whose site sees every token. For the formats
 * nearly every app uses, that walk cost more than the values themselves
 * (docs/perf.md, "reqlog's combined line"). These renderers are chosen by the
 * exact text of a format when it is compiled (`dedicatedRenderer`), so a
 * format string written out by hand gets the same line, and they stand aside
 * as soon as any built-in token is redefined (`builtinTokensIntact`): the
 * compiled slots then render the line with the user's tokens.
 */
import { clfDate, webDate } from './clock'
import { tokenText } from './escape'
import { headersSent, remoteAddress, responseContentLength } from './request-info'
import {
  httpVersionToken,
  methodToken,
  referrerOf,
  remoteUserOf,
  responseTimeToken,
  statusToken,
  urlToken,
  userAgentOf,
} from './tokens'
import type { LogRequest, LogResponse } from './types'

/** A line of one predefined format for `(req, res)`, built-in tokens assumed. */
export type LineRenderer = (req: LogRequest, res: LogResponse) => string

// Each helper is one token as a compiled format writes it: the token's value,
// then "-" for falsy, escaped when the token's text may need it.

function remoteAddrText(req: LogRequest): string {
  return tokenText(remoteAddress(req), true)
}

function methodText(req: LogRequest): string {
  return tokenText(methodToken(req), true)
}

function urlText(req: LogRequest): string {
  return tokenText(urlToken(req), true)
}

function httpVersionText(req: LogRequest): string {
  return tokenText(httpVersionToken(req), false)
}

function statusText(req: LogRequest, res: LogResponse): string {
  return tokenText(statusToken(req, res), false)
}

/** `:res[content-length]`: responseHeaderToken's rule (nothing before the head is sent), the header read directly. */
function contentLengthText(res: LogResponse): string {
  return tokenText(headersSent(res) ? responseContentLength(res) : undefined, true)
}

function responseTimeText(req: LogRequest, res: LogResponse): string {
  return tokenText(responseTimeToken(req, res), false)
}

/** `:remote-addr - :remote-user [<date>] ":method :url HTTP/:http-version" :status :res[content-length]` */
function commonFields(req: LogRequest, res: LogResponse, headers: LogRequest['headers'], date: string): string {
  return remoteAddrText(req) + ' - ' + tokenText(remoteUserOf(headers), true) + ' [' + date + '] "' +
    methodText(req) + ' ' + urlText(req) + ' HTTP/' + httpVersionText(req) + '" ' +
    statusText(req, res) + ' ' + contentLengthText(res)
}

/** ` ":referrer" ":user-agent"` */
function browserFields(headers: LogRequest['headers']): string {
  return ' "' + tokenText(referrerOf(headers), true) + '" "' + tokenText(userAgentOf(headers), true) + '"'
}

function combinedLine(req: LogRequest, res: LogResponse): string {
  const headers = req.headers
  return commonFields(req, res, headers, clfDate()) + browserFields(headers)
}

function commonLine(req: LogRequest, res: LogResponse): string {
  return commonFields(req, res, req.headers, clfDate())
}

function defaultLine(req: LogRequest, res: LogResponse): string {
  const headers = req.headers
  return commonFields(req, res, headers, webDate()) + browserFields(headers)
}

function shortLine(req: LogRequest, res: LogResponse): string {
  return remoteAddrText(req) + ' ' + tokenText(remoteUserOf(req.headers), true) + ' ' + methodText(req) + ' ' + urlText(req) +
    ' HTTP/' + httpVersionText(req) + ' ' + statusText(req, res) + ' ' + contentLengthText(res) + ' - ' +
    responseTimeText(req, res) + ' ms'
}

function tinyLine(req: LogRequest, res: LogResponse): string {
  return methodText(req) + ' ' + urlText(req) + ' ' + statusText(req, res) + ' ' + contentLengthText(res) + ' - ' +
    responseTimeText(req, res) + ' ms'
}

/**
 * A `dev` line: `<open>:method :url <status open>:status<status close> :response-time ms - :res[content-length]<close>`,
 * the colour sequences given (empty strings for the plain variant).
 */
function devRenderer(open: string, statusOpen: string, statusClose: string, close: string): LineRenderer {
  return function devLine(req, res) {
    return open + methodText(req) + ' ' + urlText(req) + ' ' + statusOpen + statusText(req, res) + statusClose + ' ' +
      responseTimeText(req, res) + ' ms - ' + contentLengthText(res) + close
  }
}

export const renderers = { combinedLine, commonLine, defaultLine, shortLine, tinyLine, devRenderer }

/** Format text -> its dedicated renderer (filled by formats.ts with the predefined formats). */
const byFormat = new Map<string, LineRenderer>()

/** Makes `render` the dedicated renderer of format string `format`. */
export function dedicate(format: string, render: LineRenderer): void {
  byFormat.set(format, render)
}

/** The dedicated renderer of format string `format`, if it has one. */
export function dedicatedRenderer(format: string): LineRenderer | undefined {
  return byFormat.get(format)
}
