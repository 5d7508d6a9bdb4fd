/**
 * Property helpers for the request and response prototypes: Express defines
 * its computed members as enumerable, configurable getters.
 */

export function defineGetter(obj: object, name: string, getter: (this: never) => unknown): void {
  Object.defineProperty(obj, name, { configurable: true, enumerable: true, get: getter })
}

export function defineAccessor(
  obj: object,
  name: string,
  get: (this: never) => unknown,
  set: (this: never, value: never) => void,
): void {
  Object.defineProperty(obj, name, { configurable: true, enumerable: true, get, set })
}

export function defineMethod(obj: object, name: string, fn: (...args: never[]) => unknown): void {
  Object.defineProperty(obj, name, { configurable: true, enumerable: true, writable: true, value: fn })
}
