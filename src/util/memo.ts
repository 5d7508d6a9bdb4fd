/**
 * A bounded memo for pure functions of short strings that requests repeat
 * (header values, type names): results kept in a map that is cleared when it
 * reaches its size, so a client sending endless distinct values cannot grow it.
 */
export function memoize<T>(fn: (key: string) => T, maxEntries = 256): (key: string) => T {
  const cache = new Map<string, T>()
  return (key) => {
    let value = cache.get(key)
    if (value === undefined && !cache.has(key)) {
      value = fn(key)
      if (cache.size >= maxEntries) cache.clear()
      cache.set(key, value)
    }
    return value as T
  }
}
