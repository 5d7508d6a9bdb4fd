/**
 * The predefined formats: `combined`, `common`, `dev`, `short`, `tiny`, and
 * morgan's deprecated `default` (the combined fields with a web date).
 *
 * `dev` colours `:status` by class: red 5xx, yellow 4xx, cyan 3xx, green 2xx,
 * no colour otherwise (1xx, or no response written yet). Its five variants are
 * compiled here once; choosing one per line is a comparison. As in morgan, a
 * non-empty `NO_COLOR` environment variable at load time selects a variant
 * without escape sequences.
 */
import { compileFormat, type CompiledFormat } from './compile'
import { dedicate, renderers } from './lines'
import { defineFormat } from './registry'
import { headersSent } from './request-info'
import type { LogResponse } from './types'

export const COMBINED = ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"'
export const COMMON = ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length]'
export const DEFAULT = ':remote-addr - :remote-user [:date] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"'
export const SHORT = ':remote-addr :remote-user :method :url HTTP/:http-version :status :res[content-length] - :response-time ms'
export const TINY = ':method :url :status :res[content-length] - :response-time ms'
const DEV_PLAIN = ':method :url :status :response-time ms - :res[content-length]'

/** The SGR colour of a status line in `dev`. */
function statusColour(res: LogResponse): number {
  if (!headersSent(res)) return 0
  const status = res.statusCode as number
  return status >= 500 ? 31 : status >= 400 ? 33 : status >= 300 ? 36 : status >= 200 ? 32 : 0
}

function devVariant(colour: number): CompiledFormat {
  const format = `\x1b[0m:method :url \x1b[${colour}m:status\x1b[0m :response-time ms - :res[content-length]\x1b[0m`
  dedicate(format, renderers.devRenderer('\x1b[0m', `\x1b[${colour}m`, '\x1b[0m', '\x1b[0m'))
  return compileFormat(format)
}

function createDevFormat(): CompiledFormat {
  if (process.env.NO_COLOR) {
    const plain = compileFormat(DEV_PLAIN)
    return function dev(tokens, req, res) {
      return plain(tokens, req, res)
    }
  }
  const none = devVariant(0)
  const green = devVariant(32)
  const cyan = devVariant(36)
  const yellow = devVariant(33)
  const red = devVariant(31)
  return function dev(tokens, req, res) {
    switch (statusColour(res as LogResponse)) {
      case 31: return red(tokens, req, res)
      case 33: return yellow(tokens, req, res)
      case 36: return cyan(tokens, req, res)
      case 32: return green(tokens, req, res)
      default: return none(tokens, req, res)
    }
  }
}

/** Registers the predefined formats. Called once, when the module loads. */
export function defineBuiltinFormats(): void {
  dedicate(COMBINED, renderers.combinedLine)
  dedicate(COMMON, renderers.commonLine)
  dedicate(DEFAULT, renderers.defaultLine)
  dedicate(SHORT, renderers.shortLine)
  dedicate(TINY, renderers.tinyLine)
  dedicate(DEV_PLAIN, renderers.devRenderer('', '', '', ''))
  defineFormat('reqlog.format', 'combined', COMBINED)
  defineFormat('reqlog.format', 'common', COMMON)
  defineFormat('reqlog.format', 'default', DEFAULT)
  defineFormat('reqlog.format', 'short', SHORT)
  defineFormat('reqlog.format', 'tiny', TINY)
  defineFormat('reqlog.format', 'dev', createDevFormat())
}
