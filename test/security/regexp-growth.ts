/**
 * A static check that a regular expression cannot backtrack super-linearly:
 * how the work of a backtracking engine (V8's irregexp) on a failing subject
 * of length n can grow, decided from the pattern alone, without running it.
 *
 * Method (the ambiguity criterion of Weber & Seidl, as applied to
 * backtracking by Weideman et al. 2016): a backtracking search explores every
 * path of the pattern's automaton that reads a prefix of the subject. If no
 * word has more than a bounded number of such paths, the search is linear.
 * The number of paths is unbounded exactly when the automaton has
 * - EDA: a state with two different cycles reading the same word (the paths
 *   double on each repetition: exponential), or
 * - IDA: two different states p, q and a word w with p→p, p→q and q→q all
 *   reading w (each repetition adds paths: polynomial, degree one more than
 *   the longest chain of such states).
 * Both are decided on the automaton's square and cube (pairs and triples of
 * states reading the same characters); see `analyseBacktracking`.
 *
 * The automaton is built from the parse tree of src/router/regexp-syntax.ts
 * (the parser of the linear-time engine: the same reading of the pattern
 * webfw itself relies on), one state per character-reading leaf (Glushkov),
 * with a multiplicity on each transition that counts the distinct ways the
 * pattern's structure leads from one leaf to the next (`(?:|)a`, two empty
 * alternatives, is two ways: a backtracker tries both). It over-approximates
 * the engine's paths wherever it cannot be exact, so "linear" is a proof and
 * the other answers may be false alarms:
 * - `$`, `\b`-free lookaheads and `^` past the start are taken as always
 *   true, except the form path-to-regexp 0.1 writes, a lookahead made of
 *   single characters right before one character (`(?:(?!\/|-).)+?`), which is
 *   exact: it narrows that character's class.
 * - A pattern not anchored by `^` is searched from every start position; that
 *   is modelled by a leading `[^]*?`, so a "super-linear move" (`a+b` on a run
 *   of `a`) counts as polynomial.
 * What the parser does not support (backreferences, lookbehinds, `\b`,
 * flags other than `i`, `g`, `y`, `d`, a repetition whose body can be empty)
 * is answered "unsupported", never "linear".
 *
 * Why this and not an analyser from npm (compared on the patterns of
 * test/fuzz/routing-scaling.test.ts and test/security/backtracking.test.ts,
 * 5.x and 4.x, routes and `use` prefixes, 76 regular expressions): recheck
 * 4.5 (5.6 MB of Scala.js, plus optional 29 MB native and 23 MB jar) decides
 * by automaton only without lookaheads; every `use` prefix and most 4.x
 * parameters have one, and it then falls back to seeded fuzzing, 1-4 s per
 * pattern, which called `/*` + `/:b/*` and `/api/*` + `/users/*` (quadratic) safe and
 * the linear 5.x `/:a{.:b}{.:c}/x` prefix quadratic. redos-detector 6.1
 * bounds the number of backtracks, not their growth: it flagged nearly every
 * parameter pattern (including linear ones such as 5.x `/:a-:b-:c`).
 * safe-regex2 5.1 measures star height only: it saw none of the polynomial
 * patterns and flagged linear ones (`/:a+`). scslre 0.3 is exact and fast but
 * only finds attacks that repeat one character, so it missed the quadratic
 * `/*` + `/:b/*`, `/*` + `/x/*` + `/y` and `/api/*` + `/users/*`. This check
 * needs no dependency, is deterministic, and reads lookaheads the way the
 * linear-time engine does.
 */
import { internal, type Any } from '../helpers/webfw'

const syntax: Any = internal('router/regexp-syntax')

/** The parse tree of src/router/regexp-syntax.ts (its `Node`). */
export type Node =
  | { t: 'char'; c: number }
  | { t: 'class'; test: (c: number) => boolean }
  | { t: 'any' }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'group'; index: number; body: Node }
  | { t: 'repeat'; body: Node; min: number; max: number; lazy: boolean }
  | { t: 'start' }
  | { t: 'end' }
  | { t: 'look'; negative: boolean; body: Node }

