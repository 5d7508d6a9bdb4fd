/**
 * The HTTP methods the router knows: those of the running Node.js, lower-cased,
 * as Express derives them. `m-search` is reached with bracket notation.
 */
import { METHODS } from 'node:http'

export const methods: readonly string[] = METHODS.map((m) => m.toLowerCase())

const lowerCache: Record<string, string> = Object.create(null)
for (const m of METHODS) lowerCache[m] = m.toLowerCase()

/** Lower-cases a request method, without allocating for the known ones. */
export function lowerMethod(method: unknown): unknown {
  if (typeof method !== 'string') return method
  const known = lowerCache[method]
  return known !== undefined ? known : method.toLowerCase()
}
