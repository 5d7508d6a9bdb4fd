/**
 * What a 4.x path pattern is made of, read the way path-to-regexp 0.1 reads
 * it, for two checks made when a route is defined:
 *
 * - `assertUnambiguous`: two captures with nothing between them (`/:a:b`,
 *   `/*:id`, `/:a(\d+):b`, `/**`) have no defined boundary — any split of the
 *   text between them would do, and the regexp tries them all (quadratic in
 *   the path length for two, cubic for three). Such a pattern is refused
 *   with an error that says where.
 *
 * - `needsLinearMatcher`: whether the pattern's RegExp could backtrack for a
 *   time polynomial in the path length. path-to-regexp 0.1.13 keeps a
 *   parameter that follows literal text in its segment from crossing that
 *   text again (`/:a-:b-:c` is linear), but a wildcard (`*`, `:name*`) or a
 *   custom capture (`:id(...)`) reaches further: when an earlier capture in
 *   the same segment — or any earlier wildcard — can end at many places,
 *   each of them is retried against the whole rest (`/*-*.json`,
 *   `/:a-*-:b`, `/*` + `/*` + `/edit`). Those patterns are matched by the
 *   linear-time engine (linear-regexp.ts) instead.
 */

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'literal'; slash: boolean; text: string }
  | { kind: 'star' }
  | { kind: 'open' }
  | {
      kind: 'param'
      name: string
      slash: boolean
      format: boolean
      capture: string | undefined
      star: boolean
      optional: boolean
      /**
       * The text path-to-regexp 0.1 puts in the parameter's lookahead,
       * `(?:(?!/|<lookahead>).)+?`: what it calls `backtrack` when it
       * reaches the parameter ('' for none).
       */
      lookahead: string
    }

/** The places path-to-regexp 0.1 rewrites; everything between is regexp source as written. */
const SPECIAL = /\\.|(\/)?(\.)?:(\w+)(\(.*?\))?(\*)?(\?)?|[.*]|\/\(/g

function tokenize(path: string): Token[] {
  const tokens: Token[] = []
  let last = 0
  // path-to-regexp 0.1's own bookkeeping of the lookahead text, kept exactly
  // as it does it: after an escape or a ".", `pos` moves on by the match's
  // length from where it was, not from the match, so the text before them is
  // skipped and they are taken in again, raw (a "." then means any character).
  let pos = 0
  let backtrack = ''
  SPECIAL.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = SPECIAL.exec(path)) !== null) {
    if (m.index > last) tokens.push({ kind: 'text', text: path.slice(last, m.index) })
    last = m.index + m[0].length
    const s = m[0]
    if (s[0] === '\\') {
      backtrack += s
      pos += 2
      tokens.push({ kind: 'literal', slash: s[1] === '/', text: s[1] })
      continue
    }
    if (s === '.') {
      backtrack += '\\.'
      pos += 1
      tokens.push({ kind: 'literal', slash: false, text: '.' })
      continue
    }
    const slash = m[1] !== undefined
    const format = m[2] !== undefined
    backtrack = slash || format ? '' : backtrack + path.slice(pos, m.index)
    pos = m.index + s.length
    if (s === '*') {
      backtrack = ''
      tokens.push({ kind: 'star' })
    } else if (s === '/(') {
      backtrack += '/'
      tokens.push({ kind: 'open' })
    } else {
      tokens.push({ kind: 'param', name: m[3], slash, format, capture: m[4], star: m[5] !== undefined, optional: m[6] !== undefined, lookahead: backtrack })
      backtrack = ''
    }
  }
  if (last < path.length) tokens.push({ kind: 'text', text: path.slice(last) })
  return tokens
}

/** A lookahead's text read as the literal it matches, or null when it holds regexp syntax. */
function literalOf(lookahead: string): string | null {
  let out = ''
  for (let i = 0; i < lookahead.length; i++) {
    const c = lookahead[i]
    if (c === '\\') {
      out += lookahead[++i] ?? ''
      continue
    }
    if (REGEXP_SYNTAX.test(c) || c === '.' || c === '*') return null
    out += c
  }
  return out
}

function describe(token: Token): string {
  if (token.kind === 'star') return '*'
  if (token.kind === 'param') return ':' + token.name + (token.capture ?? '') + (token.star ? '*' : '') + (token.optional ? '?' : '')
  return '('
}

/**
 * Throws a TypeError when two captures of a string pattern touch.
 *
 * @example
 * assertUnambiguous('/:from-:to') // fine
 * assertUnambiguous('/:a:b')      // TypeError: Ambiguous path "/:a:b": ...
 */
/** An unbounded repetition (`+`, `{n,}`) at the start of raw text: it repeats the token before. */
const LEADING_REPEAT = /^(?:\+|\{\d+,\})/