export type Growth = 'linear' | 'polynomial' | 'exponential' | 'unsupported'

export interface Verdict {
  growth: Growth
  /** Why: the states involved, or what is unsupported. */
  reason: string
}

class Unsupported extends Error {}

const ALL_UNITS = 0x10000
const isLineTerminator: (c: number) => boolean = syntax.isLineTerminator
/** ECMAScript's case folding without the u flag, for every code unit (computed once: it is the hot part of `labelsOf`). */
const CANONICAL = new Uint16Array(ALL_UNITS)
for (let c = 0; c < ALL_UNITS; c++) CANONICAL[c] = (syntax.canonicalize as (c: number) => number)(c)
const canonicalize = (c: number): number => CANONICAL[c]

// ---------------------------------------------------------------------------
// Parse tree → an automaton with one state per character-reading leaf.

/** first/last leaves with the number of ways to reach them, and the number of ways to match nothing. */
interface Part {
  first: Map<number, number>
  last: Map<number, number>
  empty: number
}

/** Counts only matter as one or more than one. */
const sat = (n: number): number => (n > 2 ? 2 : n)

function addTo(target: Map<number, number>, source: Map<number, number>, times: number): void {
  if (times === 0) return
  for (const [k, v] of source) target.set(k, sat((target.get(k) ?? 0) + v * times))
}

class Builder {
  readonly preds: ((c: number) => boolean)[] = [() => false] // state 0: the start
  readonly follow: Map<number, number>[] = [new Map()]

  constructor(readonly ignoreCase: boolean) {}

  leaf(pred: (c: number) => boolean): Part {
    const id = this.preds.length
    this.preds.push(pred)
    this.follow.push(new Map())
    return { first: new Map([[id, 1]]), last: new Map([[id, 1]]), empty: 0 }
  }

  link(from: Map<number, number>, to: Map<number, number>): void {
    for (const [p, a] of from) addTo(this.follow[p], to, a)
  }

  seq(a: Part, b: Part): Part {
    this.link(a.last, b.first)
    const first = new Map(a.first)
    addTo(first, b.first, a.empty)
    const last = new Map(b.last)
    addTo(last, a.last, b.empty)
    return { first, last, empty: sat(a.empty * b.empty) }
  }

  alt(a: Part, b: Part): Part {
    const first = new Map(a.first)
    addTo(first, b.first, 1)
    const last = new Map(a.last)
    addTo(last, b.last, 1)
    return { first, last, empty: sat(a.empty + b.empty) }
  }

  static readonly EMPTY: Part = { first: new Map(), last: new Map(), empty: 1 }

  /** Reads a node; every call makes fresh states (so repetitions get their own copies). */
  build(node: Node): Part {
    switch (node.t) {
      case 'char': {
        const c = node.c
        if (!this.ignoreCase) return this.leaf((x) => x === c)
        const k = canonicalize(c)
        return this.leaf((x) => canonicalize(x) === k)
      }
      case 'class':
        return this.leaf(node.test)
      case 'any':
        return this.leaf((x) => !isLineTerminator(x))
      case 'start':
      case 'end':
      case 'look':
        return Builder.EMPTY
      case 'group':
        return this.build(node.body)
      case 'alt':
        return node.items.map((item) => this.build(item)).reduce((a, b) => this.alt(a, b))
      case 'seq': {
        let acc = Builder.EMPTY
        const items = narrowLookaheads(node.items, this.ignoreCase)
        for (const item of items) acc = this.seq(acc, this.build(item))
        return acc
      }
      case 'repeat':
        return this.repeat(node)
    }
  }

