/**
 * Runs code with NODE_ENV set (or unset), as apps read it when created.
 */

/** Calls `fn` with NODE_ENV set to `value` (undefined: unset), then restores it. */
export function withEnv<T>(value: string | undefined, fn: () => T): T {
  const saved = process.env.NODE_ENV
  if (value === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = value
  try {
    return fn()
  } finally {
    if (saved === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = saved
  }
}
