/** Typings for mime 1.x (the type table of Express 4's static middleware), installed as `mime-v1`. */
declare module 'mime-v1' {
  interface Mime {
    /** The type of a file name, path or bare extension; `default_type` when unknown. */
    lookup(path: string, fallback?: string): string
    /** The first extension of a type. */
    extension(mimeType: string): string | undefined
    /** Adds types: `{ 'text/x-foo': ['foo', 'fo'] }` (the first extension is the type's own). */
    define(map: Record<string, string[]>): void
    /** Extension → type. */
    types: Record<string, string>
    /** Type → its first extension. */
    extensions: Record<string, string>
    charsets: { lookup(mimeType: string, fallback?: string): string | undefined }
    default_type: string
  }
  const mime: Mime
  export = mime
}
