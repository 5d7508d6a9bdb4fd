/**
 * Shared machinery of the fuzz tests: how many cases each target runs, a
 * check that no built-in prototype was touched, and the scaling check used
 * for "cost stays linear in the input length".
 *
 * Run counts: every target names its default (small enough that the whole
 * fuzz set stays within ~30 s of `npm test`). `FUZZ_RUNS=n` sets every
 * target to n; `FUZZ_LONG=1` multiplies the defaults by 50 (or by
 * `FUZZ_LONG` itself when it is a number above 1).
 */
import assert from 'node:assert/strict'

/** Cases for a target whose default is `base`. */
export function runs(base: number): number {
  const fixed = Number(process.env.FUZZ_RUNS)
  if (Number.isInteger(fixed) && fixed > 0) return fixed
  const long = process.env.FUZZ_LONG
  if (long === undefined || long === '' || long === '0') return base
  const factor = Number(long)
  return base * (Number.isFinite(factor) && factor > 1 ? factor : 50)
}

/** Whether the long mode is on (bigger inputs as well as more cases). */
export const LONG = Boolean(process.env.FUZZ_LONG && process.env.FUZZ_LONG !== '0')

/**
 * The built-in objects whose properties a pollution attack would change:
 * the prototypes every value inherits from, and the constructors whose
 * statics code calls (Object.keys, JSON.parse ...).
 */
const GUARDED: Record<string, object> = {
  'Object.prototype': Object.prototype,
  'Function.prototype': Function.prototype,
  'Array.prototype': Array.prototype,
  'String.prototype': String.prototype,
  'Number.prototype': Number.prototype,
  'Boolean.prototype': Boolean.prototype,
  'Symbol.prototype': Symbol.prototype,
  'BigInt.prototype': BigInt.prototype,
  'Date.prototype': Date.prototype,
  'RegExp.prototype': RegExp.prototype,
  'Error.prototype': Error.prototype,
  'TypeError.prototype': TypeError.prototype,
  'Promise.prototype': Promise.prototype,
  'Map.prototype': Map.prototype,
  'Set.prototype': Set.prototype,
  'WeakMap.prototype': WeakMap.prototype,
  'ArrayBuffer.prototype': ArrayBuffer.prototype,
  'Uint8Array.prototype': Uint8Array.prototype,
  'Buffer.prototype': Buffer.prototype,
  'Object.getPrototypeOf(Uint8Array.prototype)': Object.getPrototypeOf(Uint8Array.prototype) as object,
  'Iterator prototype': Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as object,
  Object,
  Array,
  JSON,
  globalThis,
}

type Snapshot = Map<string, Map<PropertyKey, PropertyDescriptor>>

/** Every own property (names and symbols, with descriptors) of every guarded object. */
export function snapshotBuiltins(): Snapshot {
  const snap: Snapshot = new Map()
  for (const [name, obj] of Object.entries(GUARDED)) {
    const props = new Map<PropertyKey, PropertyDescriptor>()
    for (const key of Reflect.ownKeys(obj)) {
      props.set(key, Object.getOwnPropertyDescriptor(obj, key) as PropertyDescriptor)
    }
    snap.set(name, props)
  }
  return snap
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return (
    a.value === b.value && a.get === b.get && a.set === b.set &&
    a.writable === b.writable && a.enumerable === b.enumerable && a.configurable === b.configurable
  )
}

/**
 * Node's own global state that appears on first use, not through anything a
 * request does: from Node 22 on, the first `fetch` puts its dispatcher on
 * `globalThis` under `Symbol(undici.globalDispatcher.N)`.
 */
function nodeLazyGlobal(name: string, key: PropertyKey): boolean {
  return name === 'globalThis' && typeof key === 'symbol' && (key.description ?? '').startsWith('undici.')
}

/**
 * Fails when any guarded object gained, lost or changed a property, or had
 * its own prototype replaced, since `before` was taken. (`globalThis` is
 * compared by names only: timers and the test runner add globals of their
 * own; what matters there is that no new name appears.)
 */