  private repeat(node: Extract<Node, { t: 'repeat' }>): Part {
    const guarded = guardedLoop(this, node)
    if (guarded !== null) return guarded
    const { body, min, max } = node
    // JavaScript ends an optional iteration that matched nothing; the parser's
    // engine refuses such patterns, and so does this check.
    if (max > min && nullable(body)) throw new Unsupported('a repetition whose body can match nothing')
    let acc = Builder.EMPTY
    for (let k = 0; k < min; k++) acc = this.seq(acc, this.build(body))
    if (max === Infinity) {
      const loop = this.build(body)
      this.link(loop.last, loop.first)
      return this.seq(acc, { first: loop.first, last: loop.last, empty: 1 })
    }
    // Optional copies, each inside the previous: (b(b(b)?)?)? as the engine compiles them.
    const optional = (count: number): Part => {
      if (count === 0) return Builder.EMPTY
      const inner = this.seq(this.build(body), optional(count - 1))
      return { first: inner.first, last: inner.last, empty: 1 }
    }
    return this.seq(acc, optional(max - min))
  }
}

/**
 * A loop of one character that may not start a given text, `(?:(?!\/\/)[^])+`
 * (path-to-regexp 8 writes it for a parameter after a separator of several
 * characters), read exactly inside the loop: its words are those of the
 * character's class that contain none of the texts. The states follow an
 * automaton of the texts' prefixes: one per (prefix before, prefix after)
 * pair, reading the characters that lead from one to the other. Texts that
 * would reach past the loop's end are not checked (more paths, never fewer).
 * Null when the loop has another form.
 */
function guardedLoop(builder: Builder, node: Extract<Node, { t: 'repeat' }>): Part | null {
  if (node.max !== Infinity || node.min > 1) return null
  let inner = node.body
  while (inner.t === 'group' && inner.index === -1) inner = inner.body
  if (inner.t !== 'seq' || inner.items.length !== 2) return null
  const [look, atom] = inner.items
  if (look.t !== 'look' || !look.negative || (atom.t !== 'char' && atom.t !== 'class' && atom.t !== 'any')) return null
  const texts = literalTexts(look.body, builder.ignoreCase)
  if (texts === null || texts.every((text) => text.length <= 1)) return null
  const test = leafTest(atom, builder.ignoreCase)
  const key = (codes: number[]): string => codes.join(',')
  const whole = new Set(texts.map(key))
  // The prefixes of the texts that are not whole texts: the automaton's states (0 = "").
  const prefixes: number[][] = [[]]
  const ids = new Map<string, number>([['', 0]])
  for (const text of texts) {
    for (let k = 1; k < text.length; k++) {
      const prefix = text.slice(0, k)
      if (!ids.has(key(prefix)) && !whole.has(key(prefix))) {
        ids.set(key(prefix), prefixes.length)
        prefixes.push(prefix)
      }
    }
  }
  const inTexts = new Set(texts.flat())
  // step(s, c): the state after reading c in state s, or -1 when a whole text ends at c.
  const step = (s: number, c: number): number => {
    if (!inTexts.has(c)) return 0
    const read = [...prefixes[s], c]
    for (let k = 0; k < read.length; k++) if (whole.has(key(read.slice(k)))) return -1
    for (let k = 0; k < read.length; k++) {
      const id = ids.get(key(read.slice(k)))
      if (id !== undefined) return id
    }
    return 0
  }
  const fold = builder.ignoreCase ? canonicalize : (c: number) => c
  const n = prefixes.length
  const table = prefixes.map((_, s) => new Map([...inTexts].map((c) => [c, step(s, c)])))
  const pos: Part[][] = prefixes.map((_, s) =>
    prefixes.map((_, t) => builder.leaf((x) => test(x) && (table[s].get(fold(x)) ?? 0) === t)),
  )
  const first = new Map<number, number>()
  const last = new Map<number, number>()
  for (let s = 0; s < n; s++) {
    for (let t = 0; t < n; t++) {
      const [id] = pos[s][t].first.keys()
      if (s === 0) first.set(id, 1)
      last.set(id, 1)
      for (let u = 0; u < n; u++) builder.link(pos[s][t].last, pos[t][u].first)
    }
  }
  return { first, last, empty: node.min === 0 ? 1 : 0 }
}

