/** Typings for path-to-regexp 0.1.x (the 4.x pattern syntax), installed as `path-to-regexp-v0`. */
declare module 'path-to-regexp-v0' {
  interface Key {
    name: string | number
    optional: boolean
    offset: number
  }
  interface Options {
    sensitive?: boolean
    strict?: boolean
    end?: boolean
  }
  function pathToRegexp(path: string | RegExp | Array<string | RegExp>, keys?: Key[], options?: Options): RegExp
  export = pathToRegexp
}
