/**
 * The token and format tables behind `reqlog.token` and `reqlog.format`.
 *
 * morgan keeps tokens and formats as plain properties of its exported
 * function, so `:format` or `:constructor` in a format string call whatever
 * function happens to sit there. Here the tables are null-prototype records
 * and only what was registered is a token or a format; the same values are
 * also exposed as properties of the `reqlog` function ("home"), as morgan
 * users expect (`tokens.method(req, res)`, `reqlog.combined`).
 *
 * Each defined token name owns one `TokenCell` for the life of the process.
 * Compiled format strings hold the cell, not the callback, so
 * `reqlog.token(name, fn)` redefining a token is seen by formats compiled
 * before it, without any lookup by name while logging.
 */
import { escapeLogValue } from './escape'
import type { AnyFormatFn, AnyTokenFn } from './types'

/** The object tokens and formats are exposed on: the `reqlog` function. */
let home: Record<string, unknown> | undefined

/** The current definition of one token name. */
export class TokenCell {
  /**
   * The callback bound to `reqlog`, the `this` morgan gives token callbacks. Compiled
   * formats call this: a plain call of a bound function stays cheap where the
   * call site sees many different tokens, while `fn.call(tokens, ...)` there
   * cost about 35 ns a token (dev line 480 -> 300 ns, bench/reqlog.bench.mjs).
   */
  bound!: AnyTokenFn
  /** Whether string results still need escaping (false for callbacks that escape or cannot return unsafe text). */
  escapeStrings!: boolean
  /** The id of the built-in token this cell still holds (see tokens.ts `builtinValue`), 0 once defined by the user. */
  builtin!: number

  constructor(readonly name: string, fn: AnyTokenFn, escapeStrings: boolean, builtin: number) {
    this.define(fn, escapeStrings, builtin)
  }

  define(fn: AnyTokenFn, escapeStrings: boolean, builtin: number): void {
    if (this.builtin !== undefined && this.builtin !== 0 && builtin === 0) builtinRedefined = true
    this.bound = fn.bind(home)
    this.escapeStrings = escapeStrings
    this.builtin = builtin
  }
}

const cells: Record<string, TokenCell> = Object.create(null)

/** Whether any built-in token was redefined with `reqlog.token` (never reset: cells keep the user's callback). */
let builtinRedefined = false

/**
 * Whether every built-in token still has its built-in definition: the
 * dedicated renderers of the predefined formats (lines.ts) compute built-in
 * values directly and are only used while this holds.
 */
export function builtinTokensIntact(): boolean {
  return !builtinRedefined
}
const formats: Record<string, string | AnyFormatFn> = Object.create(null)

/**
 * Functions whose string results are already escaped: the token functions
 * exposed on `reqlog` (so a format function calling `tokens.url(req, res)` gets
 * escaped text) and built-ins whose text cannot carry control characters.
 * Used to escape exactly once when such a function is registered again or
 * found on a tokens object other than `reqlog`.
 */
const selfEscaping = new WeakSet<AnyTokenFn>()

/** Names that every function already has, and reqlog's own API. */
const RESERVED = new Set<string>([
  ...Object.getOwnPropertyNames(Object.prototype),
  ...Object.getOwnPropertyNames(Function.prototype),
  'name', 'length', 'prototype', 'token', 'format', 'compile',
])

/** Sets the object tokens and formats are exposed on (the `reqlog` function). */
export function setHome(obj: object): void {
  home = obj as Record<string, unknown>
}

/** The `reqlog` function, which is the tokens object morgan users pass around. */
export function getHome(): object {
  return home as object
}

function expose(name: string, value: unknown): void {
  if (home !== undefined) {
    Object.defineProperty(home, name, { configurable: true, enumerable: true, writable: true, value })
  }
}

function checkName(api: string, kind: string, name: unknown): string {
  if (typeof name !== 'string' || name === '') {
    throw new TypeError(`${api}: the ${kind} name must be a non-empty string`)
  }
  if (RESERVED.has(name)) {
    throw new TypeError(`${api}: ${JSON.stringify(name)} cannot be a ${kind} name, reqlog (a function) already has a property of that name`)
  }
  return name
}

/** The cell of a defined token, or undefined. */
export function definedCell(name: string): TokenCell | undefined {
  return cells[name]
}

/**
 * Defines or redefines token `:name`. `escapes` is true for callbacks whose
 * text never needs escaping (built-ins producing numbers and dates);
 * `builtin` is the id of a built-in token (tokens.ts), 0 for any other.
 */
export function defineToken(api: string, name: unknown, fn: unknown, escapes = false, builtin = 0): void {
  const key = checkName(api, 'token', name)
  if (typeof fn !== 'function') {
    throw new TypeError(`${api}: the callback of token ${JSON.stringify(key)} must be a function`)
  }
  const callback = fn as AnyTokenFn
  const trusted = escapes || selfEscaping.has(callback)
  const cell = cells[key]
  if (cell === undefined) cells[key] = new TokenCell(key, callback, !trusted, builtin)
  else cell.define(callback, !trusted, builtin)
  expose(key, trusted ? callback : escapingWrapper(callback))
  if (escapes) selfEscaping.add(callback)
}

function escapingWrapper(fn: AnyTokenFn): AnyTokenFn {
  const wrapper = function tokenValue(this: unknown, ...args: unknown[]): unknown {
    const value = fn.apply(this, args)
    return typeof value === 'string' ? escapeLogValue(value) : value
  }
  selfEscaping.add(wrapper)
  return wrapper
}

/**
 * A token callback found on a tokens object other than `reqlog` (a format
 * function may be called with any object). Reserved names are never tokens,
 * so `:constructor` or `:__proto__` stay text whatever object is passed.
 */
export function foreignToken(tokens: unknown, name: string): AnyTokenFn | undefined {
  if ((typeof tokens !== 'object' && typeof tokens !== 'function') || tokens === null || RESERVED.has(name)) return undefined
  const fn = (tokens as Record<string, unknown>)[name]
  return typeof fn === 'function' ? (fn as AnyTokenFn) : undefined
}

/** Whether `fn` escapes its own string results. */
export function escapesItself(fn: AnyTokenFn): boolean {
  return selfEscaping.has(fn)
}

/** Defines or redefines a named format (a format string or a format function). */
export function defineFormat(api: string, name: unknown, format: unknown): void {
  const key = checkName(api, 'format', name)
  if (typeof format !== 'string' && typeof format !== 'function') {
    throw new TypeError(`${api}: format ${JSON.stringify(key)} must be a format string or a function`)
  }
  formats[key] = format as string | AnyFormatFn
  expose(key, format)
}

/** The named format, if one is registered under `name`. */
export function namedFormat(name: string): string | AnyFormatFn | undefined {
  return formats[name]
}
