/**
 * Errors of the file sender. They are `http-errors` errors (`status`,
 * `statusCode`, `expose`, a name such as NotFoundError) and they never hold a
 * filesystem path as a property or in a stack frame: the stack is cut to its
 * first line. Only the message of a failed filesystem call made for
 * res.sendFile names the path, as Node (and Express) word it; `webfw.static`
 * never does — the development error page prints stacks, and a file's
 * location is nobody's business but the server's.
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
 * (ENOENT, ENOTDIR, ENAMETOOLONG), 500 otherwise. The system error's code,
 * errno and syscall are kept. Its message names the path, so it is replaced
 * by the status text and code ("Not Found (ENOENT)"), unless `nodeMessage`
 * asks for Node's own wording (res.sendFile, as in Express: apps match on
 * it); that error is then marked `expose: false`, as Express marks it, so
 * that handlers honouring `expose` keep the path from clients.
 */
export function fromSystemError(err: unknown, nodeMessage = false): FileError {
  const sys = (err ?? {}) as SystemError
  const code = typeof sys.code === 'string' ? sys.code : undefined
  const status = code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG' ? 404 : 500
  const text = (statuses.message as Record<number, string>)[status]
  const props: Record<string, unknown> = {}
  if (code !== undefined) props.code = code
  if (typeof sys.errno === 'number') props.errno = sys.errno
  if (typeof sys.syscall === 'string') props.syscall = sys.syscall
  if (nodeMessage && typeof sys.message === 'string') {
    props.expose = false
    return withoutTrace(createError(status, sys.message, props))
  }
  return withoutTrace(createError(status, code === undefined ? text : `${text} (${code})`, props))
}
