/**
 * Fuzzing `req.query` with hostile query strings: prototype keys
 * (`__proto__`, `constructor[prototype]`, encoded and bracketed forms),
 * deep brackets, huge indices, many repeats of one key, malformed escapes
 * and broken UTF-8, on both parsers of both versions.
 *
 * After every case Object.prototype and every built-in prototype are
 * unchanged (test/fuzz/support.ts), the result is a plain or null-prototype
 * object, and its size is bounded:
 * - "simple" (5.x default) is the runtime's own parser, `querystring.parse`
 *   (string or string-array values, at most 1000 pairs), and gives exactly
 *   its result;
 * - "extended" (4.x default) is qs: at most 5 levels of brackets (deeper
 *   text stays in the last key), so at most 6 key levels, each of which a
 *   repeated key may wrap in an array: a depth of at most 13 below the
 *   result whatever the input's length; arrays of at most 21 items (a
 *   larger index or more repeats make an object).
 *
 * Cases: 400 strings, each read through four apps; 60 more through real
 * HTTP requests; FUZZ_RUNS / FUZZ_LONG raise them.
 */
import assert from 'node:assert/strict'
import querystring from 'node:querystring'
import { test } from 'node:test'
import fc from 'fast-check'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'
import { assertBuiltinsUnchanged, depthOf, longestArray, runs, snapshotBuiltins } from './support'

const CASES = runs(400)
const HTTP_CASES = runs(60)
/** The result, then 6 key levels each possibly wrapped in an array of repeats. */
const MAX_DEPTH = 1 + 6 * 2

