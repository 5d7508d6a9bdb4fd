/**
 * Empty objects that inherit no names yet keep V8's fast properties.
 *
 * `Object.create(null)` has no inherited names, which is what a table keyed
 * by outside input needs (`constructor`, `toString`, `__proto__` are keys like
 * any other), but V8 keeps it in dictionary mode: every store and read is a
 * hash lookup and `for...in` collects and sorts its keys each time. An object
 * whose prototype is an empty object without a prototype has no inherited
 * names either, and V8 gives it fast properties and one shape per order of
 * keys (docs/perf.md, "The header table").
 */

/**
 * A maker of such objects, with a prototype of its own.
 * @example const newTable = bareObjectMaker<Record<string, string>>(); const t = newTable()
 */
export function bareObjectMaker<T extends object>(): () => T {
  const prototype: object = Object.create(null)
  return function bareObject(): T {
    return Object.create(prototype) as T
  }
}
