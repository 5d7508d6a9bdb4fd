/**
 * Reading a setting on the per-request path (`res.json`, `res.send`).
 *
 * `app.get(name)` is `app.set(name)`, which returns `app.settings[name]`; on
 * the way each read builds a rest-argument array and an arguments object
 * (callgrind: about a thousand instructions for the four reads of one
 * `res.json`, see docs/perf.md). While the app's `get` and `set` are webfw's
 * own, the setting is read from `app.settings` directly, which is what those
 * two would return; an app that replaced either still gets the calls. (4.x's
 * `app.get` skips what the settings inherit from Object.prototype; the names
 * read here are webfw's own settings, none of them such a member, so the
 * direct read gives the same answer.)
 *
 * Each caller writes the setting's name out at its read
 * (`settings['json spaces']`), so that each read has an inline cache of its
 * own with one name: one read shared by every name was a megamorphic keyed
 * load on Node 22 and 20, about 160 instructions each (docs/perf.md, "Fast
 * settings and locals").
 */
import type { AppInternal } from './types'

const ownAccessor = Symbol('webfw.app.ownSettingAccessor')

/** Marks webfw's own `app.get` / `app.set` (src/app/application.ts). */
export function markOwnAccessor(fn: object): void {
  Object.defineProperty(fn, ownAccessor, { value: true })
}

type Marked = { [ownAccessor]?: true }

/**
 * `app.settings` while the app's `get` and `set` are webfw's own, else null:
 * the caller then reads each setting by its name.
 * @example const settings = ownSettings(app); settings !== null ? settings['etag fn'] : app.get('etag fn')
 */
export function ownSettings(app: AppInternal): Record<string, unknown> | null {
  return (app.get as Marked)[ownAccessor] === true && (app.set as Marked)[ownAccessor] === true ? app.settings : null
}
