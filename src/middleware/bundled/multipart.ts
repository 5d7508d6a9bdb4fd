/**
 * `webfw.multipart([options])` (3.x, deprecated already in Connect 2):
 * parses `multipart/form-data` bodies into `req.body` (the fields) and
 * `req.files` (the uploads), as Connect 2 did, on the same parser Connect 2
 * used, multiparty (now 4.x):
 * - every request it sees gets `req.body` and `req.files` (`{}` when nothing
 *   is parsed); GET, HEAD, other types and bodies already read go on at once;
 * - fields and files named `a[b]`, `list[]` nest as in qs; a name sent twice
 *   becomes an array;
 * - each file is written to a temporary file in `uploadDir` (default the OS
 *   temporary directory) and described by `{ fieldName, originalFilename,
 *   name, path, type, size, headers }`; the files are not removed: the app
 *   moves or deletes them;
 * - `limit` (default '100mb') bounds the body: a larger `Content-Length` is a
 *   413 before anything is written, and the uploads together may not exceed
 *   it either (multiparty's `maxFilesSize`, also 413); multiparty's other
 *   options apply as given (`maxFields` 1000, `maxFieldsSize` 2 MB,
 *   `encoding`, `uploadDir`);
 * - `defer: true` calls `next()` at once with the multiparty form as
 *   `req.form` (listen to its 'part', 'field', 'file', 'progress', 'close'
 *   events): every part, fields included, reaches 'part' listeners
 *   (multipart-defer.ts); files are written only when the app listens to
 *   'file'; `req.body`/`req.files` are filled at the form's 'close';
 * - a malformed body is a 400 passed to `next`, a body over a limit a 413,
 *   after the rest of the request is read off.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import multiparty from 'multiparty'
import qs from 'qs'
import typeis from 'type-is'
import { drainRequest } from '../../util/drain'
import { deprecateBundled } from './deprecation'
import { parseLimit, refuseDeclaredOverLimit } from './limit'
import { deliverEveryPart } from './multipart-defer'
import type { BundledRequest, Middleware, Next } from './types'

export interface MultipartOptions {
  /** Largest body accepted, in bytes or as a string such as '10mb' (default '100mb'). */
  limit?: number | string
  /** Call `next()` at once and expose the parser as `req.form`. */
  defer?: boolean
  uploadDir?: string
  encoding?: string
  maxFields?: number
  maxFieldsSize?: number
  maxFilesSize?: number
  [option: string]: unknown
}

export interface UploadedFile {
  fieldName: string
  originalFilename: string
  /** The same as `originalFilename` (Connect 2's name for it). */
  name: string
  path: string
  /** The part's Content-Type, or null. */
  type: string | null
  size: number
  headers: Record<string, string>
}

interface MultipartRequest extends BundledRequest {
  form?: multiparty.Form
}

type Fields = Record<string, unknown>

/** Adds a value under `name`: the first stays a value, later ones make an array. */
function collect(into: Fields, name: string, value: unknown): void {
  const prev = into[name]
  if (prev === undefined) into[name] = value
  else if (Array.isArray(prev)) prev.push(value)
  else into[name] = [prev, value]
}

/** qs's nesting of `a[b]`-style names, as the extended urlencoded parser does. */
function nest(flat: Fields): Record<string, unknown> {
  return qs.parse(flat as Record<string, string>, { allowDots: false, allowPrototypes: true }) as Record<string, unknown>
}

/** The status a parser error is answered with. */
function withStatus(err: Error & { status?: number; statusCode?: number; syscall?: string }): Error {
  if (typeof err.status !== 'number') {
    // a file-system failure (uploadDir missing, disk full) is the server's; anything else is the body's
    err.status = err.statusCode = err.syscall ? 500 : 400
  }
  return err
}

/**
 * The parser without the deprecation warning (`bodyParser` uses it).
 *
 * @example
 * const parse = createMultipart({ uploadDir: '/var/uploads', limit: '20mb' })
 */
export function createMultipart(options: MultipartOptions = {}): Middleware {
  const limit = parseLimit(options.limit ?? '100mb', 'multipart()')
  const defer = Boolean(options.defer)
  const formOptions = { ...options, maxFilesSize: options.maxFilesSize ?? limit }

  return function multipart(request: IncomingMessage, res: ServerResponse, next: Next) {
    const req = request as MultipartRequest
    // Set before anything else, so a body another parser read still leaves
    // `req.files` an object (Connect 2 left it undefined then).
    req.body = req.body || {}
    req.files = req.files || {}
    if (req._body || req.method === 'GET' || req.method === 'HEAD' || !typeis(req, ['multipart'])) {
      next()
      return
    }
    req._body = true
    if (refuseDeclaredOverLimit(req, res, limit, next)) return

    const form = new multiparty.Form(formOptions)
    if (defer) deliverEveryPart(form)
    const fields: Fields = Object.create(null)
    const files: Fields = Object.create(null)
    let failed = false

    form.on('field', (name: string, value: string) => collect(fields, name, value))
    // Without a 'file' listener multiparty writes no files: with `defer` the
    // app streams the parts itself.
    if (!defer) {
      form.on('file', (name: string, file: UploadedFile) => {
        file.name = file.originalFilename
        file.type = file.headers['content-type'] || null
        collect(files, name, file)
      })
    }
    form.on('error', (err: Error) => {
      if (failed) return
      failed = true
      // with `defer`, the app listens on req.form itself
      if (defer) return
      req.unpipe(form as unknown as NodeJS.WritableStream)
      drainRequest(req, res, () => next(withStatus(err)))
    })
    form.on('close', () => {
      if (failed) return
      try {
        req.body = nest(fields)
        req.files = nest(files)
      } catch (err) {
        form.emit('error', err)
        return
      }
      if (!defer) next()
    })

    form.parse(req)
    if (defer) {
      req.form = form
      next()
    }
  }
}

/**
 * @example
 * app.post('/upload', webfw.multipart({ limit: '20mb' }), (req, res) => {
 *   res.send(req.files.avatar.name + ' is ' + req.files.avatar.size + ' bytes')
 * })
 */
export function multipart(options?: MultipartOptions): Middleware {
  deprecateBundled('webfw.multipart([options])', 'a multipart package (multer, busboy, multiparty)')
  return createMultipart(options)
}
