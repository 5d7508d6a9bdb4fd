/**
 * Errors of the file sender. They are `http-errors` errors (`status`,
 * `statusCode`, `expose`, a name such as NotFoundError) and they never hold a
 * filesystem path as a property or in a stack frame: the stack is cut to its
 * first line. A failed filesystem call made for res.sendFile is the
 * exception: its error is Node's own, as Express passes it on (message and
 * `path` naming the file); `webfw.static` never names the path — the
 * development error page prints stacks, and a file's location is nobody's
 * business but the server's (docs/migration.md).
 */
import createError from 'http-errors'
import statuses from 'statuses'

export type FileError = createError.HttpError

function withoutTrace(err: FileError): FileError {
  err.stack = `${err.name}: ${err.message}`
  return err
}

/** An error of `status` with the status text as message. */
export function fileError(status: number, props?: Record<string, unknown>): FileError {
  return withoutTrace(createError(status, props ?? {}))
}

interface SystemError {
  message?: unknown
  code?: unknown
  errno?: unknown
  syscall?: unknown
}

/**
 * The error for a failed filesystem call: 404 when the file is not there
 * (ENOENT, ENOTDIR, ENAMETOOLONG), 500 otherwise.
 *
 * With `nodeMessage` (res.sendFile and res.download) it is Node's error
 * itself, as Express's file sender passes it on: its name, message, `errno`,
 * `code`, `syscall` and `path` as Node made them, then `expose` (false, so
 * that handlers honouring it keep the path from clients), `statusCode` and
 * `status`, added in that order. Node's callback errors carry no stack
 * frames, so nothing more is printed than the message.
 *
 * Otherwise (webfw.static) the message, which names the path, is replaced
 * by the status text and code ("Not Found (ENOENT)"), keeping `code`,
 * `errno` and `syscall`.
 */
export function fromSystemError(err: unknown, nodeMessage = false): FileError {
  const sys = (err ?? {}) as SystemError
  const code = typeof sys.code === 'string' ? sys.code : undefined
  const status = code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG' ? 404 : 500
  if (nodeMessage && err instanceof Error) return asNodeHttpError(err, status)
  const text = (statuses.message as Record<number, string>)[status]
  const props: Record<string, unknown> = {}
  if (code !== undefined) props.code = code
  if (typeof sys.errno === 'number') props.errno = sys.errno
  if (typeof sys.syscall === 'string') props.syscall = sys.syscall
  return withoutTrace(createError(status, code === undefined ? text : `${text} (${code})`, props))
}

/** Node's error `err` marked with `status` as http-errors marks an error it is given. */
function asNodeHttpError(err: Error, status: number): FileError {
  const marked = err as FileError
  marked.expose = false
  marked.statusCode = status
  marked.status = status
  return marked
}
