/**
 * The shape list (src/router/shape-list.ts) answers as find-my-way's tree
 * does: for random sets of radix shapes (static text, whole-segment
 * parameters, a final wildcard, with and without a trailing slash) and
 * random paths (with queries, empty segments, trailing slashes), the list
 * and a tree configured as the radix matcher configures its own return the
 * same shape with the same parameter values, in strict and non-strict mode.
 * The radix matcher relies on it for routers of up to SHAPE_LIST_LIMIT
 * parametric shapes; its plans are checked against Express by the property
 * tests (test/router/property-core.ts).
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import FindMyWay from 'find-my-way'
import { internal, type Any } from '../helpers/webfw'
import { runs } from '../fuzz/support'

const { ShapeList } = internal('router/shape-list')
const { PARAM, WILD, shapeKey, shapeToRoute } = internal('router/shape')

const SLASH = 0x2f
const codes = (text: string): number[] => [...text].map((c) => c.charCodeAt(0))

/** A segment of a shape: text (sometimes with ":" or "."), or a parameter. */
const shapeSegment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a', 'b', 'ab', 'a.b', 'a:b', 'ba').map(codes) },
  { weight: 2, arbitrary: fc.constant([PARAM]) },
)
const shapeArb: fc.Arbitrary<number[]> = fc
  .tuple(fc.array(shapeSegment, { minLength: 0, maxLength: 3 }), fc.constantFrom('end', 'slash', 'wild'))
  .map(([segments, tail]) => {
    const shape: number[] = []
    for (const segment of segments) shape.push(SLASH, ...segment)
    if (tail === 'slash' || tail === 'wild' || shape.length === 0) shape.push(SLASH)
    if (tail === 'wild') shape.push(WILD)
    return shape
  })
  // Only parametric shapes and wildcards go to the tree (static ones are in a map).
  .filter((shape) => shape.includes(PARAM) || shape.includes(WILD))

const pathSegment = fc.constantFrom('a', 'b', 'ab', 'a.b', 'a:b', 'ba', 'x', '', 'A', 'abcdefgh', 'a.b:c-d.e:f-g', 'x'.repeat(30))
const pathArb: fc.Arbitrary<string> = fc
  .tuple(fc.array(pathSegment, { minLength: 0, maxLength: 5 }), fc.boolean(), fc.constantFrom('', '?', '?q=/a/b', '?x'))
  .map(([segments, slash, query]) => '/' + segments.join('/') + (slash && segments.length ? '/' : '') + query)

interface Store {
  key: string
  params: number
}

function treeOf(shapes: number[][], strict: boolean): Any {
  const tree = FindMyWay({
    caseSensitive: true,
    ignoreTrailingSlash: !strict,
    ignoreDuplicateSlashes: false,
    maxParamLength: Number.MAX_SAFE_INTEGER,
    querystringParser: () => ({}),
  } as Any)
  for (const shape of shapes) {
    const store: Store = { key: shapeKey(shape), params: shape.filter((a) => a === PARAM).length }
    tree.on('GET', shapeToRoute(shape), () => {}, store)
  }
  return tree
}

test('the shape list returns the shape and values the find-my-way tree returns', () => {
  fc.assert(
    fc.property(fc.uniqueArray(shapeArb, { minLength: 1, maxLength: 8, selector: (s) => s.join(',') }), fc.array(pathArb, { minLength: 1, maxLength: 8 }), fc.boolean(), fc.boolean(), (drawn, paths, strict, prefixes) => {
      // Or as `use` prefixes come: each shape also in its "/*" form.
      const all = prefixes ? drawn.flatMap((s) => (s.includes(WILD) || s[s.length - 1] === SLASH ? [s] : [s, [...s, SLASH, WILD]])) : drawn
      const keys = new Set<string>()
      // As the radix matcher builds its tree: once each, and outside strict mode, shapes ending in "/" stay out.
      const shapes = all.filter((s) => (strict || s[s.length - 1] !== SLASH) && !keys.has(s.join(',')) && keys.add(s.join(',')))
      if (shapes.length === 0) return
      const tree = treeOf(shapes, strict)
      const list = new ShapeList(shapes.map((shape) => ({ shape, store: { key: shapeKey(shape) } })))
      const out: { values: string[] | null } = { values: null }
      for (const url of paths) {
        const query = url.indexOf('?')
        const end = query === -1 ? url.length : query
        const found = tree.find('GET', url)
        const store = list.find(url, end, !strict, out)
        const context = `${JSON.stringify(url)} in ${shapes.map((s) => shapeToRoute(s)).join(' ')} (strict: ${strict})`
        if (found === null) {
          assert.equal(store, null, context)
          continue
        }
        assert.notEqual(store, null, context)
        assert.equal(store.key, found.store.key, context)
        const expected = Array.from({ length: found.store.params }, (_, k) => found.params['p' + k])
        assert.deepEqual(out.values, expected, context)
      }
    }),
    { numRuns: runs(2000) },
  )
})

test('a shape list tries a parameter after static text and a wildcard last, as the tree does', () => {
  const atoms = (route: string): number[] => route.split(/(:p|\*)/).flatMap((part) => (part === ':p' ? [PARAM] : part === '*' ? [WILD] : codes(part)))
  const shapes = ['/*', '/:p/b', '/a/:p', '/a/*', '/b/:p', '/b/:p/*'].map(atoms)
  const list = new ShapeList(shapes.map((shape) => ({ shape, store: shapeToRoute(shape) })))
  const out: { values: string[] | null } = { values: null }
  assert.equal(list.find('/a/b', 4, true, out), '/a/:p0')
  assert.deepEqual(out.values, ['b'])
  assert.equal(list.find('/x/b', 4, true, out), '/:p0/b')
  assert.deepEqual(out.values, ['x'])
  assert.equal(list.find('/a/b/c', 6, true, out), '/a/*')
  assert.equal(list.find('/x/c?/a/b', 4, true, out), '/*')
  assert.equal(list.find('/a/b/', 5, true, out), '/a/:p0')
  assert.equal(list.find('/a/b/', 5, false, out), '/a/*')
  // A prefix's two shapes, compared once.
  assert.equal(list.find('/b/c', 4, true, out), '/b/:p0')
  assert.equal(list.find('/b/c/d', 6, true, out), '/b/:p0/*')
  assert.deepEqual(out.values, ['c'])
  assert.equal(list.find('/b/c.d/', 7, true, out), '/b/:p0')
  assert.deepEqual(out.values, ['c.d'])
  assert.equal(list.find('/b//d', 5, true, out), '/b/:p0/*')
  assert.deepEqual(out.values, [''])
})
