/**
 * The middleware Express 3 bundled from Connect, attached to the 3.x factory
 * under Express 3's names (`webfw.session`, `webfw.logger` ...). Each name is
 * a getter that loads its module on first access, so an app pays (in start-up
 * time and memory) only for the middleware it uses, and the 5.x and 4.x
 * factories never load any of it.
 */
import type { Factory } from '../../factory'
import type { Profile } from '../../profile'

/** Loads the middleware factory (or value) exposed under one name. */
type Loader = (profile: Profile) => unknown

/** Express 3's name → the loader of what it exposes. */
const loaders: Record<string, Loader> = {}

export function attachBundledMiddleware(factory: Factory, profile: Profile): void {
  for (const name of Object.keys(loaders)) {
    let value: unknown
    let loaded = false
    Object.defineProperty(factory, name, {
      configurable: true,
      enumerable: true,
      get() {
        if (!loaded) {
          value = loaders[name](profile)
          loaded = true
        }
        return value
      },
      set(replacement: unknown) {
        value = replacement
        loaded = true
      },
    })
  }
}
