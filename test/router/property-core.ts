/**
 * Property test of compiled dispatch: for random route tables (routes, `use`
 * prefixes, nested routers with and without mergeParams, RegExp, optional and
 * wildcard patterns, handlers that call next('route'), next('router') or
 * next(err)) and random request paths, the radix matcher, the linear matcher
 * (the oracle) and Express's own router run the same callbacks in the same
 * order with the same req.params, req.url and req.baseUrl. Nested routers go
 * two levels deep, so that a request crosses routers the radix matcher
 * enters directly (Dispatch.enterMounted); the radix matcher also runs with
 * that entry turned off, and must agree with itself then to the parameters'
 * prototype, req.originalUrl and req.route.
 * `property.test.ts` runs it on 5.x, `property-v4.test.ts` on 4.x;
 * `test/fuzz/routing.test.ts` runs it with hostile pattern and path
 * alphabets through `DispatchOptions`.
 *
 * FUZZ_RUNS sets the number of tables (default 600); FUZZ_LONG multiplies it
 * (see test/fuzz/support.ts).
 */
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { internal, type Any } from '../helpers/webfw'
import { runs } from '../fuzz/support'

const { useMatcher } = internal('router/router-state')
const { setDirectMountEntry } = internal('router/dispatch')
const { assertUnambiguous, needsLinearMatcher } = internal('router/path4-analysis')

const RUNS = runs(600)

export type Behaviour = 'next' | 'route' | 'router' | 'error' | 'handleError'

interface RouteSpec {
  kind: 'route'
  method: 'get' | 'post' | 'all'
  path: string | RegExp
  behaviours: Behaviour[]
}
interface UseSpec {
  kind: 'use'
  path: string | null
  behaviour: Behaviour
}
interface RouterFlags {
  caseSensitive: boolean
  strict: boolean
}
interface NestedSpec {
  kind: 'nested'
  path: string
  mergeParams: boolean
  flags: RouterFlags
  layers: (RouteSpec | UseSpec | NestedSpec)[]
}
type LayerSpec = RouteSpec | UseSpec | NestedSpec

const SEGMENTS = ['a', 'b', 'ab', 'A', 'users', 'x.y', 'me', '1']

export const segment = fc.constantFrom(...SEGMENTS)
const patternPart = fc.oneof(
  { weight: 5, arbitrary: segment },
  { weight: 3, arbitrary: fc.constantFrom(':p', ':q', ':id') },
  { weight: 1, arbitrary: fc.constant('') },
)
/** A pattern of up to three static segments and `:name` parameters (4.x, 5.x and 3.x syntax alike). */
export const basePattern = fc.array(patternPart, { minLength: 0, maxLength: 3 }).map((parts) => {
  // distinct parameter names within one pattern
  let n = 0
  return '/' + parts.map((p) => (p.startsWith(':') ? p + n++ : p)).join('/')
})
const routePattern5: fc.Arbitrary<string | RegExp> = fc.oneof(
  { weight: 8, arbitrary: basePattern },
  { weight: 1, arbitrary: basePattern.map((p) => (p === '/' ? '/*w' : p + '/*w')) },
  { weight: 1, arbitrary: basePattern.map((p) => (p === '/' ? '/{:o}' : p + '{/:o}')) },
  { weight: 1, arbitrary: fc.constantFrom(/^\/a\/(\w+)$/i, /^\/users(?:\/(\d+))?\/?$/i, /\/b/) },
)
const routePattern4: fc.Arbitrary<string | RegExp> = fc.oneof(
  { weight: 8, arbitrary: basePattern },
  { weight: 1, arbitrary: basePattern.map((p) => (p === '/' ? '*' : p + '/*')) },
  { weight: 1, arbitrary: basePattern.map((p) => (p === '/' ? '/:o?' : p + '/:o?')) },
  { weight: 1, arbitrary: fc.constantFrom('/ab?', '/a+b', '/a(b)?', '/:p0-:p1', '/:f.:ext', '/x/:p0(\\d+)') },
  { weight: 1, arbitrary: fc.constantFrom(/^\/a\/(\w+)$/i, /^\/users(?:\/(\d+))?\/?$/i, /\/b/) },
)
const behaviour = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Behaviour>('next') },
  { weight: 1, arbitrary: fc.constant<Behaviour>('route') },
  { weight: 1, arbitrary: fc.constant<Behaviour>('router') },
  { weight: 1, arbitrary: fc.constant<Behaviour>('error') },
  { weight: 1, arbitrary: fc.constant<Behaviour>('handleError') },
)
function tableOf(routePattern: fc.Arbitrary<string | RegExp>): fc.Arbitrary<LayerSpec[]> {
const routeSpec: fc.Arbitrary<RouteSpec> = fc.record({
  kind: fc.constant<'route'>('route'),
  method: fc.constantFrom<'get' | 'post' | 'all'>('get', 'get', 'post', 'all'),
  path: routePattern,
  behaviours: fc.array(behaviour, { minLength: 1, maxLength: 2 }),
})
const useSpec: fc.Arbitrary<UseSpec> = fc.record({
  kind: fc.constant<'use'>('use'),
  path: fc.option(basePattern, { nil: null }),
  behaviour,
})
const flatLayer = fc.oneof({ weight: 3, arbitrary: routeSpec }, { weight: 1, arbitrary: useSpec })
const nestedOf = (layer: fc.Arbitrary<RouteSpec | UseSpec | NestedSpec>): fc.Arbitrary<NestedSpec> =>
  fc.record({
    kind: fc.constant<'nested'>('nested'),
    path: basePattern,
    mergeParams: fc.boolean(),
    flags: fc.record({ caseSensitive: fc.boolean(), strict: fc.boolean() }),
    layers: fc.array(layer, { minLength: 1, maxLength: 4 }),
  })
// A router in a router: its own layers are flat.
const nestedSpec = nestedOf(fc.oneof({ weight: 4, arbitrary: flatLayer }, { weight: 1, arbitrary: nestedOf(flatLayer) }))
return fc.array(fc.oneof({ weight: 6, arbitrary: flatLayer }, { weight: 1, arbitrary: nestedSpec }), {
  minLength: 1,
  maxLength: 8,
})
}
const rootFlags = fc.record({ caseSensitive: fc.boolean(), strict: fc.boolean() })

