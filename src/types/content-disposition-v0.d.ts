/** Typings for content-disposition 0.5.x (Express 4's), installed as `content-disposition-v0`. */
declare module 'content-disposition-v0' {
  interface Options {
    type?: string
    fallback?: string | boolean
  }
  function contentDisposition(filename?: string, options?: Options): string
  export = contentDisposition
}
