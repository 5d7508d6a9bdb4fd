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
import { definedCell, escapesItself, foreignToken, getHome, type TokenCell } from './registry'
import { reportFailure } from './warn'

/** morgan's token syntax: a name of two or more `[-\w]`, an optional `[arg]`. */
const TOKEN = /:([-\w]{2,})(?:\[([^\]]+)\])?/g

/** One token reference of a compiled format. */
interface Slot {
  readonly name: string
  readonly arg: string | undefined
  /** The reference as written, logged while the token is not defined. */
  readonly source: string
  /**
   * The token's cell, looked up when first defined. Cells are created only
   * by `reqlog.token`, so format strings full of made-up names cannot grow
   * the token table.
   */
  cell: TokenCell | undefined
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
    slots.push({ name: match[1], arg: match[2], source: match[0], cell: definedCell(match[1]) })
    last = index + match[0].length
  }
  literals.push(format.slice(last))

  const count = slots.length
  const head = literals[0]
  return function compiledFormat(tokens: unknown, req: unknown, res: unknown): string {
    let line = head
    if (tokens === getHome()) {
      for (let i = 0; i < count; i++) line += renderOwn(slots[i], req, res) + literals[i + 1]
    } else {
      for (let i = 0; i < count; i++) line += renderForeign(slots[i], tokens, req, res) + literals[i + 1]
    }
    return line
  }
}

/**
 * morgan's rules for a token value ("-" for any falsy value, others as
 * `String(value)`), plus escaping: strings unless the callback is known to
 * escape them itself, anything else always.
 */
function text(value: unknown, escapeStrings: boolean): string {
  if (!value) return '-'
  if (typeof value === 'string') return escapeStrings ? escapeLogValue(value) : value
  return escapeLogValue(String(value))
}

/**
 * A reference rendered with reqlog's own tokens (the usual case): the cell's
 * callback, already bound to reqlog. A throwing token logs "-" and a warning
 * instead of failing the line (or, in morgan, crashing the process).
 */
function renderOwn(slot: Slot, req: unknown, res: unknown): string {
  const cell = slot.cell ?? (slot.cell = definedCell(slot.name))
  if (cell === undefined) return slot.source
  try {
    const fn = cell.bound
    // morgan passes no third argument when the reference has none
    return text(slot.arg === undefined ? fn(req, res) : fn(req, res, slot.arg), cell.escapeStrings)
  } catch (err) {
    reportFailure('token :' + slot.name, err)
    return '-'
  }
}

/** A reference rendered with a tokens object the caller passed instead of reqlog. */
function renderForeign(slot: Slot, tokens: unknown, req: unknown, res: unknown): string {
  try {
    const fn = foreignToken(tokens, slot.name)
    if (fn === undefined) return slot.source
    const value = slot.arg === undefined ? fn.call(tokens, req, res) : fn.call(tokens, req, res, slot.arg)
    return text(value, !escapesItself(fn))
  } catch (err) {
    reportFailure('token :' + slot.name, err)
    return '-'
  }
}