export function assertBuiltinsUnchanged(before: Snapshot, context: string): void {
  const after = snapshotBuiltins()
  for (const [name, props] of before) {
    const now = after.get(name) as Map<PropertyKey, PropertyDescriptor>
    for (const [key, desc] of now) {
      const old = props.get(key)
      if (old === undefined && nodeLazyGlobal(name, key)) continue
      assert.ok(old !== undefined, `${context}: ${name} gained property ${String(key)}`)
      if (name !== 'globalThis') {
        assert.ok(sameDescriptor(old, desc), `${context}: ${name}.${String(key)} changed`)
      }
    }
    for (const key of props.keys()) {
      assert.ok(now.has(key), `${context}: ${name} lost property ${String(key)}`)
    }
  }
  assert.equal(Object.getPrototypeOf(Object.prototype), null, `${context}: Object.prototype got a prototype`)
  // The cheap canaries a polluted prototype would show on any fresh object.
  const probe: Record<string, unknown> = {}
  for (const key of ['polluted', 'isAdmin', 'x', 'a', '0', 'length', 'toString', 'constructor']) {
    if (key === 'toString' || key === 'constructor') {
      assert.equal(probe[key], (Object.prototype as Record<string, unknown>)[key], `${context}: {}.${key} changed`)
    } else {
      assert.equal(probe[key], undefined, `${context}: {}.${key} is inherited`)
    }
  }
}

/** Depth of nesting of plain objects and arrays in `value` (a string is 0). */
export function depthOf(value: unknown, seen = new Set<unknown>()): number {
  if (value === null || typeof value !== 'object' || seen.has(value)) return 0
  seen.add(value)
  let max = 0
  for (const key of Object.keys(value)) {
    max = Math.max(max, depthOf((value as Record<string, unknown>)[key], seen))
  }
  return max + 1
}

/** The length of the longest array anywhere in `value`. */
export function longestArray(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0
  let max = Array.isArray(value) ? value.length : 0
  for (const key of Object.keys(value)) {
    max = Math.max(max, longestArray((value as Record<string, unknown>)[key]))
  }
  return max
}

/**
 * The growth of `fn`'s cost from input size `small` to `small * factor`:
 * the fastest of several timed batches at each size (the minimum shrugs
 * off garbage collection and scheduler noise), as a ratio. Linear code gives
 * about `factor` (less while fixed costs dominate), quadratic code about
 * `factor` squared.
 */
export function growth(make: (n: number) => () => void, small: number, factor: number): number {
  const time = (n: number): number => {
    const fn = make(n)
    fn() // warm up: compile, fill caches
    // Enough calls per batch that a batch lasts well above timer resolution.
    let calls = 1
    for (;;) {
      const t0 = process.hrtime.bigint()
      for (let i = 0; i < calls; i++) fn()
      const spent = Number(process.hrtime.bigint() - t0)
      if (spent > 1e6 || calls >= 1 << 14) break
      calls *= 4
    }
    let best = Infinity
    for (let round = 0; round < 5; round++) {
      const t0 = process.hrtime.bigint()
      for (let i = 0; i < calls; i++) fn()
      best = Math.min(best, Number(process.hrtime.bigint() - t0) / calls)
    }
    return best
  }
  return time(small * factor) / time(small)
}

/**
 * Asserts that `make(n)`'s cost grows no faster than linearly between `small`
 * and `small * factor`, with a wide margin: the bound is `factor * slack`
 * (default slack 4), far below the `factor²` a quadratic algorithm shows for
 * the factors used (16 or more). A failing measurement is taken again, up to
 * RETRIES more times, keeping the lowest: `npm test` runs two test files at
 * once on a two-core machine, and a neighbour's burst during the large-input
 * batches once pushed a linear case to 1.05× the bound. Noise can only add
 * time to a batch, each size keeps its fastest batch, and the retries keep the
 * lowest ratio; a real super-linear cost (`factor²`) fails every try.
 */
const RETRIES = 3
export function assertLinear(label: string, make: (n: number) => () => void, small: number, factor = 16, slack = 4): number {
  const bound = factor * slack
  let ratio = growth(make, small, factor)
  for (let retry = 0; ratio > bound && retry < RETRIES; retry++) ratio = Math.min(ratio, growth(make, small, factor))
  assert.ok(ratio <= bound, `${label}: cost grew ${ratio.toFixed(1)}x for ${factor}x the input (bound ${bound}x)`)
  return ratio
}
