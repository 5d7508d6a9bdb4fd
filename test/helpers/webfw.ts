/**
 * The package under test, loaded through its public entry points (the
 * package's own `exports`), plus typed access to internals some tests need.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Any = any

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const webfw: Any = require('webfw')
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const webfw4: Any = require('webfw/v4')
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const webfw3: Any = require('webfw/v3')

/** Package root, found through the package's own exports. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const packageRoot: string = require('node:path').dirname(require.resolve('webfw/package.json'))

/** An internal module of the build (for tests of internals only). */
export function internal(modulePath: string): Any {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(require('node:path').join(packageRoot, 'dist', modulePath))
}