/**
 * The literal texts a negative lookahead forbids (as code units, folded under
 * `i`), or null when it has none. Alternatives of another form are left out:
 * the loop then forbids less (more paths, never fewer).
 */
function literalTexts(body: Node, ignoreCase: boolean): number[][] | null {
  const texts: number[][] = []
  for (const alt of body.t === 'alt' ? body.items : [body]) {
    const items = alt.t === 'seq' ? alt.items : [alt]
    // Literal characters, then what may match nothing (`\.a(b)?` forbids ".a").
    let k = 0
    while (k < items.length && items[k].t === 'char') k++
    if (k === 0 || !items.slice(k).every(emptyAnywhere)) continue
    texts.push(items.slice(0, k).map((item) => (item as { c: number }).c).map((c) => (ignoreCase ? canonicalize(c) : c)))
  }
  return texts.length === 0 ? null : texts
}

function nullable(node: Node): boolean {
  return syntax.isNullable(node) as boolean
}

/** Whether a node can match the empty string wherever it stands (no assertion involved). */
function emptyAnywhere(node: Node): boolean {
  switch (node.t) {
    case 'repeat':
      return node.min === 0 || emptyAnywhere(node.body)
    case 'group':
      return emptyAnywhere(node.body)
    case 'seq':
      return node.items.every(emptyAnywhere)
    case 'alt':
      return node.items.some(emptyAnywhere)
    default:
      return false
  }
}

/**
 * The characters a lookahead right before one character decides on: those
 * its single-character alternatives name. A longer alternative makes a
 * positive lookahead unreadable (null); in a negative one it is left out,
 * which only forbids less (more paths, never fewer).
 */
function singleCharTest(body: Node, ignoreCase: boolean, negative: boolean): ((c: number) => boolean) | null {
  const alternatives = body.t === 'alt' ? body.items : [body]
  const tests: ((c: number) => boolean)[] = []
  for (let alt of alternatives) {
    // One character then something that may match nothing (`-(b)?`): the lookahead
    // holds exactly when that character comes next.
    if (alt.t === 'seq' && alt.items.length >= 1 && alt.items.slice(1).every(emptyAnywhere)) alt = alt.items[0]
    if (alt.t === 'end') continue // "or at the end": never true right before a character
    if (alt.t === 'char') {
      const c = alt.c
      const k = canonicalize(c)
      tests.push(ignoreCase ? (x) => canonicalize(x) === k : (x) => x === c)
    } else if (alt.t === 'class') {
      tests.push(alt.test)
    } else if (!negative) {
      return null
    }
  }
  return (x) => tests.some((t) => t(x))
}

/** `(?!a|b).` → one class, exactly; other lookaheads stay (and read as always true). */
function narrowLookaheads(items: Node[], ignoreCase: boolean): Node[] {
  const out: Node[] = []
  for (let k = 0; k < items.length; k++) {
    const look = items[k]
    const next = items[k + 1]
    if (look.t === 'look' && next !== undefined && (next.t === 'char' || next.t === 'class' || next.t === 'any')) {
      const inLook = singleCharTest(look.body, ignoreCase, look.negative)
      if (inLook !== null) {
        const test = leafTest(next, ignoreCase)
        out.push({ t: 'class', test: look.negative ? (x) => test(x) && !inLook(x) : (x) => test(x) && inLook(x) })
        k++
        continue
      }
    }
    out.push(look)
  }
  return out
}

function leafTest(node: Node, ignoreCase: boolean): (c: number) => boolean {
  if (node.t === 'class') return node.test
  if (node.t === 'any') return (x) => !isLineTerminator(x)
  const c = (node as { c: number }).c
  const k = canonicalize(c)
  return ignoreCase ? (x) => canonicalize(x) === k : (x) => x === c
}

/** Whether every way into the pattern passes `^` before reading anything. */
function anchored(node: Node): boolean {
  switch (node.t) {
    case 'start':
      return true
    case 'group':
      return anchored(node.body)
    case 'alt':
      return node.items.every(anchored)
    case 'seq':
      for (const item of node.items) {
        if (anchored(item)) return true
        // Zero-width items before the `^` do not read anything.
        if (item.t !== 'end' && item.t !== 'look') return false
      }
      return false
    default:
      return false
  }
}

