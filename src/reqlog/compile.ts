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
 *
 * Each value is escaped on its own: joining the values to scan them once
 * was cheaper on Node 24 but dearer on Node 20 and 22, where the scan of a
 * joined (cons) string leaves V8's fast path (bench/inmem/reqlog-line.js).
 */
import { tokenText } from './escape'
import { dedicatedRenderer } from './lines'
import { builtinTokensIntact, definedCell, escapesItself, foreignToken, getHome, type TokenCell } from './registry'
import { builtinValue } from './tokens'
import type { LogRequest, LogResponse } from './types'
import { reportFailure } from './warn'

/** morgan's token syntax: a name of two or more `[-\w]`, an optional `[arg]`. */
const TOKEN = /:([-\w]{2,})(?:\[([^\]]+)\])?/g

/** One token reference of a compiled format. */
interface Slot {
  readonly name: string
  readonly arg: string | undefined
  /** The reference as written, logged while the token is not defined. */
  readonly source: string
  /** The literal text following the reference (up to the next one, or the end). */
  readonly after: string
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
 * The same text as `s`, as a flat, internalised string. A token argument
 * cut out of the format string is a slice of it; handed to `getHeader` (which
 * lowercases it) or used as a property key, a slice costs a fresh lowercase
 * copy and a string-table lookup on every line, an internalised string
 * neither (a third of a `:res[content-length]` token, bench/inmem/reqlog-line.js).
 */
function internalised(s: string): string {
  return Object.keys({ [s]: 0 })[0]
}

/**
 * Compiles `format` into a format function.
 *
 * @example
 * const line = compileFormat(':method :url :status')
 * line(reqlog, req, res) // 'GET /users 200'
 */
export function compileFormat(format: string): CompiledFormat {
  // The literal before each reference, then the one after the last.
  const literals: string[] = []
  const refs: { name: string; arg: string | undefined; source: string }[] = []
  let last = 0
  for (const match of format.matchAll(TOKEN)) {
    const index = match.index as number
    literals.push(format.slice(last, index))
    refs.push({ name: match[1], arg: match[2] === undefined ? undefined : internalised(match[2]), source: match[0] })
    last = index + match[0].length
  }
  literals.push(format.slice(last))
  const slots = refs.map((ref, i) => slotOf(ref, literals[i + 1]))

  const start = literals[0]
  const dedicated = dedicatedRenderer(format)
  return function compiledFormat(tokens: unknown, req: unknown, res: unknown): string {
    if (tokens !== getHome()) return renderForeignLine(start, slots, tokens, req, res)
    if (dedicated !== undefined && builtinTokensIntact()) {
      try {
        return dedicated(req as LogRequest, res as LogResponse)
      } catch {
        // rendered again below, where the failing token is reported and written as "-"
      }
    }
    let line = start
    for (let i = 0; i < slots.length; i++) line += renderOwn(slots[i], req, res) + slots[i].after
    return line
  }
}

function slotOf(ref: { name: string; arg: string | undefined; source: string }, after: string): Slot {
  return { name: ref.name, arg: ref.arg, source: ref.source, after, cell: definedCell(ref.name) }
}

/**
 * A token rendered with reqlog's own tokens (the usual case): built-ins
 * computed directly, others through the cell's callback, already bound to
 * reqlog. A throwing token logs "-" and a warning instead of failing the line
 * (or, in morgan, crashing the process).
 */
function renderOwn(slot: Slot, req: unknown, res: unknown): string {
  const cell = slot.cell ?? (slot.cell = definedCell(slot.name))
  if (cell === undefined) return slot.source
  try {
    const builtin = cell.builtin
    const fn = cell.bound
    // morgan passes no third argument when the reference has none
    const raw = builtin !== 0 ? builtinValue(builtin, req, res, slot.arg) : slot.arg === undefined ? fn(req, res) : fn(req, res, slot.arg)
    return tokenText(raw, cell.escapeStrings)
  } catch (err) {
    reportFailure('token :' + slot.name, err)
    return '-'
  }
}

/** A line rendered with a tokens object the caller passed instead of reqlog. */
function renderForeignLine(start: string, slots: readonly Slot[], tokens: unknown, req: unknown, res: unknown): string {
  let line = start
  for (let i = 0; i < slots.length; i++) line += renderForeign(slots[i], tokens, req, res) + slots[i].after
  return line
}

function renderForeign(slot: Slot, tokens: unknown, req: unknown, res: unknown): string {
  try {
    const fn = foreignToken(tokens, slot.name)
    if (fn === undefined) return slot.source
    const value = slot.arg === undefined ? fn.call(tokens, req, res) : fn.call(tokens, req, res, slot.arg)
    return tokenText(value, !escapesItself(fn))
  } catch (err) {
    reportFailure('token :' + slot.name, err)
    return '-'
  }
}
