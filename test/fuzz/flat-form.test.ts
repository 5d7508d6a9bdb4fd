/**
 * 5.x's flat form parser (src/util/flat-form.ts) against its
 * oracle, qs at depth 0 with body-parser's options, on random bodies
 * without brackets: separators, `+`, prototype names, numeric keys, and
 * escapes that decode, that do not, and that decode to a separator. Same
 * keys in the same order, same values, a plain object, and no built-in
 * prototype touched. Half the bodies repeat a key, so both of the parser's
 * passes (the one that stores blindly and the one that collects repeats)
 * are compared.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import qs from 'qs'
import { internal } from '../helpers/webfw'
import { meter, stepsOf } from '../security/work-meter'
import { assertBuiltinsUnchanged, assertLinearCount, formStrings, runs, snapshotBuiltins } from './support'

const { parseFlatForm, parseRuntimeFlatForm } = internal('util/flat-form')

const piece = fc.constantFrom(
  'a', 'b', 'k', '0', '1', '=', '==', '&', '&&', '+', '++', ' ', '__proto__', '__pro%74o__', 'toString',
  'constructor', 'hasOwnProperty', '', '%', '%4', '%41', '%2B', '%25', '%26', '%3D', '%20', '%zz', '%C3%A9',
  '%E9', '%ED%A0%80', '%F0%9F%98%80', 'é', '😀',
)
/** Forms whose keys come from a small set (so that keys repeat), and any run of pieces. */
const body = formStrings(piece, ['a', 'b', '0', 'toString', '%61', 'a+', '__proto__', ''])

/** body-parser 2's qs options for a flat form of `count` parameters. */
function oracle(s: string): Record<string, unknown> {
  const count = s.split('&').length
  return qs.parse(s, { allowPrototypes: true, arrayLimit: count, depth: 0, parameterLimit: 1000, strictDepth: true }) as Record<string, unknown>
}

function repeatsAKey(parsed: Record<string, unknown>): boolean {
  return Object.values(parsed).some(Array.isArray)
}

test(`parseFlatForm gives qs's depth-0 result (${runs(3000)} bodies, with and without repeated keys)`, () => {
  const before = snapshotBuiltins()
  let repeated = 0
  let single = 0
  fc.assert(
    fc.property(body, (s) => {
      const got = parseFlatForm(s)
      const want = oracle(s)
      assert.deepEqual(Object.entries(got), Object.entries(want), JSON.stringify(s))
      assert.equal(Object.getPrototypeOf(got), Object.prototype)
      if (repeatsAKey(want)) repeated++
      else single++
    }),
    { numRuns: runs(3000) },
  )
  assertBuiltinsUnchanged(before, 'after parsing random forms')
  assert.ok(repeated > 100 && single > 100, `repeated ${repeated}, single ${single}`)
})

test('parseFlatForm: a repeated key after a prototype name, an escaped separator, and + inside escapes', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['toString=1&toString=2', { toString: ['1', '2'] }],
    ['a=1&b=x+y&a=%41&a=3', { a: ['1', 'A', '3'], b: 'x y' }],
    ['k%3Dv=1%262', { 'k=v': '1&2' }],
    ['%2B+%2B=%2B+', { '+ +': '+ ' }],
    ['=x&&a&__proto__=1&__pro%74o__=2', { a: '' }],
    ['v=%E9+%zz', { v: '%E9 %zz' }],
  ]
  for (const [input, expected] of cases) {
    const got = parseFlatForm(input)
    assert.deepEqual(Object.entries(got), Object.entries(expected), input)
    assert.deepEqual(Object.entries(oracle(input)), Object.entries(expected), `oracle: ${input}`)
  }
})

test('parseFlatForm and parseRuntimeFlatForm: work grows linearly with the body, also where a search runs far ahead or the second pass runs', () => {
  // Counted, not timed: the characters the string built-ins go through
  // (test/security/work-meter.ts). Each shape is n units long.
  const shapes: Record<string, (n: number) => string> = {
    'keys without "=" before one "=" at the end': (n) => 'a&'.repeat(n) + 'b=1',
    'a "%" in every key, none in the values': (n) => 'k%41=v&'.repeat(n),
    'a "%" only at the end': (n) => 'k=v&'.repeat(n) + 'z=%41',
    'malformed escapes everywhere': (n) => '%=%&'.repeat(n),
    'one key repeated after another (second pass)': (n) => 'a=1&b=2&'.repeat(n),
    'one long value of "+"': (n) => 'a=' + '+'.repeat(4 * n),
  }
  for (const [label, shape] of Object.entries(shapes)) {
    assertLinearCount(label, (n) => stepsOf(meter(() => parseFlatForm(shape(n)))), 64)
    assertLinearCount(`${label} (runtime dialect)`, (n) => stepsOf(meter(() => parseRuntimeFlatForm(shape(n)))), 64)
  }
})