interface Automaton {
  /** Successors of each state, with the number of distinct ways (1 or 2). */
  next: [number, number][][]
  /** Per state, the character classes (of one partition of all code units) it reads, as bit words. */
  labels: Uint32Array[]
  states: number
}

/** The partition of the 65536 code units by which state tests accept them, and each state's blocks. */
function labelsOf(preds: ((c: number) => boolean)[]): Uint32Array[] {
  const block = new Int32Array(ALL_UNITS)
  let blocks = 1
  for (let s = 1; s < preds.length; s++) {
    const test = preds[s]
    const split = new Int32Array(blocks * 2).fill(-1)
    let next = 0
    for (let c = 0; c < ALL_UNITS; c++) {
      const key = block[c] * 2 + (test(c) ? 1 : 0)
      if (split[key] === -1) split[key] = next++
      block[c] = split[key]
    }
    blocks = next
  }
  const words = Math.ceil(blocks / 32)
  const labels = preds.map(() => new Uint32Array(words))
  const seen = new Uint8Array(blocks)
  for (let c = 0; c < ALL_UNITS; c++) {
    const b = block[c]
    if (seen[b]) continue
    seen[b] = 1
    for (let s = 1; s < preds.length; s++) if (preds[s](c)) labels[s][b >>> 5] |= 1 << (b & 31)
  }
  return labels
}

const CONTROL_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 }

/**
 * The source with the character escapes the parser leaves out (`\t \n \v
 * \f \r \0 \xHH \uHHHH`, common in header parsers' patterns) written as the
 * characters they stand for: literally, or as an escaped punctuation character
 * where the literal would be syntax. Same meaning without the u flag. A
 * counted repetition above the parser's limit (`{0,126}`) becomes unbounded,
 * which only adds paths (a "linear" verdict stays a proof; step counts
 * become an upper estimate). A capture group inside a lookahead (refused by
 * the parser) becomes non-capturing: without backreferences it matches the same.
 */
export function withPlainEscapes(source: string): string {
  let out = ''
  let inClass = false
  // Kinds of the open groups: a capture inside a lookahead (path-to-regexp 0.1
  // copies raw text there) becomes non-capturing, which matches the same.
  const groups: ('look' | 'other')[] = []
  for (let i = 0; i < source.length; i++) {
    const c = source[i]
    if (c !== '\\') {
      if (c === '[') inClass = true
      else if (c === ']') inClass = false
      else if (c === '(' && !inClass) {
        const look = source.startsWith('?=', i + 1) || source.startsWith('?!', i + 1)
        if (!look && source[i + 1] !== '?' && groups.includes('look')) {
          groups.push('other')
          out += '(?:'
          continue
        }
        groups.push(look ? 'look' : 'other')
      } else if (c === ')' && !inClass) {
        groups.pop()
      }
      const count = c === '{' && !inClass ? /^\{(\d+),(\d+)\}/.exec(source.slice(i)) : null
      if (count !== null && Number(count[2]) > 100) {
        out += `{${count[1]},}`
        i += count[0].length - 1
        continue
      }
      out += c
      continue
    }
    const e = source[i + 1] ?? ''
    let code = -1
    let width = 2
    if (e in CONTROL_ESCAPES) code = CONTROL_ESCAPES[e]
    else if (e === '0' && !/[0-9]/.test(source[i + 2] ?? '')) code = 0
    else if (e === 'x' && /^[0-9a-fA-F]{2}$/.test(source.slice(i + 2, i + 4))) [code, width] = [parseInt(source.slice(i + 2, i + 4), 16), 4]
    else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(i + 2, i + 6))) [code, width] = [parseInt(source.slice(i + 2, i + 6), 16), 6]
    if (code === -1) {
      out += c + e
    } else {
      const ch = String.fromCharCode(code)
      out += /[\x21-\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7e]/.test(ch) ? '\\' + ch : ch
    }
    i += width - 1
  }
  return out
}

