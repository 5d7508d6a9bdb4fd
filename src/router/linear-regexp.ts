/**
 * A regular-expression matcher whose running time is linear in the length of
 * the subject, for the subset of JavaScript regexp syntax that 4.x path
 * patterns compile to. It gives the same result as `RegExp.prototype.exec`
 * (same match, same captures), so it can stand in for a pattern's RegExp when
 * that one could backtrack for a time polynomial in the path length (e.g.
 * `/*` + `-*.json`, whose two `(.*)` retry each other's split points).
 *
 * How: the pattern becomes a small program of instructions (a Thompson NFA
 * with priorities), searched depth-first in the order a backtracking engine
 * tries alternatives, so the first success is the match `exec` finds. From a
 * given instruction at a given position the rest of the search does not
 * depend on how it got there (no backreferences are supported), so a pair
 * (instruction, position) reached a second time can only fail again and is
 * skipped: each pair is expanded at most once, O(program × length) in all.
 * (This is the "bit-state" backtracker of RE2.)
 *
 * Supported (parsed by regexp-syntax.ts): literals, escapes of
 * non-alphanumerics, `\d \D \w \W \s \S`, `.`,
 * classes with ranges, groups (capturing and `(?:`), alternation,
 * quantifiers `? * + {n} {n,} {n,m}` and their lazy forms, `^`, `$`, and
 * lookaheads `(?=` `(?!` with bounded bodies and no captures; flags `i` only.
 * Anything else (or a pattern that could loop on an empty iteration) is
 * refused — `compileLinear` answers null and the caller keeps the RegExp.
 */
import {
  canonicalize,
  countUnbounded,
  groupSpan,
  isBounded,
  isLineTerminator,
  isNullable,
  maxLength,
  Parser,
  Unsupported,
  type Node,
} from './regexp-syntax'

const enum Op {
  Char,
  Class,
  Any,
  Split,
  Jmp,
  Save,
  Clear,
  Start,
  End,
  Look,
  Match,
}

interface Inst {
  op: Op
  /** Char: code unit. Split/Jmp: first target. Save: slot. Clear: first slot. Look: lookahead index. */
  a: number
  /** Split: second target. Clear: last slot (exclusive). Look: 1 when negative. */
  b: number
  cls: ((c: number) => boolean) | null
}

const MAX_PROGRAM = 4096

interface Look {
  prog: Inst[]
  /** Longest text the body can match: the search window at a position. */
  span: number
  /**
   * When the body is a choice of literal texts (and `$`), as in the
   * lookaheads path-to-regexp writes (`(?!\/|-)`, `(?=\/|$)`): those texts,
   * as code units (canonicalized under `i`), checked directly.
   */
  literals: { codes: number[]; end: boolean }[] | null
}

/** The alternatives of a body made only of literal characters and `$`, or null. */
function literalAlternatives(node: Node, ignoreCase: boolean): { codes: number[]; end: boolean }[] | null {
  const alternatives = node.t === 'alt' ? node.items : [node]
  const out: { codes: number[]; end: boolean }[] = []
  for (const alt of alternatives) {
    const items = alt.t === 'seq' ? alt.items : [alt]
    if (items.length === 1 && items[0].t === 'end') {
      out.push({ codes: [], end: true })
      continue
    }
    const codes: number[] = []
    for (const item of items) {
      if (item.t !== 'char') return null
      codes.push(ignoreCase ? canonicalize(item.c) : item.c)
    }
    out.push({ codes, end: false })
  }
  return out
}

/** Whether one of the literal alternatives starts at `pos`. */
function literalAt(literals: { codes: number[]; end: boolean }[], str: string, pos: number, ignoreCase: boolean): boolean {
  for (const { codes, end } of literals) {
    if (end) {
      if (pos === str.length) return true
      continue
    }
    if (pos + codes.length > str.length) continue
    let k = 0
    for (; k < codes.length; k++) {
      const c = str.charCodeAt(pos + k)
      if ((ignoreCase ? canonicalize(c) : c) !== codes[k]) break
    }
    if (k === codes.length) return true
  }
  return false
}

class Compiler {
  readonly prog: Inst[] = []
  readonly looks: Look[] = []

  constructor(private readonly ignoreCase: boolean) {}

  private emit(op: Op, a = 0, b = 0, cls: ((c: number) => boolean) | null = null): number {
    if (this.prog.length >= MAX_PROGRAM) throw new Unsupported()
    this.prog.push({ op, a, b, cls })
    return this.prog.length - 1
  }

