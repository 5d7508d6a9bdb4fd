/**
 * Property test of the compiled 3.x route map: for random 3.x apps (routes
 * of several methods with 3.x patterns, literal `use` prefixes, the route
 * map placed explicitly or at the first route, handlers calling next(),
 * next('route') or next(err), error callbacks) and random request paths,
 * the radix matcher and the linear matcher (the oracle) run the same
 * callbacks in the same order with the same req.params and req.url, and
 * end the same way.
 *
 * FUZZ_RUNS sets the number of tables (default 400); FUZZ_LONG multiplies it.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { runs } from '../fuzz/support'
import { internal, webfw3, type Any } from '../helpers/webfw'
import { basePattern, requestMethod, requestPath, type Behaviour as CoreBehaviour } from './property-core'

const { setDefaultMatcher } = internal('router/router-state')
const { kGetRouter } = internal('app/types')

type Behaviour = Exclude<CoreBehaviour, 'router'>

interface Spec {
  kind: 'route' | 'use' | 'router'
  method: string
  path: string | RegExp | null
  behaviours: Behaviour[]
}

const routePattern: fc.Arbitrary<string | RegExp> = fc.oneof(
  { weight: 8, arbitrary: basePattern },
  { weight: 1, arbitrary: basePattern.map((p) => (p === '/' ? '/*' : p + '/*')) },
  { weight: 1, arbitrary: basePattern.map((p) => (p === '/' ? '/:o?' : p + '/:o?')) },
  { weight: 1, arbitrary: fc.constantFrom('/:f.:ext', '/:f.:ext?', '/x/:p0(\\d+)', '/a*', '/users/', '/:a-:b') },
  { weight: 1, arbitrary: fc.constantFrom(/^\/a\/(\w+)$/i, /^\/users(?:\/(\d+))?\/?$/i, /\/b/) },
)
const behaviour = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Behaviour>('next') },
  { weight: 1, arbitrary: fc.constant<Behaviour>('route') },
  { weight: 1, arbitrary: fc.constant<Behaviour>('error') },
  { weight: 1, arbitrary: fc.constant<Behaviour>('handleError') },
)
const spec: fc.Arbitrary<Spec> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant<'route'>('route'),
      method: fc.constantFrom<string>('get', 'get', 'post', 'head', 'all'),
      path: routePattern as fc.Arbitrary<string | RegExp | null>,
      behaviours: fc.array(behaviour, { minLength: 1, maxLength: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant<'use'>('use'),
      method: fc.constant<string>(''),
      // A trailing slash, which Connect drops, on some prefixes.
      path: fc.option(fc.tuple(basePattern, fc.boolean()).map(([p, slash]) => (slash && !p.endsWith('/') ? p + '/' : p)), { nil: null }),
      behaviours: fc.array(behaviour, { minLength: 1, maxLength: 1 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant<'router'>('router'),
      method: fc.constant<string>(''),
      path: fc.constant<string | null>(null),
      behaviours: fc.constant<Behaviour[]>([]),
    }),
  },
)
const flags = fc.record({ caseSensitive: fc.boolean(), strict: fc.boolean() })

function handler(id: string, b: Behaviour, log: string[]): Any {
  if (b === 'handleError') {
    return (err: Error, req: Any, _res: Any, next: Any) => {
      log.push(`${id}!${err.message} ${JSON.stringify({ ...req.params })} ${req.url}`)
      next()
    }
  }
  return (req: Any, _res: Any, next: Any) => {
    log.push(`${id} ${JSON.stringify({ ...req.params })} ${req.url}`)
    if (b === 'next') next()
    else if (b === 'error') next(new Error(id))
    else next(b)
  }
}

/** Builds the app and runs the requests through its stack: per request, the log and how it ended. */
async function run(kind: 'radix' | 'linear', options: { caseSensitive: boolean; strict: boolean }, specs: Spec[], requests: [string, string][]) {
  setDefaultMatcher(kind)
  try {
    const log: string[] = []
    const app = webfw3()
    if (options.caseSensitive) app.enable('case sensitive routing')
    if (options.strict) app.enable('strict routing')
    specs.forEach((s, i) => {
      const handlers = s.behaviours.map((b, k) => handler(`${i}.${k}`, b, log))
      if (s.kind === 'router') app.use(app.router)
      else if (s.kind === 'use') (s.path === null ? app.use(handlers[0]) : app.use(s.path, handlers[0]))
      else app[s.method](s.path, ...handlers)
    })
    const stack = app[kGetRouter]()
    const results: string[][] = []
    for (const [method, url] of requests) {
      log.length = 0
      const outcome = await new Promise<string>((resolve) => {
        const res = { setHeader() {}, set() { return res }, send: () => resolve('options-response'), end: () => resolve('options-response') }
        try {
          stack.handle({ method, url }, res, (err: Any) => resolve(err ? 'done ' + (err.message ?? String(err)) : 'done'))
        } catch (err) {
          resolve('threw ' + (err as Error)?.constructor?.name)
        }
      })
      results.push([...log, outcome])
    }
    return results
  } finally {
    setDefaultMatcher('radix')
  }
}

test('3.x route map: radix and linear matchers run the same callbacks, params and urls', async () => {
  await fc.assert(
    fc.asyncProperty(flags, fc.array(spec, { minLength: 1, maxLength: 8 }), fc.array(fc.tuple(requestMethod, requestPath), { minLength: 1, maxLength: 6 }), async (f, specs, requests) => {
      const radix = await run('radix', f, specs, requests)
      const linear = await run('linear', f, specs, requests)
      for (const r of radix) assert.ok(!r[r.length - 1].startsWith('threw'), 'a request threw out of handle')
      assert.deepEqual(radix, linear)
    }),
    { numRuns: runs(400), includeErrorInReport: true },
  )
})