/** The parse tree of a pattern (src/router/regexp-syntax.ts), or null outside its subset. */
export function parsePattern(source: string, ignoreCase: boolean): Node | null {
  try {
    return new syntax.Parser(withPlainEscapes(source), ignoreCase).parse() as Node
  } catch (err) {
    if (err instanceof syntax.Unsupported) return null
    throw err
  }
}

function automatonOf(source: string, flags: string): Automaton {
  for (const f of flags) if (!'igyd'.includes(f)) throw new Unsupported(`flag ${f}`)
  const ignoreCase = flags.includes('i')
  const tree = parsePattern(source, ignoreCase)
  if (tree === null) throw new Unsupported('syntax outside the parser of src/router/regexp-syntax.ts')
  const builder = new Builder(ignoreCase)
  let body = builder.build(tree)
  // A search that is not anchored starts again at every position: a leading `[^]*?`.
  if (!anchored(tree) && !flags.includes('y')) {
    const any = builder.leaf(() => true)
    builder.link(any.last, any.first)
    body = builder.seq({ first: any.first, last: any.last, empty: 1 }, body)
  }
  addTo(builder.follow[0], body.first, 1)
  const labels = labelsOf(builder.preds)
  const next = builder.follow.map((m) => [...m].filter(([t]) => labels[t].some((w) => w !== 0)))
  return { next, labels, states: builder.preds.length }
}

// ---------------------------------------------------------------------------
// Ambiguity on the automaton.

function meets(a: Uint32Array, b: Uint32Array, c?: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i] & b[i] & (c === undefined ? 0xffffffff : c[i])) !== 0) return true
  return false
}

/** Strongly connected components (iterative Tarjan) of the graph given by `edges`; returns each node's component. */
function components(nodes: number, edges: (n: number) => number[]): Int32Array {
  const index = new Int32Array(nodes).fill(-1)
  const low = new Int32Array(nodes)
  const comp = new Int32Array(nodes).fill(-1)
  const onStack = new Uint8Array(nodes)
  const stack: number[] = []
  let counter = 0
  let comps = 0
  for (let root = 0; root < nodes; root++) {
    if (index[root] !== -1) continue
    const work: [number, number[], number][] = [[root, edges(root), 0]]
    index[root] = low[root] = counter++
    stack.push(root)
    onStack[root] = 1
    while (work.length !== 0) {
      const frame = work[work.length - 1]
      const [v, out] = frame
      if (frame[2] < out.length) {
        const w = out[frame[2]++]
        if (index[w] === -1) {
          index[w] = low[w] = counter++
          stack.push(w)
          onStack[w] = 1
          work.push([w, edges(w), 0])
        } else if (onStack[w]) {
          low[v] = Math.min(low[v], index[w])
        }
        continue
      }
      work.pop()
      if (work.length !== 0) {
        const parent = work[work.length - 1][0]
        low[parent] = Math.min(low[parent], low[v])
      }
      if (low[v] === index[v]) {
        let w: number
        do {
          w = stack.pop() as number
          onStack[w] = 0
          comp[w] = comps
        } while (w !== v)
        comps++
      }
    }
  }
  return comp
}

/** EDA: a cycle of the pair automaton through a state (p, p) that takes two different transitions somewhere. */
function exponentialWitness(a: Automaton): string | null {
  const n = a.states
  const id = new Map<number, number>()
  const pairs: [number, number][] = []
  const out: number[][] = []
  const off: [number, number][] = [] // pair-automaton edges made of two different transitions
  const visit = (p: number, q: number): number => {
    const key = p * n + q
    let k = id.get(key)
    if (k === undefined) {
      k = pairs.length
      id.set(key, k)
      pairs.push([p, q])
      out.push([])
    }
    return k
  }
  visit(0, 0)
  for (let k = 0; k < pairs.length; k++) {
    const [p, q] = pairs[k]
    for (const [t1, m1] of a.next[p]) {
      for (const [t2] of a.next[q]) {
        if (!meets(a.labels[t1], a.labels[t2])) continue
        const target = visit(t1, t2)
        out[k].push(target)
        if (p !== q || t1 !== t2 || m1 > 1) off.push([k, target])
      }
    }
  }
  const comp = components(pairs.length, (k) => out[k])
  const diagonal = new Set<number>()
  for (let k = 0; k < pairs.length; k++) if (pairs[k][0] === pairs[k][1]) diagonal.add(comp[k])
  for (const [from, to] of off) {
    if (comp[from] === comp[to] && diagonal.has(comp[from])) {
      return `two different cycles read the same word at state ${pairs[to][0]} (pair ${pairs[from]} → ${pairs[to]})`
    }
  }
  return null
}

