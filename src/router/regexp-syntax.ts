/**
 * The syntax side of the linear-time regexp engine (linear-regexp.ts): the
 * parser of the regexp subset it supports into a tree, and the analyses the
 * compiler needs (boundedness, longest match, empty matches, capture spans,
 * unbounded quantifiers). Anything outside the subset throws `Unsupported`.
 */

export type Node =
  | { t: 'char'; c: number }
  | { t: 'class'; test: (c: number) => boolean }
  | { t: 'any' }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'group'; index: number; body: Node } // index -1: non-capturing
  | { t: 'repeat'; body: Node; min: number; max: number; lazy: boolean }
  | { t: 'start' }
  | { t: 'end' }
  | { t: 'look'; negative: boolean; body: Node }

/** Thrown for syntax outside the supported subset. */
export class Unsupported extends Error {}

export function isLineTerminator(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39
}

function isWord(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || isDigit(c) || c === 0x5f
}

/** ECMAScript's WhiteSpace and LineTerminator code points: what `\s` matches. */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d)
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  )
}

function isAsciiAlnum(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || isDigit(c)
}

/** ECMAScript's Canonicalize for case-insensitive matching without the `u` flag. */
export function canonicalize(c: number): number {
  if (c < 128) return c >= 0x61 && c <= 0x7a ? c - 32 : c
  const ch = String.fromCharCode(c)
  const upper = ch.toUpperCase()
  if (upper.length !== 1) return c
  const u = upper.charCodeAt(0)
  return c >= 128 && u < 128 ? c : u
}

interface Range {
  lo: number
  hi: number
}

/** Parses a pattern source into a tree; throws Unsupported outside the subset. */
export class Parser {
  private i = 0
  groups = 0

  constructor(
    private readonly src: string,
    private readonly ignoreCase: boolean,
  ) {}

  parse(): Node {
    const node = this.alternation()
    if (this.i !== this.src.length) throw new Unsupported()
    return node
  }

  private peek(): string | undefined {
    return this.src[this.i]
  }

  private alternation(): Node {
    const items = [this.sequence()]
    while (this.peek() === '|') {
      this.i++
      items.push(this.sequence())
    }
    return items.length === 1 ? items[0] : { t: 'alt', items }
  }

  private sequence(): Node {
    const items: Node[] = []
    for (;;) {
      const c = this.peek()
      if (c === undefined || c === '|' || c === ')') break
      const atom = this.atom()
      items.push(this.quantified(atom))
    }
    return { t: 'seq', items }
  }