  compile(node: Node): void {
    switch (node.t) {
      case 'char':
        this.emit(Op.Char, this.ignoreCase ? canonicalize(node.c) : node.c)
        break
      case 'class':
        this.emit(Op.Class, 0, 0, node.test)
        break
      case 'any':
        this.emit(Op.Any)
        break
      case 'start':
        this.emit(Op.Start)
        break
      case 'end':
        this.emit(Op.End)
        break
      case 'seq':
        for (const item of node.items) this.compile(item)
        break
      case 'alt': {
        // split L1, next; L1: a; jmp end; next: split L2, ...
        const jumps: number[] = []
        for (let k = 0; k < node.items.length; k++) {
          if (k < node.items.length - 1) {
            const split = this.emit(Op.Split)
            this.prog[split].a = split + 1
            this.compile(node.items[k])
            jumps.push(this.emit(Op.Jmp))
            this.prog[split].b = this.prog.length
          } else {
            this.compile(node.items[k])
          }
        }
        for (const j of jumps) this.prog[j].a = this.prog.length
        break
      }
      case 'group':
        if (node.index > 0) this.emit(Op.Save, 2 * node.index)
        this.compile(node.body)
        if (node.index > 0) this.emit(Op.Save, 2 * node.index + 1)
        break
      case 'look': {
        const sub = new Compiler(this.ignoreCase)
        sub.compile(node.body)
        sub.emit(Op.Match)
        if (sub.looks.length !== 0) throw new Unsupported()
        this.looks.push({ prog: sub.prog, span: maxLength(node.body), literals: literalAlternatives(node.body, this.ignoreCase) })
        this.emit(Op.Look, this.looks.length - 1, node.negative ? 1 : 0)
        break
      }
      case 'repeat':
        this.repeat(node)
        break
    }
  }

  /** One iteration: captures inside the body start undefined each time, as in JavaScript. */
  private iteration(body: Node, span: [number, number] | null): void {
    if (span !== null) this.emit(Op.Clear, 2 * span[0], 2 * span[1] + 2)
    this.compile(body)
  }

  private repeat(node: Extract<Node, { t: 'repeat' }>): void {
    const { body, min, max, lazy } = node
    // An optional iteration that may match nothing would need JavaScript's
    // rule that such an iteration fails.
    if (max > min && isNullable(body)) throw new Unsupported()
    const span = groupSpan(body)
    for (let k = 0; k < min; k++) this.iteration(body, span)
    if (max === Infinity) {
      // L: split body, out (lazy: out first)
      const split = this.emit(Op.Split)
      this.iteration(body, span)
      this.emit(Op.Jmp, split)
      const out = this.prog.length
      this.prog[split].a = lazy ? out : split + 1
      this.prog[split].b = lazy ? split + 1 : out
      return
    }
    // Optional copies, each nested in the previous: split body, out ...
    const splits: number[] = []
    for (let k = min; k < max; k++) {
      const split = this.emit(Op.Split)
      splits.push(split)
      this.iteration(body, span)
    }
    const out = this.prog.length
    for (const split of splits) {
      this.prog[split].a = lazy ? out : split + 1
      this.prog[split].b = lazy ? split + 1 : out
    }
  }
}

/** A compiled linear-time matcher; `exec` returns what `RegExp#exec` would (without `index`/`input`). */
export interface LinearRegExp {
  exec(str: string): (string | undefined)[] | null
  /** Number of capture groups. */
  readonly groups: number
  /**
   * Unbounded quantifiers in the pattern: a backtracking engine's work on a
   * subject of length n is at most of the order of n to this power.
   */
  readonly unbounded: number
}


/**
 * Compiles `source` (with `flags`, "" or "i") to a linear-time matcher, or
 * null when the pattern is outside the supported subset.
 *
 * @example
 * compileLinear('^\\/(.*)-(.*)\\.json\\/?$', 'i')?.exec('/a-b.json') // ['/a-b.json', 'a', 'b']
 */
export function compileLinear(source: string, flags: string): LinearRegExp | null {
  if (flags !== '' && flags !== 'i') return null
  const ignoreCase = flags === 'i'
  let program: Inst[]
  let looks: Look[]
  let groups: number
  let unbounded: number
  try {
    const parser = new Parser(source, ignoreCase)
    const tree = parser.parse()
    groups = parser.groups
    unbounded = countUnbounded(tree)
    const compiler = new Compiler(ignoreCase)
    compiler.compile(tree)
    compiler.prog.push({ op: Op.Match, a: 0, b: 0, cls: null })
    program = compiler.prog
    looks = compiler.looks
  } catch (err) {
    if (err instanceof Unsupported) return null
    throw err
  }
  // Only patterns anchored at the start (as every path pattern is): an
  // unanchored search would retry from each position.
  if (!anchoredAlternatives(program)) return null
  const slots = 2 * (groups + 1)
  return {
    groups,
    unbounded,
    exec(str: string) {
      const lookCache = looks.map((look) => (look.literals === null ? new Int8Array(str.length + 1) : EMPTY_CACHE))
      const caps = run(program, lookCache, looks, str, 0, str.length, slots, ignoreCase)
      if (caps === null) return null
      const out: (string | undefined)[] = [str.slice(0, caps[1])]
      for (let g = 1; g <= groups; g++) {
        const s = caps[2 * g]
        const e = caps[2 * g + 1]
        out.push(s >= 0 && e >= 0 ? str.slice(s, e) : undefined)
      }
      return out
    },
  }
}

