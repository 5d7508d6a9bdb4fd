/**
 * A plain backtracking matcher that counts its steps: the work a
 * backtracking engine such as V8's does for one `exec`, as a number instead
 * of a time. Test-only; it reads the pattern with the parser of
 * src/router/regexp-syntax.ts and compiles it to its own small program (an
 * NFA with priorities), which it searches depth-first like irregexp: every
 * alternative, every split point, no memory of what already failed. So a
 * pattern with competing quantifiers shows its polynomial work here on the
 * same inputs where the engine would take polynomial time.
 *
 * Steps are instructions executed, lookahead bodies included; a search that
 * is not anchored by `^` (or sticky) is retried from each start position,
 * as `exec` does.
 */
import { internal, type Any } from '../helpers/webfw'
import { parsePattern, type Node } from './regexp-growth'

const syntax: Any = internal('router/regexp-syntax')

type Inst =
  | { op: 'read'; test: (c: number) => boolean }
  | { op: 'split'; a: number; b: number }
  | { op: 'jmp'; a: number }
  | { op: 'start' }
  | { op: 'end' }
  | { op: 'look'; prog: Inst[]; negative: boolean }
  | { op: 'match' }

/** Thrown when the step limit is reached (the work is then at least that). */
export class StepLimit extends Error {}

function compile(node: Node, prog: Inst[], ignoreCase: boolean): void {
  switch (node.t) {
    case 'char': {
      const c = node.c
      const k = syntax.canonicalize(c) as number
      prog.push({ op: 'read', test: ignoreCase ? (x) => syntax.canonicalize(x) === k : (x) => x === c })
      return
    }
    case 'class':
      prog.push({ op: 'read', test: node.test })
      return
    case 'any':
      prog.push({ op: 'read', test: (x) => !syntax.isLineTerminator(x) })
      return
    case 'start':
    case 'end':
      prog.push({ op: node.t })
      return
    case 'look': {
      const sub: Inst[] = []
      compile(node.body, sub, ignoreCase)
      sub.push({ op: 'match' })
      prog.push({ op: 'look', prog: sub, negative: node.negative })
      return
    }
    case 'group':
      compile(node.body, prog, ignoreCase)
      return
    case 'seq':
      for (const item of node.items) compile(item, prog, ignoreCase)
      return
    case 'alt': {
      const jumps: Extract<Inst, { op: 'jmp' }>[] = []
      node.items.forEach((item, k) => {
        if (k === node.items.length - 1) return compile(item, prog, ignoreCase)
        const split: Extract<Inst, { op: 'split' }> = { op: 'split', a: prog.length + 1, b: 0 }
        prog.push(split)
        compile(item, prog, ignoreCase)
        const jump: Extract<Inst, { op: 'jmp' }> = { op: 'jmp', a: 0 }
        jumps.push(jump)
        prog.push(jump)
        split.b = prog.length
      })
      for (const j of jumps) j.a = prog.length
      return
    }
    case 'repeat': {
      const { body, min, max, lazy } = node
      if (max > min && syntax.isNullable(body)) throw new Error('a repetition whose body can match nothing')
      for (let k = 0; k < min; k++) compile(body, prog, ignoreCase)
      const order = (split: Extract<Inst, { op: 'split' }>, into: number, out: number): void => {
        split.a = lazy ? out : into
        split.b = lazy ? into : out
      }
      if (max === Infinity) {
        const at = prog.length
        const split: Extract<Inst, { op: 'split' }> = { op: 'split', a: 0, b: 0 }
        prog.push(split)
        compile(body, prog, ignoreCase)
        prog.push({ op: 'jmp', a: at })
        order(split, at + 1, prog.length)
        return
      }
      const splits: [Extract<Inst, { op: 'split' }>, number][] = []
      for (let k = min; k < max; k++) {
        const split: Extract<Inst, { op: 'split' }> = { op: 'split', a: 0, b: 0 }
        splits.push([split, prog.length + 1])
        prog.push(split)
        compile(body, prog, ignoreCase)
      }
      for (const [split, into] of splits) order(split, into, prog.length)
      return
    }
  }
}

interface Meter {
  steps: number
  limit: number
}

/** Depth-first search of `prog` from `start`; whether it reaches `match`. */
function search(prog: Inst[], str: string, start: number, meter: Meter): boolean {
  const stack: number[] = [0, start]
  while (stack.length !== 0) {
    let pos = stack.pop() as number
    let pc = stack.pop() as number
    for (;;) {
      if (++meter.steps > meter.limit) throw new StepLimit(`more than ${meter.limit} steps`)
      const inst = prog[pc]
      if (inst.op === 'match') return true
      if (inst.op === 'read') {
        if (pos >= str.length || !inst.test(str.charCodeAt(pos))) break
        pc++
        pos++
      } else if (inst.op === 'split') {
        stack.push(inst.b, pos)
        pc = inst.a
      } else if (inst.op === 'jmp') {
        pc = inst.a
      } else if (inst.op === 'start') {
        if (pos !== 0) break
        pc++
      } else if (inst.op === 'end') {
        if (pos !== str.length) break
        pc++
      } else {
        // Lookaheads are atomic in JavaScript: a search of their own.
        if (search(inst.prog, str, pos, meter) === inst.negative) break
        pc++
      }
    }
  }
  return false
}

/**
 * The steps a backtracking engine takes for `re.exec(str)` with
 * `re.lastIndex` at `from` (used when the RegExp is global or sticky).
 * Throws StepLimit past `limit` steps, and an Error for syntax outside the
 * parser's subset.
 *
 * @example
 * backtrackSteps(/^\/(.*)-(.*)$/, '/' + '-'.repeat(100) + '!') // about 100²/2
 */
export function backtrackSteps(re: { source: string; flags: string }, str: string, from = 0, limit = 1e8): number {
  return backtrackRun(re, str, from, limit).steps
}

/** `backtrackSteps`, and whether the search found a match (what `exec` would answer). */
export function backtrackRun(re: { source: string; flags: string }, str: string, from = 0, limit = 1e8): { steps: number; matched: boolean } {
  for (const f of re.flags) if (!'igyd'.includes(f)) throw new Error(`flag ${f} is not modelled`)
  const ignoreCase = re.flags.includes('i')
  const prog: Inst[] = []
  const tree = parsePattern(re.source, ignoreCase)
  if (tree === null) throw new Error(`/${re.source}/ is outside the parser's subset: its steps cannot be counted`)
  compile(tree, prog, ignoreCase)
  prog.push({ op: 'match' })
  const meter: Meter = { steps: 0, limit }
  const start = re.flags.includes('g') || re.flags.includes('y') ? from : 0
  const lastStart = re.flags.includes('y') ? start : str.length
  for (let s = start; s <= lastStart; s++) if (search(prog, str, s, meter)) return { steps: meter.steps, matched: true }
  return { steps: meter.steps, matched: false }
}
