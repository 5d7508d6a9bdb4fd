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
 * A line is rendered in two passes (see `renderLine`): the token values
 * first, then, when none of those needing escaping holds an unsafe
 * character (the usual case, found by one scan over all of them at once
 * rather than one per value), the line is the values and literals joined.
 */
import { escapeLogValue, hasUnsafeChar } from './escape'
import { definedCell, escapesItself, foreignToken, getHome, type TokenCell } from './registry'
import { builtinValue } from './tokens'
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
  const slots: Slot[] = []
  let head: string | undefined
  let last = 0
  let pending: { name: string; arg: string | undefined; source: string } | undefined
  for (const match of format.matchAll(TOKEN)) {
    const index = match.index as number
    const literal = format.slice(last, index)
    if (pending === undefined) head = literal
    else slots.push(slotOf(pending, literal))
    pending = { name: match[1], arg: match[2] === undefined ? undefined : internalised(match[2]), source: match[0] }
    last = index + match[0].length
  }
  const tail = format.slice(last)
  if (pending === undefined) head = tail
  else slots.push(slotOf(pending, tail))

  const start = head as string
  const count = slots.length
  // The token values of the line being rendered, reused from line to line.
  // A token that renders this same format from inside its callback (while
  // the scratch is in use) gets a fresh one.
  let scratch: Scratch | undefined = newScratch(count)
  return function compiledFormat(tokens: unknown, req: unknown, res: unknown): string {
    if (tokens !== getHome()) return renderForeignLine(start, slots, tokens, req, res)
    const inUse = scratch ?? newScratch(count)
    scratch = undefined
    try {
      return renderLine(start, slots, inUse, req, res)
    } finally {
      scratch = inUse
    }
  }
}

/** Token values of one line, and for each whether it still needs escaping (1) or not (0). */
interface Scratch {
  readonly values: string[]
  readonly needsEscape: Uint8Array
}

function newScratch(count: number): Scratch {
  return { values: new Array<string>(count).fill(''), needsEscape: new Uint8Array(count) }
}

function slotOf(ref: { name: string; arg: string | undefined; source: string }, after: string): Slot {
  return { name: ref.name, arg: ref.arg, source: ref.source, after, cell: definedCell(ref.name) }
}

/**
 * A line rendered with reqlog's own tokens (the usual case). Each value is
 * kept in the scratch; those that still need escaping are also appended to
 * `probe`, and a single scan of `probe` tells whether any of them holds a
 * character to escape. Only then is each of them escaped on its own.
 */
function renderLine(start: string, slots: readonly Slot[], scratch: Scratch, req: unknown, res: unknown): string {
  const count = slots.length
  const { values, needsEscape } = scratch
  let probe = ''
  for (let i = 0; i < count; i++) {
    const slot = slots[i]
    const cell = slot.cell ?? (slot.cell = definedCell(slot.name))
    let value: string
    let escape = 0
    if (cell === undefined) {
      value = slot.source
    } else {
      try {
        const builtin = cell.builtin
        const fn = cell.bound
        // morgan passes no third argument when the reference has none
        const raw = builtin !== 0 ? builtinValue(builtin, req, res, slot.arg) : slot.arg === undefined ? fn(req, res) : fn(req, res, slot.arg)
        if (!raw) {
          // morgan's rule: "-" for any falsy value
          value = '-'
        } else if (typeof raw === 'string') {
          value = raw
          if (cell.escapeStrings) escape = 1
        } else if (typeof raw === 'number') {
          // digits, ".", "e", "+", "-", "Infinity": nothing to escape
          value = String(raw)
        } else {
          value = String(raw)
          escape = 1
        }
      } catch (err) {
        reportFailure('token :' + slot.name, err)
        value = '-'
        escape = 0
      }
    }
    values[i] = value
    needsEscape[i] = escape
    if (escape === 1) probe += value
  }
  if (probe !== '' && hasUnsafeChar(probe)) {
    // rare: some value holds a control character, a quote or a backslash
    for (let i = 0; i < count; i++) if (needsEscape[i] === 1) values[i] = escapeLogValue(values[i])
  }
  let line = start
  for (let i = 0; i < count; i++) line += values[i] + slots[i].after
  return line
}

/** morgan's rules for a token value, with escaping unless the callback is known to escape its strings itself. */
function text(value: unknown, escapeStrings: boolean): string {
  if (!value) return '-'
  if (typeof value === 'string') return escapeStrings ? escapeLogValue(value) : value
  return escapeLogValue(String(value))
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
    return text(value, !escapesItself(fn))
  } catch (err) {
    reportFailure('token :' + slot.name, err)
    return '-'
  }
}
