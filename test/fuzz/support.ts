/**
 * Shared machinery of the fuzz tests: how many cases each target runs, a
 * check that no built-in prototype was touched, and the scaling check used
 * for "work stays linear in the input length" (on counts of work, never on
 * times: timed ratios live in `npm run check:scaling`, bench/check-scaling.js).
 *
 * Run counts: every target names its default (small enough that the whole
 * fuzz set stays within ~30 s of `npm test`). `FUZZ_RUNS=n` sets every
 * target to n; `FUZZ_LONG=1` multiplies the defaults by 50 (or by
 * `FUZZ_LONG` itself when it is a number above 1).
 */
import assert from 'node:assert/strict'
import fc from 'fast-check'

/**
 * Strings shaped like forms or queries: any run of `pieces`, or up to ten
 * `&`-joined pairs whose keys come from `keys` (a small set, so that keys
 * repeat), each with no `=`, one or two, and a value made of `pieces`.
 */
export function formStrings(pieces: fc.Arbitrary<string>, keys: readonly string[]): fc.Arbitrary<string> {
  const text = fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join(''))
  const pair = fc.tuple(fc.constantFrom(...keys), fc.constantFrom('', '=', '=='), text).map(([key, equals, value]) => key + equals + value)
  return fc.oneof(
    fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join('')),
    fc.array(pair, { maxLength: 10 }).map((pairs) => pairs.join('&')),
  )
}

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
 * Asserts that a count of work (steps, calls, entries: never a time) grows
 * no faster than linearly from input size `small` to `small * factor`, and
 * returns the ratio. Counts are exact and repeatable, so the bound needs no
 * margin for noise: `factor * slack` (slack 2 by default) only absorbs fixed
 * costs that do not scale; a quadratic count grows `factor²` (1024x for the
 * usual 32).
 *
 * @example
 * assertLinearCount('escaping', (n) => stepsOf(meter(() => escape('"'.repeat(n)))), 512)
 */
export function assertLinearCount(label: string, count: (n: number) => number, small: number, factor = 32, slack = 2): number {
  const base = count(small)
  const large = count(small * factor)
  if (base === 0) {
    assert.equal(large, 0, `${label}: no work at n = ${small}, but ${large} at ${small * factor}`)
    return 0
  }
  const ratio = large / base
  assert.ok(
    ratio <= factor * slack,
    `${label}: work grew ${ratio.toFixed(1)}x (${base} → ${large}) for ${factor}x the input (bound ${factor * slack}x)`,
  )
  return ratio
}