/** IDA: states p ≠ q with p→p, p→q, q→q on one word, i.e. (p, p, q) reaches (p, q, q) in the triple automaton. */
function polynomialWitness(a: Automaton): string | null {
  const n = a.states
  const comp = components(n, (s) => a.next[s].map(([t]) => t))
  const cyclic = (s: number): boolean => a.next[s].some(([t]) => comp[t] === comp[s])
  // reach[s]: states reachable from s (s itself included).
  const reach = Array.from({ length: n }, (_, s) => {
    const seen = new Uint8Array(n)
    const todo = [s]
    seen[s] = 1
    while (todo.length !== 0) for (const [t] of a.next[todo.pop() as number]) if (!seen[t]) { seen[t] = 1; todo.push(t) }
    return seen
  })
  for (let p = 1; p < n; p++) {
    if (!reach[0][p] || !cyclic(p)) continue
    for (let q = 1; q < n; q++) {
      if (q === p || !reach[p][q] || !cyclic(q)) continue
      // Search from (p, p, q) for (p, q, q): the first track stays in p's component,
      // the third in q's, the second goes from p to q.
      const seen = new Set<number>()
      const todo: [number, number, number][] = [[p, p, q]]
      let found = false
      while (todo.length !== 0 && !found) {
        const [x, y, z] = todo.pop() as [number, number, number]
        for (const [x2] of a.next[x]) {
          if (comp[x2] !== comp[p]) continue
          for (const [y2] of a.next[y]) {
            if (!reach[y2][q] || !meets(a.labels[x2], a.labels[y2])) continue
            for (const [z2] of a.next[z]) {
              if (comp[z2] !== comp[q] || !meets(a.labels[x2], a.labels[y2], a.labels[z2])) continue
              if (x2 === p && y2 === q && z2 === q) {
                found = true
                break
              }
              const key = (x2 * n + y2) * n + z2
              if (seen.has(key)) continue
              seen.add(key)
              todo.push([x2, y2, z2])
            }
            if (found) break
          }
          if (found) break
        }
      }
      if (found) return `states ${p} and ${q} each loop on a word that also leads from ${p} to ${q}`
    }
  }
  return null
}

/**
 * How a backtracking engine's work on a failing subject of length n can grow
 * for `re`: "linear" is proven; "polynomial" and "exponential" come with the
 * states that allow it; "unsupported" means the check cannot tell.
 *
 * @example
 * analyseBacktracking(/^\/(.*)-(.*)$/).growth       // 'polynomial'
 * analyseBacktracking(/^\/([^\/]+)-([^\/-]+)$/).growth // 'linear'
 */
export function analyseBacktracking(re: { source: string; flags: string }): Verdict {
  let automaton: Automaton
  try {
    automaton = automatonOf(re.source, re.flags)
  } catch (err) {
    if (err instanceof Unsupported) return { growth: 'unsupported', reason: err.message }
    throw err
  }
  const exponential = exponentialWitness(automaton)
  if (exponential !== null) return { growth: 'exponential', reason: exponential }
  const polynomial = polynomialWitness(automaton)
  if (polynomial !== null) return { growth: 'polynomial', reason: polynomial }
  return { growth: 'linear', reason: 'no word has more than a bounded number of paths' }
}
