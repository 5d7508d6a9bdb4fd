/**
 * Counting the work of a piece of request handling instead of timing it:
 * every regular expression it runs (caught at `RegExp.prototype.exec`, which
 * `test`, `replace`, `split`, `match` ... call once the method is replaced),
 * with the subject it ran on, and the steps of the linear-time engine
 * (src/router/linear-regexp.ts `searchSteps`).
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
  RegExp.prototype.exec = function exec(this: RegExp, subject: string) {
    const str = String(subject)
    execs.push({ regexp: this, subject: str, from: this.global || this.sticky ? this.lastIndex : 0 })
    return original.call(this, str)
  }
  try {
    fn()
  } finally {
    RegExp.prototype.exec = original
  }
  return { execs, engineSteps: searchSteps.total - stepsBefore }
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
 * each RegExp execution (backtrack-steps.ts) plus the linear engine's.
 */
export function stepsOf(work: Work): number {
  let steps = work.engineSteps
  for (const { regexp, subject, from } of work.execs) steps += backtrackSteps(regexp, subject, from)
  return steps
}
