/**
 * The packages behind Express 3's built-in middleware (`webfw.session`,
 * `webfw.compress` ...) are optional peer dependencies: 5.x and 4.x apps never
 * load them, so `npm install webfw` does not install them. When a 3.x app
 * reaches a built-in whose package is missing, `loadOptional` turns Node's
 * bare "Cannot find module" into an error that names the package and the one
 * `npm install` command that installs them all.
 *
 * `optionalPackages` must list the same names as package.json's optional
 * peerDependencies (less the OpenTelemetry ones): test/package checks it.
 */

/** The packages only `webfw/v3`'s built-in middleware uses. */
export const optionalPackages: readonly string[] = Object.freeze([
  'compression',
  'connect-timeout',
  'csrf',
  'errorhandler',
  'express-session',
  'method-override',
  'multiparty',
  'on-headers',
  'response-time',
  'serve-favicon',
  'serve-index',
  'vhost',
])

/** The command that installs every package in `optionalPackages`. */
export const installCommand = `npm install ${optionalPackages.join(' ')}`

/** The code of the error `loadOptional` throws. */
export const missingPackageCode = 'WEBFW_MISSING_OPTIONAL_PACKAGE'

/** The package a module specifier belongs to (`express-session/session/cookie` -> `express-session`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

/** The optional package a "Cannot find module" error is about, if it is one of ours. */
function missingOptional(error: unknown): string | undefined {
  if (!(error instanceof Error) || (error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') return undefined
  const match = /^Cannot find module '([^']+)'/.exec(error.message)
  if (!match) return undefined
  const name = packageOf(match[1])
  return optionalPackages.includes(name) ? name : undefined
}

/**
 * Runs `load` (which requires the module behind the built-in `feature`); if
 * that fails because an optional package is missing, throws an error naming
 * the package and the install command. Any other failure passes unchanged.
 */
export function loadOptional<T>(feature: string, load: () => T): T {
  try {
    return load()
  } catch (error) {
    const name = missingOptional(error)
    if (name === undefined) throw error
    const missing = new Error(
      `${feature} needs the package "${name}", which is not installed. ` +
        `Express 3's built-in middleware comes from optional packages; install them all with:\n  ${installCommand}`,
      { cause: error },
    ) as NodeJS.ErrnoException
    missing.code = missingPackageCode
    throw missing
  }
}
