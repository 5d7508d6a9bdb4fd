/**
 * mime 1, the type table of 4.x and 3.x (what Express 4's send 0.19 and
 * Express 3's Connect look types up with), loaded on first use.
 *
 * Apps reach this table as `express.static.mime` (4.x and 3.x) and
 * `express.mime` (3.x) and change it: `mime.define({ type: [exts] })`,
 * `mime.default_type = ...`, `mime.types[ext] = type`, or a replaced
 * `lookup` / `charsets.lookup`. Every such change reaches `res.type`,
 * `res.sendFile`, `static` and the rest, as in Express, because the
 * lookups cached in front of it (util/media-types.ts) are dropped when the
 * table changes: the instance is watched in place, so whoever holds it
 * (`require('mime-v1')` included) sees the same object.
 */
import type Mime1 from 'mime-v1'

type Mime = typeof Mime1

let instance: Mime | undefined
const dependents: Array<() => void> = []

/** mime 1's shared instance (loaded and watched on the first call). */
export function mime1(): Mime {
  if (instance === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    instance = require('mime-v1') as Mime
    watch(instance)
  }
  return instance
}

/** Calls `drop` whenever an app changes the table (a cache of lookups clears itself there). */
export function onMime1Change(drop: () => void): void {
  dependents.push(drop)
}

function changed(): void {
  for (let i = 0; i < dependents.length; i++) dependents[i]()
}

/** Writes to and deletions from a table (`types`, `extensions`) count as changes. */
function watchedTable<T extends object>(table: T): T {
  return new Proxy(table, {
    set(target, key, value) {
      ;(target as Record<PropertyKey, unknown>)[key] = value
      changed()
      return true
    },
    deleteProperty(target, key) {
      delete (target as Record<PropertyKey, unknown>)[key]
      changed()
      return true
    },
  })
}

/** Turns a data property into an accessor whose setter counts as a change (`wrap` applies to stored values). */
function watchProperty(owner: object, name: string, wrap: (value: unknown) => unknown = (v) => v): void {
  let value = wrap((owner as Record<string, unknown>)[name])
  Object.defineProperty(owner, name, {
    configurable: true,
    enumerable: true,
    get: () => value,
    set(next: unknown) {
      value = wrap(next)
      changed()
    },
  })
}

const tableOrValue = (value: unknown): unknown => (value !== null && typeof value === 'object' ? watchedTable(value) : value)

function watch(mime: Mime): void {
  // `define` writes through `this.types`; a replaced table is watched too.
  watchProperty(mime, 'types', tableOrValue)
  watchProperty(mime, 'default_type')
  watchProperty(mime, 'lookup')
  watchProperty(mime, 'charsets', (value) => {
    if (value !== null && typeof value === 'object') watchProperty(value, 'lookup')
    return value
  })
}
