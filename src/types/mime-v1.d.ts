/** Typings for mime 1.x (the type table of Express 4's static middleware), installed as `mime-v1`. */
declare module 'mime-v1' {
  interface Mime {
    /** The type of a file name, path or bare extension; `default_type` when unknown. */
    lookup(path: string, fallback?: string): string
    charsets: { lookup(mimeType: string, fallback?: string): string | undefined }
    default_type: string
  }
  const mime: Mime
  export = mime
}
