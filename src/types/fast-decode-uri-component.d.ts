/** Typings for fast-decode-uri-component: decodeURIComponent's result, or null where decodeURIComponent would throw. */
declare module 'fast-decode-uri-component' {
  function fastDecodeURIComponent(encoded: string): string | null
  export = fastDecodeURIComponent
}
