/**
 * Deprecation warnings for the deprecated call forms the 4.x profile keeps
 * working: each message is emitted once per process, as a Node.js
 * DeprecationWarning (so `--no-deprecation` and `--throw-deprecation` apply).
 */
const emitted = new Set<string>()

export function deprecate(message: string): void {
  if (emitted.has(message)) return
  emitted.add(message)
  process.emitWarning(message, { type: 'DeprecationWarning', code: 'WEBFW_DEPRECATED' })
}
