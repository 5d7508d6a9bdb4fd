/**
 * Compiling a format string, once, into literal text and token references.
 *
 * morgan turns a format string into JavaScript source for `new Function`.
 * Here nothing is ever evaluated: the string is split into literal parts and
 * `:name` / `:name[arg]` references (same token syntax as morgan), and the
 * resulting function concatenates the parts with the token values. A format
 * string therefore cannot run code whatever it contains (quotes,
 * backslashes, `:constructor`, `:__proto__`, ...), and a reference to a token
 * that is not defined when the line is logged is written as the text it was.
 */
import { escapeLogValue } from './escape'
import { cellFor, escapesItself, foreignToken, getHome, TokenCell } from './registry'
import { reportFailure } from './warn'
import type { AnyTokenFn } from './types'

/** morgan's token syntax: a name of two or more `[-\w]`, an optional `[arg]`. */
const TOKEN = /:([-\w]{2,})(?:\[([^\]]+)\])?/g

/** One token reference of a compiled format. */
interface Slot {
  readonly cell: TokenCell
  readonly arg: string | undefined
  /** The reference as written, logged when the token is not defined. */
  readonly source: string
}

/** A compiled format: `(tokens, req, res) => line`. */
export type CompiledFormat = (tokens: unknown, req: unknown, res: unknown) => string

/**
 * Compiles `format` into a format function.
 *
 * @example
 * const line = compileFormat(':method :url :status')
 * line(reqlog, req, res) // 'GET /users 200'
 */
export function compileFormat(format: string): CompiledFormat {
  const literals: string[] = []
  const slots: Slot[] = []
  let last = 0
  for (const match of format.matchAll(TOKEN)) {
    const index = match.index as number
    literals.push(format.slice(last, index))
    slots.push({ cell: cellFor(match[1]), arg: match[2], source: match[0] })
    last = index + match[0].length
  }
  literals.push(format.slice(last))

  const count = slots.length
  const head = literals[0]
  return function compiledFormat(tokens: unknown, req: unknown, res: unknown): string {
    let line = head
    for (let i = 0; i < count; i++) line += render(slots[i], tokens, req, res) + literals[i + 1]
    return line
  }
}

/**
 * The text of one token reference: morgan's rules ("-" for any falsy value,
 * other values as `String(value)`), plus escaping and isolation of failures
 * (a throwing token logs "-" and a warning instead of crashing the process).
 */
function render(slot: Slot, tokens: unknown, req: unknown, res: unknown): string {
  let fn: AnyTokenFn | undefined
  let escapeStrings: boolean
  try {
    let value: unknown
    if (tokens === getHome()) {
      // the usual case: the cell's callback, already bound to reqlog
      fn = slot.cell.bound
      if (fn === undefined) return slot.source
      escapeStrings = slot.cell.escapeStrings
      // morgan passes no third argument when the reference has none
      value = slot.arg === undefined ? fn(req, res) : fn(req, res, slot.arg)
    } else {
      fn = foreignToken(tokens, slot.cell.name)
      if (fn === undefined) return slot.source
      escapeStrings = !escapesItself(fn)
      value = slot.arg === undefined ? fn.call(tokens, req, res) : fn.call(tokens, req, res, slot.arg)
    }
    if (!value) return '-'
    if (typeof value === 'string') return escapeStrings ? escapeLogValue(value) : value
    return escapeLogValue(String(value))
  } catch (err) {
    reportFailure('token :' + slot.cell.name, err)
    return '-'
  }
}
