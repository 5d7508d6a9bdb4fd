/**
 * Counting the work of a piece of request handling instead of timing it:
 * every regular expression it runs (caught at `RegExp.prototype.exec`, which
 * `test`, `replace`, `split`, `match` ... call once the method is replaced),
 * with the subject it ran on; the steps of the linear-time engine
 * (src/router/linear-regexp.ts `searchSteps`); and the characters and
 * elements the string and array built-ins go through (`indexOf` counts what
 * it scanned up to its answer, `split` and `trim` the whole string, `slice`
 * what it copies, `map`, `filter`, `join` ... every element, `sort` n log n),
 * which is the work of parsers written as loops over `indexOf`, `split` and
 * `charCodeAt`, like most header parsers.
 */
import { internal } from '../helpers/webfw'
import { analyseBacktracking, type Verdict } from './regexp-growth'
import { backtrackSteps } from './backtrack-steps'

const { searchSteps } = internal('router/linear-regexp') as { searchSteps: { total: number } }

/** One `exec`: the RegExp, the subject, and where the search started. */
export interface ExecRecord {
  regexp: RegExp
  subject: string
  from: number
}

export interface Work {
  execs: ExecRecord[]
  /** Steps of the linear-time engine. */
  engineSteps: number
  /** Characters and elements gone through by string and array built-ins. */
  builtinSteps: number
}

type Cost = (self: { length: number }, args: unknown[], result: unknown) => number

const whole: Cost = (self) => self.length
const one: Cost = () => 1
const output: Cost = (_self, _args, result) => (result as { length: number }).length
/** `indexOf`-like: from the start position to the end of the match (or of the string). */
const scan: Cost = (self, args, result) => {
  const from = Math.min(Math.max(Math.trunc(Number(args[1]) || 0), 0), self.length)
  const r = result as number
  return r === -1 ? self.length - from : r + String(args[0]).length - from + 1
}
const STRING_COSTS: Record<string, Cost> = {
  indexOf: scan,
  includes: (self, args, result) => (result ? scan(self, args, String.prototype.indexOf.apply(self, args as [string, number])) : whole(self, args, result)),
  lastIndexOf: (self, _args, result) => ((result as number) === -1 ? self.length : self.length - (result as number)),
  startsWith: (_self, args) => String(args[0]).length + 1,
  endsWith: (_self, args) => String(args[0]).length + 1,
  slice: output, substring: output, substr: output, concat: output, repeat: output, padStart: output, padEnd: output,
  split: whole, trim: whole, trimStart: whole, trimEnd: whole, toLowerCase: whole, toUpperCase: whole,
  normalize: whole, replace: whole, replaceAll: whole, localeCompare: whole,
  charCodeAt: one, charAt: one, codePointAt: one, at: one,
}
const ARRAY_COSTS: Record<string, Cost> = {
  map: whole, filter: whole, forEach: whole, some: whole, every: whole, reduce: whole, reduceRight: whole,
  find: whole, findIndex: whole, indexOf: whole, lastIndexOf: whole, includes: whole, join: whole,
  slice: output, concat: output, reverse: whole, shift: whole, unshift: whole, splice: whole, fill: whole,
  flat: output, flatMap: output,
  sort: (self) => Math.ceil(self.length * Math.log2(self.length + 1)),
  push: one, pop: one,
}

/** Replaces each listed method by one that adds its cost to `counter`; returns the undo. */
function instrument(proto: object, costs: Record<string, Cost>, counter: { steps: number }): () => void {
  const originals: [string, PropertyDescriptor][] = []
  for (const [name, cost] of Object.entries(costs)) {
    const desc = Object.getOwnPropertyDescriptor(proto, name)
    if (desc === undefined || typeof desc.value !== 'function') continue
    const original = desc.value as (...args: unknown[]) => unknown
    originals.push([name, desc])
    Object.defineProperty(proto, name, {
      ...desc,
      value: function metered(this: { length: number }, ...args: unknown[]) {
        const result = original.apply(this, args)
        counter.steps += cost(this, args, result)
        return result
      },
    })
  }
  return () => {
    for (const [name, desc] of originals) Object.defineProperty(proto, name, desc)
  }
}

/**
 * Runs `fn` and returns what it ran: every RegExp execution and the linear
 * engine's steps. Not re-entrant; `fn` must be synchronous.
 *
 * @example
 * const { execs } = meter(() => req.accepts('json'))
 */
export function meter(fn: () => unknown): Work {
  const execs: ExecRecord[] = []
  const original = RegExp.prototype.exec
  const stepsBefore = searchSteps.total
  const builtins = { steps: 0 }
  RegExp.prototype.exec = function exec(this: RegExp, subject: string) {
    const str = String(subject)
    execs.push({ regexp: this, subject: str, from: this.global || this.sticky ? this.lastIndex : 0 })
    return original.call(this, str)
  }
  const restoreStrings = instrument(String.prototype, STRING_COSTS, builtins)
  const restoreArrays = instrument(Array.prototype, ARRAY_COSTS, builtins)
  try {
    fn()
  } finally {
    restoreArrays()
    restoreStrings()
    RegExp.prototype.exec = original
  }
  return { execs, engineSteps: searchSteps.total - stepsBefore, builtinSteps: builtins.steps }
}

const verdicts = new Map<string, Verdict>()

/** `analyseBacktracking`, remembered per source and flags. */
export function verdictOf(re: RegExp): Verdict {
  const key = `/${re.source}/${re.flags}`
  let v = verdicts.get(key)
  if (v === undefined) {
    v = analyseBacktracking(re)
    verdicts.set(key, v)
  }
  return v
}

/**
 * The work of `work` counted in steps: a backtracking engine's steps for
 * each RegExp execution (backtrack-steps.ts), plus the linear engine's, plus
 * the built-ins'.
 */
export function stepsOf(work: Work): number {
  let steps = work.engineSteps + work.builtinSteps
  for (const { regexp, subject, from } of work.execs) steps += backtrackSteps(regexp, subject, from)
  return steps
}
