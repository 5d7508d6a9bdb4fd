/**
 * 3.x locals: `app.locals` and `res.locals` are functions that merge an
 * object into themselves (`app.locals({ title: 'Blog' })`) and hold the
 * locals as their own properties. Names a function already has (`name`,
 * `length`, `apply`, `call`, `bind`, `arguments`, `constructor` ...) cannot
 * be locals: assigning a read-only one is skipped, as it was silently in
 * Express 3.
 */
import { deprecate } from './deprecate'

export type LocalsFunction = ((obj?: Record<string, unknown>) => Record<string, unknown> | undefined) & Record<string, unknown>

function assignable(target: object, key: string): boolean {
  const own = Object.getOwnPropertyDescriptor(target, key)
  return own === undefined ? true : own.writable === true || own.set !== undefined
}

/**
 * A locals function; `owner` ("app.locals" or "res.locals") names it in the
 * deprecation warning its call form gives.
 *
 * @example
 * const locals = createLocals('app.locals')
 * locals({ user: 'tobi' }) // locals.user === 'tobi'
 */
export function createLocals(owner: string): LocalsFunction {
  const locals = function locals(obj?: Record<string, unknown>) {
    deprecate(`${owner}(obj): assign the properties instead (Object.assign(${owner}, obj)), as from 4.x on`)
    for (const key in obj) {
      if (assignable(locals, key)) (locals as unknown as Record<string, unknown>)[key] = obj[key]
    }
    return obj
  } as LocalsFunction
  return locals
}
