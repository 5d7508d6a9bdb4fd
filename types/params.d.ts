/**
 * Route-parameter inference: the type of `req.params` read from a literal
 * path string, for the 5.x syntax (path-to-regexp 8) and the 4.x syntax
 * (path-to-regexp 0.1). The path is scanned one character at a time, the way
 * the matchers read it, so escapes and nested groups count where they should.
 */

/** `req.params` when nothing better is known: names map to strings (or the segments of a wildcard). */
export interface ParamsDictionary {
  [key: string]: string | string[]
  [key: number]: string
}

/** `req.params` in 4.x when nothing better is known: every value is a string (4.x has no array wildcards). */
export interface ParamsDictionary4 {
  [key: string]: string
}

/** `req.params` of a RegExp path: capture groups by index (or by name for named groups). */
export interface ParamsFlatDictionary {
  [key: string | number]: string
}

export type Params = ParamsDictionary | ParamsFlatDictionary

/** Characters that end a 5.x parameter name: ASCII that is not in `[A-Za-z0-9_$]`. */
type NameEnd5 =
  | ' ' | '!' | '"' | '#' | '%' | '&' | "'" | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':'
  | ';' | '<' | '=' | '>' | '?' | '@' | '[' | '\\' | ']' | '^' | '`' | '{' | '|' | '}' | '~'

/** `[name, rest]`: the longest run of name characters at the start of `S`. */
type ReadName5<S extends string, Name extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends NameEnd5
    ? [Name, S]
    : ReadName5<Rest, `${Name}${C}`>
  : [Name, S]

/** `:"quoted name"` or `:name`: `[name, rest]` after the marker. */
type ParamName5<S extends string> = S extends `"${infer Quoted}"${infer Rest}` ? [Quoted, Rest] : ReadName5<S>

/** One parameter: required at group depth 0, optional inside `{ }`. */
type Param<Name extends string, Value, Depth extends unknown[]> = Name extends ''
  ? {}
  : Depth extends []
    ? { [K in Name]: Value }
    : { [K in Name]?: Value }

type Pop<D extends unknown[]> = D extends [...infer Rest, unknown] ? Rest : []

type Scan5<S extends string, Depth extends unknown[], Out> = S extends `${infer C}${infer Rest}`
  ? C extends '\\'
    ? Rest extends `${string}${infer After}`
      ? Scan5<After, Depth, Out>
      : Out
    : C extends '{'
      ? Scan5<Rest, [...Depth, 0], Out>
      : C extends '}'
        ? Scan5<Rest, Pop<Depth>, Out>
        : C extends ':'
          ? ParamName5<Rest> extends [infer Name extends string, infer After extends string]
            ? Scan5<After, Depth, Out & Param<Name, string, Depth>>
            : Out
          : C extends '*'
            ? ParamName5<Rest> extends [infer Name extends string, infer After extends string]
              ? Scan5<After, Depth, Out & Param<Name, string[], Depth>>
              : Out
            : Scan5<Rest, Depth, Out>
  : Out

/**
 * `req.params` of a 5.x path: `:name` is a string, `*name` (a wildcard) is
 * the array of the segments it matched, and anything inside `{ }` is optional.
 *
 * @example
 * type A = RouteParameters5<'/users/:id'>           // { id: string }
 * type B = RouteParameters5<'/files/*path'>         // { path: string[] }
 * type C = RouteParameters5<'/posts{/:page}'>       // { page?: string }
 * type D = RouteParameters5<'/{*splat}'>            // { splat?: string[] }
 */
export type RouteParameters5<Route extends string | RegExp> = Route extends string
  ? string extends Route
    ? ParamsDictionary
    : Scan5<Route, [], {}> extends infer Out
      ? { [K in keyof Out]: Out[K] } // one object type rather than an intersection, for readable hovers
      : never
  : ParamsFlatDictionary

/** Characters of a 4.x parameter name (`\w`). */
type Word =
  | 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's'
  | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z'
  | 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M' | 'N' | 'O' | 'P' | 'Q' | 'R' | 'S'
  | 'T' | 'U' | 'V' | 'W' | 'X' | 'Y' | 'Z'
  | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '_'

type ReadName4<S extends string, Name extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends Word
    ? ReadName4<Rest, `${Name}${C}`>
    : [Name, S]
  : [Name, S]

/** Skips a parameter's own pattern `( ... )` (balanced), returning what follows it. */
type SkipGroup<S extends string, Depth extends unknown[] = []> = S extends `${infer C}${infer Rest}`
  ? C extends '\\'
    ? Rest extends `${string}${infer After}`
      ? SkipGroup<After, Depth>
      : ''
    : C extends '('
      ? SkipGroup<Rest, [...Depth, 0]>
      : C extends ')'
        ? Depth extends [unknown]
          ? Rest
          : SkipGroup<Rest, Pop<Depth>>
        : SkipGroup<Rest, Depth>
  : ''

/** Marks that a path has groups whose captures cannot be named here. */
declare const unknownGroups: unique symbol
type UnknownGroups = typeof unknownGroups

/** After `:name`: its pattern, then `*` (which adds an unnamed capture), then `?` (optional). */
type Modifiers4<Name extends string, S extends string, Count extends unknown[], Out> =
  (S extends `(${infer P}` ? SkipGroup<P, [0]> : S) extends infer A extends string
    ? A extends `*${infer B}`
      ? Optional4<Name, B, [...Count, 0], Out & { [K in Count['length']]: string }>
      : Optional4<Name, A, Count, Out>
    : never

type Optional4<Name extends string, S extends string, Count extends unknown[], Out> = S extends `?${infer After}`
  ? Scan4<After, Count, Out & { [K in Name]?: string }>
  : Scan4<S, Count, Out & { [K in Name]: string }>

type Scan4<S extends string, Count extends unknown[], Out> = S extends `${infer C}${infer Rest}`
  ? C extends '\\'
    ? Rest extends `${string}${infer After}`
      ? Scan4<After, Count, Out>
      : Out
    : C extends ':'
      ? ReadName4<Rest> extends [infer Name extends string, infer After extends string]
        ? Name extends ''
          ? Scan4<Rest, Count, Out>
          : Modifiers4<Name, After, Count, Out>
        : Out
      : C extends '*'
        ? Scan4<Rest, [...Count, 0], Out & { [K in Count['length']]: string }>
        : C extends '('
          ? UnknownGroups
          : Scan4<Rest, Count, Out>
  : Out

/**
 * `req.params` of a 4.x path: `:name` is a string, `:name?` is optional, a
 * bare `*` is captured as `0`, `1`, ... in order (`:name*` also adds one).
 * A path with other `( )` groups gives `ParamsDictionary4`, since which of
 * them capture depends on the regular expression inside.
 *
 * @example
 * type A = RouteParameters4<'/users/:id'>          // { id: string }
 * type B = RouteParameters4<'/users/:id?'>         // { id?: string }
 * type C = RouteParameters4<'/files/*'>            // { 0: string }
 * type D = RouteParameters4<'/users/:id(\\d+)'>    // { id: string }
 */
export type RouteParameters4<Route extends string | RegExp> = Route extends string
  ? string extends Route
    ? ParamsDictionary4
    : Scan4<Route, [], {}> extends infer Out
      ? Out extends UnknownGroups
        ? ParamsDictionary4
        : { [K in keyof Out]: Out[K] }
      : never
  : ParamsFlatDictionary