const EMPTY_CACHE = new Int8Array(0)

/**
 * Work done by every search so far: one step per (instruction, position)
 * pair expanded, in the main program and in lookahead bodies. Tests read it
 * to check the linear bound by counting instead of timing
 * (test/fuzz/routing-scaling.test.ts); nothing else does. Kept in a local
 * during a search and added once at its end, so the search loop pays nothing.
 */
export const searchSteps = { total: 0 }

/** Whether every alternative of the program begins with `^` (e.g. `^a|^b`). */
function anchoredAlternatives(program: Inst[]): boolean {
  const seen = new Set<number>()
  const check = (pc: number): boolean => {
    if (seen.has(pc)) return true
    seen.add(pc)
    const inst = program[pc]
    if (inst.op === Op.Start) return true
    if (inst.op === Op.Split) return check(inst.a) && check(inst.b)
    if (inst.op === Op.Jmp) return check(inst.a)
    if (inst.op === Op.Save || inst.op === Op.Clear) return check(pc + 1)
    return false
  }
  return check(0)
}

/**
 * The search from `start`. Returns the capture slots of the first match in
 * priority order (slot 1 is the match end), or null. Jobs on the stack are
 * either a thread (pc, position) or a capture slot to restore on the way back.
 */
function run(
  program: Inst[],
  lookCache: Int8Array[],
  looks: Look[],
  str: string,
  start: number,
  span: number,
  slots: number,
  ignoreCase: boolean,
): Int32Array | null {
  // Positions start..start+span are the only ones the search can reach.
  const width = Math.min(span, str.length - start) + 1
  const visited = new Uint32Array(Math.ceil((program.length * width) / 32))
  const caps = new Int32Array(slots).fill(-1)
  caps[0] = start
  // Stack entries: kind/pc, position-or-slot, saved value.
  const stack: number[] = [0, start, 0]
  const THREAD = 0
  const RESTORE = 1
  const RESTORE_MANY = 2
  const saved: Int32Array[] = []
  let steps = 0

  while (stack.length !== 0) {
    const extra = stack.pop() as number
    const arg = stack.pop() as number
    const kind = stack.pop() as number
    if (kind === RESTORE) {
      caps[arg] = extra
      continue
    }
    if (kind === RESTORE_MANY) {
      caps.set(saved.pop() as Int32Array, arg)
      continue
    }
    let pc = extra
    let pos = arg
    for (;;) {
      const bit = pc * width + (pos - start)
      if ((visited[bit >>> 5] & (1 << (bit & 31))) !== 0) break
      visited[bit >>> 5] |= 1 << (bit & 31)
      steps++
      const inst = program[pc]
      let ok = true
      switch (inst.op) {
        case Op.Char: {
          if (pos >= str.length) {
            ok = false
            break
          }
          const c = str.charCodeAt(pos)
          ok = (ignoreCase ? canonicalize(c) : c) === inst.a
          if (ok) {
            pc++
            pos++
          }
          break
        }
        case Op.Class:
          ok = pos < str.length && (inst.cls as (c: number) => boolean)(str.charCodeAt(pos))
          if (ok) {
            pc++
            pos++
          }
          break
        case Op.Any:
          ok = pos < str.length && !isLineTerminator(str.charCodeAt(pos))
          if (ok) {
            pc++
            pos++
          }
          break
        case Op.Split:
          stack.push(THREAD, pos, inst.b)
          pc = inst.a
          break
        case Op.Jmp:
          pc = inst.a
          break
        case Op.Save:
          stack.push(RESTORE, inst.a, caps[inst.a])
          caps[inst.a] = pos
          pc++
          break
        case Op.Clear:
          saved.push(caps.slice(inst.a, inst.b))
          stack.push(RESTORE_MANY, inst.a, 0)
          caps.fill(-1, inst.a, inst.b)
          pc++
          break
        case Op.Start:
          ok = pos === 0
          if (ok) pc++
          break
        case Op.End:
          ok = pos === str.length
          if (ok) pc++
          break
        case Op.Look: {
          const look = looks[inst.a]
          let found: boolean
          if (look.literals !== null) {
            found = literalAt(look.literals, str, pos, ignoreCase)
          } else {
            const cache = lookCache[inst.a]
            let known = cache[pos]
            if (known === 0) {
              const sub = run(look.prog, [], [], str, pos, look.span, 2, ignoreCase)
              known = sub !== null ? 1 : 2
              cache[pos] = known
            }
            found = known === 1
          }
          ok = found !== (inst.b === 1)
          if (ok) pc++
          break
        }
        case Op.Match:
          caps[1] = pos
          searchSteps.total += steps
          return caps
      }
      if (!ok) break
    }
  }
  searchSteps.total += steps
  return null
}
