/**
 * Messages the logger gives the developer: deprecations of morgan's legacy
 * forms, and errors thrown by user code (tokens, format functions, `skip`,
 * the stream) while a line is logged. Both go through `process.emitWarning`,
 * so they show on standard error, honour `--no-deprecation` / `--no-warnings`,
 * and can be observed with `process.on('warning')`. Each distinct message is
 * emitted once per process so a failing token cannot flood standard error.
 */

const emitted = new Set<string>()
const MAX_DISTINCT = 100

function once(key: string): boolean {
  if (emitted.has(key) || emitted.size >= MAX_DISTINCT) return false
  emitted.add(key)
  return true
}

/** A deprecated but still supported use (morgan compatibility). */
export function deprecate(message: string): void {
  if (once('dep:' + message)) process.emitWarning('reqlog: ' + message, 'DeprecationWarning', 'REQLOG_DEPRECATED')
}

/** User code failed while a line was being logged; the request goes on. */
export function reportFailure(where: string, err: unknown): void {
  let detail: string
  try {
    detail = err instanceof Error ? err.name + ': ' + err.message : String(err)
  } catch {
    detail = 'a value that cannot be printed'
  }
  if (once('err:' + where + ':' + detail)) {
    process.emitWarning('reqlog: ' + where + ' threw ' + detail, 'ReqlogWarning', 'REQLOG_USER_CODE_FAILED')
  }
}
