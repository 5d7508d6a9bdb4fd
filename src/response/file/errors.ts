/**
 * Errors of the file sender. They are `http-errors` errors (`status`,
 * `statusCode`, `expose`, a name such as NotFoundError) and they never hold a
 * filesystem path: not in the message, not as a property, and not in the
 * stack, which is cut to its first line — the development error page prints
 * stacks, and a file's location is nobody's business but the server's.
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
  code?: unknown
  syscall?: unknown
}

/**
 * The error for a failed filesystem call: 404 when the file is not there
 * (ENOENT, ENOTDIR, ENAMETOOLONG), 500 otherwise. The system error's code
 * and syscall are kept, its message (which names the path) is not.
 */
export function fromSystemError(err: unknown): FileError {
  const sys = (err ?? {}) as SystemError
  const code = typeof sys.code === 'string' ? sys.code : undefined
  const status = code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG' ? 404 : 500
  const text = (statuses.message as Record<number, string>)[status]
  const message = code === undefined ? text : `${text} (${code})`
  const props: Record<string, unknown> = {}
  if (code !== undefined) props.code = code
  if (typeof sys.syscall === 'string') props.syscall = sys.syscall
  return withoutTrace(createError(status, message, props))
}
