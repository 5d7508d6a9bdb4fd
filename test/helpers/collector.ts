/**
 * Waiting for what the code under test reports, instead of sleeping: a list
 * the test's callbacks push to, and a promise per count of entries. The only
 * timer is a guard that turns a hang into a readable failure, far beyond any
 * machine's slowness; nothing waits for it to pass.
 */

/** How long `waitFor` waits before failing (a guard against hangs, not a timing check). */
const GUARD_MS = 30_000

/** Entries pushed by callbacks under test; `waitFor(n)` resolves once there are n. */
export class Collector<T> {
  readonly items: T[] = []
  private waiters: { count: number; wake: () => void }[] = []

  /** Records one entry (bound: pass it as a callback). */
  readonly push = (item: T): void => {
    this.items.push(item)
    this.waiters = this.waiters.filter((w) => {
      if (this.items.length < w.count) return true
      w.wake()
      return false
    })
  }

  get length(): number {
    return this.items.length
  }

  /**
   * Resolves with the entries once at least `count` were pushed.
   *
   * @example
   * const errors = new Collector<Error>()
   * app.use((err, req, res, next) => errors.push(err))
   * await errors.waitFor(1)
   */
  waitFor(count = 1, what = 'entries'): Promise<T[]> {
    if (this.items.length >= count) return Promise.resolve(this.items)
    return new Promise((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`expected ${count} ${what}, got ${this.items.length}`)), GUARD_MS)
      this.waiters.push({
        count,
        wake: () => {
          clearTimeout(guard)
          resolve(this.items)
        },
      })
    })
  }
}

/**
 * Resolves after the callbacks already queued with setImmediate (and every
 * pending microtask and nextTick) have run: a barrier for work the code
 * under test deferred that way, with no timer involved.
 */
export function afterImmediates(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}