export function assertUnambiguous(path: string): void {
  let previous: Token | null = null
  for (const token of tokenize(path)) {
    if (previous !== null && token.kind === 'text' && LEADING_REPEAT.test(token.text)) {
      // `:name+` with no "/" or "." before the name (or `*+`): one capture
      // repeated with nothing between the repetitions.
      if (previous.kind === 'star' || (previous.kind === 'param' && !previous.slash && !previous.format)) {
        throw new TypeError(
          `Ambiguous path ${JSON.stringify(path)}: "${describe(previous)}${token.text[0]}" repeats a capture with nothing ` +
            'between the repetitions, so nothing decides where one ends and the next starts',
        )
      }
    }
    let touches = false
    switch (token.kind) {
      case 'text':
        // A capture group written right after a capture (`:a(\d+)(\d+)`).
        touches = previous !== null && token.text[0] === '(' && token.text[1] !== '?'
        break
      case 'star':
        touches = previous !== null
        break
      case 'param':
        touches = previous !== null && !token.slash && !token.format
        break
    }
    if (touches) {
      throw new TypeError(
        `Ambiguous path ${JSON.stringify(path)}: "${token.kind === 'text' ? '(' : describe(token)}" directly follows ` +
          `"${describe(previous as Token)}" with nothing between them, so nothing decides where one ends and the ` +
          'other starts; put literal text between them (for example "-" or ".")',
      )
    }
    previous = token.kind === 'star' || token.kind === 'param' ? token : null
  }
}

/** How far one capture (or repeated part) of a pattern can extend. */
interface Element {
  segment: number
  /** "far": across "/" (wildcards); "segment": anywhere in its segment; "guarded": stopped by the text around it. */
  reach: 'far' | 'segment' | 'guarded'
}

/** Whether a regexp fragment can match "/" (conservatively). */
function mayCrossSlash(fragment: string): boolean {
  return /\.|\[\^|\\[WSD]|\//.test(fragment)
}

/** The unbounded repetitions (`+`, `{n,}`) in raw regexp text; returns the segment count after it. */
function rawElements(text: string, segment: number, out: Element[]): number {
  const groups: number[] = []
  let atomStart = -1
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '\\') {
      if (text[i + 1] === '/' && groups.length === 0) segment++
      atomStart = i
      i++
      continue
    }
    if (c === '(') {
      groups.push(i)
      atomStart = -1
      continue
    }
    if (c === ')') {
      atomStart = groups.pop() ?? -1
      continue
    }
    if (c === '[') {
      const close = text.indexOf(']', i + 1)
      atomStart = i
      i = close === -1 ? text.length : close
      continue
    }
    const braces = c === '{' ? /^\{\d+(,\d*)?\}/.exec(text.slice(i)) : null
    if (c === '+' || (braces !== null && braces[1] === ',')) {
      // A repeated single character stays in its segment unless it is "/".
      if (atomStart !== -1) out.push({ segment, reach: mayCrossSlash(text.slice(atomStart, i)) ? 'far' : 'segment' })
    }
    if (braces !== null) {
      i += braces[0].length - 1
      continue
    }
    if (c === '+' || c === '?' || c === '|') continue
    if (c === '/' && groups.length === 0) segment++
    atomStart = i
  }
  return segment
}

/** Regexp syntax in raw text (beyond escaped characters): then it is not a literal. */
const REGEXP_SYNTAX = /[+?()[\]{}|^$]/

function elementsOf(path: string): Element[] {
  const elements: Element[] = []
  let segment = 0
  // The literal text since the last capture or "/:" / ".:" parameter: what
  // path-to-regexp 0.1 means to keep the next parameter from crossing. It
  // bounds the parameter only when the lookahead 0.1 writes is that text, as
  // a literal (see `tokenize` for when it is not).
  let guard = ''
  let afterCapture = false
  for (const token of tokenize(path)) {
    const previousWasCapture = afterCapture
    afterCapture = token.kind === 'star' || token.kind === 'param'
    switch (token.kind) {
      case 'text':
        // A capture repeated as a whole (`/:a+`): each repetition may take a segment.
        if (previousWasCapture && LEADING_REPEAT.test(token.text)) elements.push({ segment, reach: 'far' })
        segment = rawElements(token.text, segment, elements)
        guard += token.text
        break
      case 'literal':
        if (token.slash) segment++
        guard += token.text
        break
      case 'open':
        segment++
        guard += '('
        break
      case 'star':
        elements.push({ segment, reach: 'far' })
        guard = ''
        break
      case 'param': {
        if (token.slash) segment++
        const guarded = token.slash || token.format || (token.lookahead !== '' && literalOf(token.lookahead) === guard)
        if (token.capture !== undefined) elements.push({ segment, reach: mayCrossSlash(token.capture) ? 'far' : 'segment' })
        else elements.push({ segment, reach: guarded ? 'guarded' : 'segment' })
        if (token.star) elements.push({ segment, reach: 'far' })
        guard = ''
        break
      }
    }
  }
  return elements
}

/**
 * Whether the RegExp of a string pattern may take more than linear time, so
 * that the linear-time engine should match it.
 *
 * @example
 * needsLinearMatcher('/:from-:to') // false (path-to-regexp 0.1.13 guards it)
 * needsLinearMatcher('/*-*.json')  // true
 */
export function needsLinearMatcher(path: string): boolean {
  const elements = elementsOf(path)
  for (let j = 1; j < elements.length; j++) {
    const y = elements[j]
    if (y.reach === 'guarded') continue
    for (let i = 0; i < j; i++) {
      const x = elements[i]
      if (x.segment === y.segment || x.reach === 'far') return true
    }
  }
  return false
}