const pathSegment = fc.oneof(
  { weight: 10, arbitrary: segment },
  { weight: 2, arbitrary: fc.constantFrom('USERS', 'Me', '42', 'zz') },
  { weight: 1, arbitrary: fc.constantFrom('', '%41', '%zz', 'a%2Fb', 'caf%C3%A9') },
)
export const requestPath = fc
  .tuple(
    fc.array(pathSegment, { minLength: 0, maxLength: 4 }),
    fc.boolean(),
    fc.constantFrom('', '', '?x=1', '?a=/b'),
  )
  .map(([segs, slash, query]) => '/' + segs.join('/') + (slash && segs.length ? '/' : '') + query)
export const requestMethod = fc.constantFrom('GET', 'GET', 'POST', 'HEAD', 'DELETE', 'OPTIONS')

/** What a handler logs of the request; `detail` adds what only webfw's runs are compared on. */
function seen(req: Any, detail: boolean): string {
  const own = `${JSON.stringify(req.params)} ${req.url} ${req.baseUrl}`
  if (!detail) return own
  const proto = Object.getPrototypeOf(req.params) === null ? 'null' : 'object'
  return `${own} ${proto} ${req.originalUrl} ${req.route ? req.route.path : '-'} ${typeof req.next}`
}

function makeHandler(id: string, b: Behaviour, log: string[], detail: boolean): Any {
  if (b === 'handleError') {
    return (err: Error, req: Any, _res: Any, next: Any) => {
      log.push(`${id}!${err.message} ${seen(req, detail)}`)
      next()
    }
  }
  return (req: Any, _res: Any, next: Any) => {
    log.push(`${id} ${seen(req, detail)}`)
    if (b === 'next') next()
    else if (b === 'error') next(new Error(id))
    else next(b)
  }
}

function addLayers(router: Any, specs: LayerSpec[], Router: Any, log: string[], prefix: string, kind: string | null, detail: boolean): void {
  specs.forEach((spec, i) => {
    const id = prefix + i
    if (spec.kind === 'route') {
      const handlers = spec.behaviours.map((b, k) => makeHandler(`${id}.${k}`, b, log, detail))
      router[spec.method](spec.path, ...handlers)
    } else if (spec.kind === 'use') {
      const handler = makeHandler(id, spec.behaviour, log, detail)
      if (spec.path === null) router.use(handler)
      else router.use(spec.path, handler)
    } else {
      const child = Router({ mergeParams: spec.mergeParams, ...spec.flags })
      if (kind !== null) useMatcher(child, kind)
      addLayers(child, spec.layers, Router, log, id + '/', kind, detail)
      router.use(spec.path, child)
    }
  })
}

/** How long one request may stay unanswered before it counts as hung (a guard, not a timing check). */
const HANG_MS = 30_000

/**
 * Builds the table and runs the requests: per request the callbacks' log and
 * the outcome ('done', 'options-response', 'threw ...' when `handle` threw
 * synchronously, 'hung' when neither a response nor the final callback came),
 * or the error class when the table itself is invalid.
 */