const keyWord = fc.constantFrom(
  'a', 'b', 'x', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__',
  'length', '0', '1', '20', '21', '99999999', '', '%5F%5Fproto%5F%5F', '__pro__proto__to__', 'a.b', 'isAdmin', 'polluted',
)
const bracket = fc.oneof(
  { weight: 4, arbitrary: keyWord.map((k) => `[${k}]`) },
  { weight: 2, arbitrary: fc.constantFrom('[]', '[0]', '[1]', '[21]', '[100]', '[-1]', '[ ]') },
  { weight: 1, arbitrary: fc.constantFrom('%5B__proto__%5D', '%5Bconstructor%5D%5Bprototype%5D', '[', ']', '][', '[[a]]', '.__proto__') },
)
const key = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(keyWord, fc.array(bracket, { maxLength: 4 })).map(([k, b]) => k + b.join('')) },
  { weight: 1, arbitrary: fc.tuple(keyWord, fc.integer({ min: 5, max: 60 })).map(([k, n]) => k + '[a]'.repeat(n)) },
)
const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('1', '', 'x', 'a+b', 'true', '[object Object]') },
  { weight: 2, arbitrary: fc.constantFrom('%zz', '%', '%E0%A4%A', '%C3%A9', '%C3', '%FF', '%00', '%u0041', '%2B', '=', '==') },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }).map((s) => encodeURIComponent(s)) },
)
const pair = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}=${v}`) },
  { weight: 1, arbitrary: key },
)
/** One query string: pairs, sometimes one pair repeated hundreds of times. */
const queryString = fc.oneof(
  { weight: 8, arbitrary: fc.array(pair, { maxLength: 12 }).chain((pairs) => fc.constantFrom('&', '&&', ';').map((sep) => pairs.join(sep))) },
  { weight: 1, arbitrary: fc.tuple(pair, fc.integer({ min: 20, max: 1500 })).map(([p, n]) => Array(n).fill(p).join('&')) },
  { weight: 1, arbitrary: fc.integer({ min: 900, max: 1600 }).map((n) => Array.from({ length: n }, (_, i) => `k${i}=${i}`).join('&')) },
)

function appWith(factory: Any, parser: 'simple' | 'extended'): Any {
  const app = factory()
  app.set('query parser', parser)
  return app
}
const apps: [string, Any, 'simple' | 'extended'][] = [
  ['5.x simple', appWith(webfw, 'simple'), 'simple'],
  ['5.x extended', appWith(webfw, 'extended'), 'extended'],
  ['4.x extended', appWith(webfw4, 'extended'), 'extended'],
  ['4.x simple', appWith(webfw4, 'simple'), 'simple'],
]

/** `req.query` of a request for `url` on `app`, read as the app's own requests read it. */
function queryOf(app: Any, url: string): unknown {
  const req = Object.create(app.request)
  req.url = url
  req.headers = {}
  return req.query
}

/**
 * Whether `value` inherits nothing but Object.prototype's members: every
 * object on its prototype chain is Object.prototype or has no properties
 * (null-prototype results, or the empty-prototype ones of src/util/flat-form.ts).
 */
function cleanPrototypes(value: object): boolean {
  for (let p = Object.getPrototypeOf(value); p !== null; p = Object.getPrototypeOf(p)) {
    if (p === Object.prototype) return Object.getPrototypeOf(p) === null
    if (Reflect.ownKeys(p).length !== 0) return false
  }
  return true
}

function checkShape(label: string, parser: 'simple' | 'extended', str: string, query: unknown): void {
  assert.ok(query !== null && typeof query === 'object' && !Array.isArray(query), `${label}: not an object`)
  assert.ok(cleanPrototypes(query), `${label}: prototype replaced`)
  if (parser === 'simple') {
    for (const v of Object.values(query as object)) {
      assert.ok(typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')), `${label}: value ${typeof v}`)
    }
    assert.ok(longestArray(query) <= 1000, `${label}: array of ${longestArray(query)}`)
    // The runtime's own parser is the oracle of "simple".
    assert.deepEqual({ ...(query as object) }, { ...querystring.parse(str) }, `${label}: differs from querystring.parse`)
  } else {
    assert.ok(depthOf(query) <= MAX_DEPTH, `${label}: depth ${depthOf(query)}`)
    // qs's arrayLimit: 20 in 5.x; Express 4 raised it to 1000 (one more item may join by repetition).
    const limit = label.startsWith('4.x') ? 1001 : 21
    assert.ok(longestArray(query) <= limit, `${label}: array of ${longestArray(query)}`)
  }
}

test(`req.query: no pollution, bounded shape, simple = querystring.parse (${CASES} strings x 4 apps)`, () => {
  const before = snapshotBuiltins()
  fc.assert(
    fc.property(queryString, fc.constantFrom('/', '/p', '/a/b'), (str, path) => {
      for (const [label, app, parser] of apps) {
        const query = queryOf(app, path + '?' + str)
        checkShape(`${label} ${JSON.stringify(str.slice(0, 80))}`, parser, str, query)
        assertBuiltinsUnchanged(before, label)
      }
    }),
    { numRuns: CASES, includeErrorInReport: true },
  )
})

test(`req.query over HTTP: the handler sees the same bounded, unpolluted object (${HTTP_CASES} requests)`, async () => {
  const before = snapshotBuiltins()
  const app = webfw()
  app.set('query parser', 'extended')
  app.get('/q', (req: Any, res: Any) => {
    const q = req.query
    res.json({ proto: cleanPrototypes(q), depth: depthOf(q), longest: longestArray(q), probe: ({} as Any).polluted ?? null })
  })
  await withServer(app, async (srv) => {
    await fc.assert(
      fc.asyncProperty(queryString.filter((s) => s.length < 8000), async (str) => {
        // Characters a client cannot put in a request line are percent-encoded, as a browser would.
        const target = '/q?' + str.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c))
        const reply = await rawRequest(srv.port, 'GET', target)
        assert.equal(reply.status, 200, reply.body)
        const seen = JSON.parse(reply.body)
        assert.deepEqual({ ...seen, depth: seen.depth <= MAX_DEPTH, longest: seen.longest <= 21 }, { proto: true, depth: true, longest: true, probe: null }, reply.body)
        assertBuiltinsUnchanged(before, 'over HTTP')
      }),
      { numRuns: HTTP_CASES, includeErrorInReport: true },
    )
  })
})