  private quantified(atom: Node): Node {
    const c = this.peek()
    let min: number
    let max: number
    if (c === '*') {
      min = 0
      max = Infinity
      this.i++
    } else if (c === '+') {
      min = 1
      max = Infinity
      this.i++
    } else if (c === '?') {
      min = 0
      max = 1
      this.i++
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i))
      if (m === null) throw new Unsupported() // a literal "{" (Annex B): not supported
      min = Number(m[1])
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3])
      if (max < min || min > 100 || (max !== Infinity && max > 100)) throw new Unsupported()
      this.i += m[0].length
    } else {
      return atom
    }
    if (atom.t === 'start' || atom.t === 'end' || atom.t === 'look') throw new Unsupported()
    let lazy = false
    if (this.peek() === '?') {
      lazy = true
      this.i++
    }
    return { t: 'repeat', body: atom, min, max, lazy }
  }

  private atom(): Node {
    const c = this.src[this.i++]
    switch (c) {
      case '^':
        return { t: 'start' }
      case '$':
        return { t: 'end' }
      case '.':
        return { t: 'any' }
      case '(':
        return this.group()
      case '[':
        return this.charClass()
      case '\\':
        return this.escape()
      case '*':
      case '+':
      case '?':
      case '{':
      case '}':
      case ']':
        throw new Unsupported()
      default:
        return { t: 'char', c: c.charCodeAt(0) }
    }
  }

  private group(): Node {
    let index = -1
    let look: 'pos' | 'neg' | null = null
    if (this.src.startsWith('?:', this.i)) {
      this.i += 2
    } else if (this.src.startsWith('?=', this.i)) {
      this.i += 2
      look = 'pos'
    } else if (this.src.startsWith('?!', this.i)) {
      this.i += 2
      look = 'neg'
    } else if (this.peek() === '?') {
      throw new Unsupported() // lookbehind, named groups
    } else {
      index = ++this.groups
    }
    const groupsBefore = this.groups
    const body = this.alternation()
    if (this.src[this.i++] !== ')') throw new Unsupported()
    if (look !== null) {
      // Captures inside lookaheads, or unbounded bodies, are outside the subset.
      if (this.groups !== groupsBefore || !isBounded(body)) throw new Unsupported()
      return { t: 'look', negative: look === 'neg', body }
    }
    return { t: 'group', index, body }
  }

  /** One escape outside a class, as a node. */
  private escape(): Node {
    const range = this.escapeRanges()
    if (range.single !== undefined) return { t: 'char', c: range.single }
    return { t: 'class', test: range.test as (c: number) => boolean }
  }

  /** An escape: a single code unit, or a class test (\d \w \s and their negations). */
  private escapeRanges(): { single?: number; test?: (c: number) => boolean } {
    const c = this.src[this.i++]
    if (c === undefined) throw new Unsupported()
    switch (c) {
      case 'd':
        return { test: isDigit }
      case 'D':
        return { test: (x) => !isDigit(x) }
      case 'w':
        return { test: isWord }
      case 'W':
        return { test: (x) => !isWord(x) }
      case 's':
        return { test: isSpace }
      case 'S':
        return { test: (x) => !isSpace(x) }
    }
    const code = c.charCodeAt(0)
    // \n, \b, \1, \u... : not needed by path patterns.
    if (isAsciiAlnum(code) || code === 0x5f) throw new Unsupported()
    return { single: code }
  }

  private charClass(): Node {
    let negated = false
    if (this.peek() === '^') {
      negated = true
      this.i++
    }
    const ranges: Range[] = []
    const tests: ((c: number) => boolean)[] = []
    let first = true
    for (;;) {
      const c = this.src[this.i]
      if (c === undefined) throw new Unsupported()
      if (c === ']') {
        if (first) {
          // "[]" matches nothing, "[^]" any code unit (path-to-regexp 8 writes it for wildcards).
          this.i++
          return { t: 'class', test: negated ? () => true : () => false }
        }
        break
      }
      first = false
      const lo = this.classAtom()
      if (this.peek() === '-' && this.src[this.i + 1] !== ']' && this.src[this.i + 1] !== undefined) {
        this.i++
        const hi = this.classAtom()
        if (typeof lo !== 'number' || typeof hi !== 'number' || hi < lo) throw new Unsupported()
        ranges.push({ lo, hi })
      } else if (typeof lo === 'number') {
        ranges.push({ lo, hi: lo })
      } else {
        tests.push(lo)
      }
    }
    this.i++ // ]
    if (this.ignoreCase) {
      // Without the u flag no non-ASCII character folds to an ASCII one (and
      // back), so ASCII-only classes fold by swapping letter case; others are
      // left to the RegExp.
      for (const r of ranges) if (r.hi >= 128) throw new Unsupported()
    }
    const inRanges = (x: number) => {
      for (const r of ranges) if (x >= r.lo && x <= r.hi) return true
      for (const t of tests) if (t(x)) return true
      return false
    }
    let member = inRanges
    if (this.ignoreCase) {
      member = (x) => {
        if (inRanges(x)) return true
        if (x >= 0x61 && x <= 0x7a) return inRanges(x - 32)
        if (x >= 0x41 && x <= 0x5a) return inRanges(x + 32)
        return false
      }
    }
    return { t: 'class', test: negated ? (x) => !member(x) : member }
  }

  /** A class member: a code unit, or a class test for \d \D \w \W. */
  private classAtom(): number | ((c: number) => boolean) {
    const c = this.src[this.i++]
    if (c === '\\') {
      const e = this.escapeRanges()
      return e.single !== undefined ? e.single : (e.test as (c: number) => boolean)
    }
    if (c === '[') throw new Unsupported()
    return c.charCodeAt(0)
  }
}

/** Whether a node matches only strings of bounded length. */
export function isBounded(node: Node): boolean {
  switch (node.t) {
    case 'seq':
    case 'alt':
      return node.items.every(isBounded)
    case 'group':
    case 'look':
      return isBounded(node.body)
    case 'repeat':
      return node.max !== Infinity && isBounded(node.body)
    default:
      return true
  }
}

/** The longest string a bounded node can match. */
export function maxLength(node: Node): number {
  switch (node.t) {
    case 'char':
    case 'class':
    case 'any':
      return 1
    case 'seq':
      return node.items.reduce((sum, item) => sum + maxLength(item), 0)
    case 'alt':
      return Math.max(...node.items.map(maxLength))
    case 'group':
      return maxLength(node.body)
    case 'repeat':
      return node.max * maxLength(node.body)
    default:
      return 0
  }
}

/** Whether a node can match the empty string. */
export function isNullable(node: Node): boolean {
  switch (node.t) {
    case 'char':
    case 'class':
    case 'any':
      return false
    case 'seq':
      return node.items.every(isNullable)
    case 'alt':
      return node.items.some(isNullable)
    case 'group':
      return isNullable(node.body)
    case 'repeat':
      return node.min === 0 || isNullable(node.body)
    default:
      return true
  }
}

/** Capture groups inside a node: [first, last] indexes, or null. */
export function groupSpan(node: Node): [number, number] | null {
  let lo = Infinity
  let hi = -Infinity
  const walk = (n: Node): void => {
    switch (n.t) {
      case 'seq':
      case 'alt':
        n.items.forEach(walk)
        break
      case 'group':
        if (n.index > 0) {
          lo = Math.min(lo, n.index)
          hi = Math.max(hi, n.index)
        }
        walk(n.body)
        break
      case 'repeat':
      case 'look':
        walk(n.body)
        break
    }
  }
  walk(node)
  return lo === Infinity ? null : [lo, hi]
}

/** Unbounded quantifiers in a tree (a bound on a backtracker's polynomial degree). */
export function countUnbounded(node: Node): number {
  switch (node.t) {
    case 'seq':
    case 'alt':
      return node.items.reduce((sum, item) => sum + countUnbounded(item), 0)
    case 'group':
    case 'look':
      return countUnbounded(node.body)
    case 'repeat':
      return (node.max === Infinity ? 1 : 0) + countUnbounded(node.body)
    default:
      return 0
  }
}