export async function run(
  Router: Any, kind: string | null, flags: RouterFlags, specs: LayerSpec[], requests: [string, string][], detail = false,
): Promise<string[][] | string> {
  const log: string[] = []
  const router = Router(flags)
  if (kind !== null) useMatcher(router, kind)
  try {
    addLayers(router, specs, Router, log, '', kind, detail)
  } catch (err) {
    return 'invalid: ' + (err as Error).constructor.name
  }
  const results: string[][] = []
  for (const [method, url] of requests) {
    log.length = 0
    const req = { method, url }
    const outcome = await new Promise<string>((resolve) => {
      const timer = setTimeout(() => resolve('hung'), HANG_MS)
      const finish = (value: string) => {
        clearTimeout(timer)
        resolve(value)
      }
      const res = { setHeader() {}, set() {}, end: () => finish('options-response'), send: () => finish('options-response') }
      try {
        router.handle(req, res, (err: Any) => finish(err ? 'done ' + (err.message ?? String(err)) : 'done'))
      } catch (err) {
        finish('threw ' + (err as Error)?.constructor?.name)
      }
    })
    results.push([...log, outcome])
  }
  return results
}

/** Other alphabets for the property (the fuzz tests' hostile ones). */
export interface DispatchOptions {
  routePattern?: fc.Arbitrary<string | RegExp>
  requestPath?: fc.Arbitrary<string>
  numRuns?: number
}

function failures(results: string[][] | string): string[] {
  if (typeof results === 'string') return []
  return results.map((r) => r[r.length - 1]).filter((o) => o === 'hung' || o.startsWith('threw'))
}

/**
 * Runs the property for a version: its syntax, webfw's Router and Express's.
 * Besides agreeing, webfw's router must never throw out of `handle` nor
 * leave a request unanswered.
 */
/** Every string path of a table, nested routers included. */
function pathsOf(specs: LayerSpec[]): string[] {
  return specs.flatMap((spec): string[] => {
    const own = typeof spec.path === 'string' ? [spec.path] : []
    return spec.kind === 'nested' ? [...own, ...pathsOf(spec.layers)] : own
  })
}

function isAmbiguous4(path: string): boolean {
  try {
    assertUnambiguous(path)
    return false
  } catch {
    return true
  }
}

/** Whether path-to-regexp 0's RegExp of a 4.x pattern could backtrack for more than linear time (src/router/path4-analysis.ts). */
function backtracks4(path: string): boolean {
  try {
    return needsLinearMatcher(path)
  } catch {
    return false
  }
}

export async function checkDispatch(version: 5 | 4, Router: Any, ReferenceRouter: Any, options: DispatchOptions = {}): Promise<void> {
  const table = tableOf(options.routePattern ?? (version === 5 ? routePattern5 : routePattern4))
  const paths = options.requestPath ?? requestPath
  await fc.assert(
    fc.asyncProperty(rootFlags, table, fc.array(fc.tuple(requestMethod, paths), { minLength: 1, maxLength: 6 }), async (flags, specs, requests) => {
      const radix = await run(Router, 'radix', flags, specs, requests)
      const linear = await run(Router, 'linear', flags, specs, requests)
      assert.deepEqual(failures(radix), [], 'radix: a request threw out of handle or hung')
      assert.deepEqual(failures(linear), [], 'linear: a request threw out of handle or hung')
      assert.deepEqual(radix, linear)
      const entered = await run(Router, 'radix', flags, specs, requests, true)
      setDirectMountEntry(false)
      let stepped: string[][] | string
      try {
        stepped = await run(Router, 'radix', flags, specs, requests, true)
      } finally {
        setDirectMountEntry(true)
      }
      assert.deepEqual(entered, stepped, 'routers entered directly and stepped into disagree')
      // Express 4 runs path-to-regexp 0's RegExp, which can backtrack
      // without bound on patterns 4.x gives the linear engine (`/*+` is
      // `(.*)+`: a path it does not match took minutes, and blocked the
      // process). Such tables are compared between webfw's two matchers only.
      if (version === 4 && pathsOf(specs).some(backtracks4)) return
      const reference = await run(ReferenceRouter, null, flags, specs, requests)
      if (version === 4 && radix === 'invalid: TypeError' && reference !== radix) {
        // 4.x refuses ambiguous patterns (touching captures) Express 4 accepts or fails on later: only those.
        assert.ok(pathsOf(specs).some(isAmbiguous4), 'refused a table with no ambiguous 4.x pattern')
        return
      }
      assert.deepEqual(linear, reference)
    }),
    { numRuns: options.numRuns ?? RUNS, includeErrorInReport: true },
  )
}
