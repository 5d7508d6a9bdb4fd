/**
 * Routers entered directly (Dispatch.enterMounted): a request whose path
 * runs through mounted webfw routers, each with a mount or the answering
 * route as its first layer, reaches the route's handler without a Dispatch
 * for the routers between; they are made only when the handler calls
 * `next`. Checked over HTTP against Express 5 and 4 (what every layer sees
 * on the way in and back out, after next(), next('route'), next('router'),
 * next(err) and a throw in the handler), and on random chains of routers
 * with the entry on and off, where the two must agree to the parameters'
 * prototype, req.originalUrl, req.route and req.next.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { rawRequest, requestInTurn, withServer } from '../helpers/http'
import { internal, webfw, webfw4, type Any } from '../helpers/webfw'
import { runs } from '../fuzz/support'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express5: Any = require('express')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')

const { directMountEntries, setDirectMountEntry } = internal('router/dispatch')

/** What the route's handler does after recording what it sees, chosen by the post's id. */
const ENDINGS: Record<string, string> = {
  '1': 'answer',
  '2': 'next',
  '3': 'route',
  '4': 'router',
  '5': 'error',
  '6': 'throw',
  '7': 'next-twice-later',
}

const PATHS = [
  ...Object.keys(ENDINGS).map((id) => `/api/v2/users/42/posts/${id}`),
  '/api/v2/users/42/posts/2?q=/x',
  '/api/v2/users/42/posts/2?clear',
  '/API/v2/users/42/posts/2',
  '/api/v2/users/42/posts/2/',
  '/api/v2/users/42/posts',
  '/api/v2/users/42/other',
  '/api/v2/nothing',
  '/api/v2/users/%zz/posts/2',
]

async function record(factory: Any): Promise<unknown[]> {
  const app = factory()
  // No error logged to the console: the errors are the test's own.
  app.set('env', 'test')
  const api = factory.Router({ mergeParams: true })
  const users = factory.Router({ mergeParams: true })
  const posts = factory.Router({ mergeParams: false })
  const seen: unknown[] = []
  const look = (where: string, req: Any) => {
    seen.push([where, req.method, req.url, req.baseUrl, req.originalUrl, Object.entries(req.params), req.route?.path ?? null])
  }
  const pass = (where: string) => (req: Any, _res: Any, next: Any) => {
    look(where, req)
    next()
  }
  // The first layer of each router is the next mount, or the route: the chain is entered directly.
  posts.get('/:post', (req: Any, res: Any, next: Any) => {
    look('route', req)
    seen.push(['req.next is next', req.next === next])
    const ending = ENDINGS[req.params.post] ?? 'next'
    if (ending === 'answer') res.end('answered')
    else if (ending === 'next') next()
    else if (ending === 'route') next('route')
    else if (ending === 'router') next('router')
    else if (ending === 'error') next(new Error('from the route'))
    else if (ending === 'throw') throw new Error('thrown by the route')
    else setImmediate(() => next())
  }, pass('second handler'))
  posts.get('/:post', pass('next route'))
  posts.use(pass('posts out'))
  users.use('/posts', posts)
  users.use(pass('users out'))
  users.use((err: Any, req: Any, _res: Any, next: Any) => {
    look('users error handler: ' + err.message, req)
    next()
  })
  api.use('/users/:user', users)
  api.use(pass('api out'))
  // Each router entered takes its URL as req.originalUrl when that is empty.
  app.use((req: Any, _res: Any, next: Any) => {
    if (req.url.endsWith('?clear')) req.originalUrl = ''
    next()
  })
  app.use('/api/:version', api)
  app.use((req: Any, res: Any) => {
    look('app out', req)
    res.end('end')
  })
  await requestInTurn(app, PATHS, seen, true)
  return seen
}

describe('routers entered directly, as Express', () => {
  for (const [version, factory, express] of [
    ['5.x', webfw, express5],
    ['4.x', webfw4, express4],
  ] as const) {
    test(`every layer sees what Express's would, on the way in and out (${version})`, async () => {
      const expected = await record(express)
      assert.ok(expected.length > PATHS.length * 3)
      const before = directMountEntries()
      assert.deepEqual(await record(factory), expected)
      // Each request under /api/v2/users/42/posts/ entered the three routers directly.
      assert.ok(directMountEntries() - before >= Object.keys(ENDINGS).length, 'the routers were not entered directly')
    })
  }

  test('a layer whose handleRequest was replaced is called, not passed by', async () => {
    const app = webfw()
    const api = webfw.Router()
    api.get('/x', (_req: Any, res: Any) => res.end('route'))
    app.use('/api', api)
    const mount = app.router.stack[app.router.stack.length - 1]
    const calls: string[] = []
    const own = mount.handleRequest
    mount.handleRequest = function (this: Any, req: Any, res: Any, next: Any) {
      calls.push(req.url)
      return own.call(this, req, res, next)
    }
    const before = directMountEntries()
    await withServer(app, async (srv) => {
      assert.equal((await rawRequest(srv.port, 'GET', '/api/x')).body.toString(), 'route')
    })
    // (Called as the general step calls it: with the mount path stripped.)
    assert.deepEqual(calls, ['/x'])
    assert.equal(directMountEntries(), before)
  })

  test("a mounted router's arity is read once per handler, not on every entry", async () => {
    // A function's `length` is an accessor of the runtime: read on every
    // request it was a call (issue 31, nested-routers). The layer keeps it
    // with the handler it was read from, as for any other handler.
    const app = webfw()
    const api = webfw.Router()
    api.get('/x', (_req: Any, res: Any) => res.end('route'))
    let reads = 0
    Object.defineProperty(api, 'length', {
      configurable: true,
      get() {
        reads++
        return 3
      },
    })
    app.use('/api', api)
    const mount = app.router.stack[app.router.stack.length - 1]
    const before = directMountEntries()
    await withServer(app, async (srv) => {
      for (let i = 0; i < 5; i++) assert.equal((await rawRequest(srv.port, 'GET', '/api/x')).body.toString(), 'route')
      assert.equal(directMountEntries() - before, 5)
      assert.equal(reads, 1)
      // A new handler is measured again: four arguments make the layer an
      // error handler, passed by on the way in, as Express does.
      mount.handle = function (_err: Any, _req: Any, _res: Any, next: Any) {
        next()
      }
      assert.equal((await rawRequest(srv.port, 'GET', '/api/x')).status, 404)
    })
  })
})

/**
 * How many of 150 layers after the route ran before the route's synchronous
 * `next()` returned: the router defers its walk to the next turn after 100
 * synchronous steps, and the Dispatch made for `next` must count the step
 * its router was in, as the general way's does.
 */
async function stepsBeforeReturn(factory: Any): Promise<number[]> {
  const app = factory()
  const api = factory.Router()
  const inner = factory.Router()
  const counts: number[] = []
  let ran = 0
  inner.get('/x', (_req: Any, _res: Any, next: Any) => {
    ran = 0
    next()
    counts.push(ran)
  })
  for (let i = 0; i < 150; i++) {
    inner.use((_req: Any, _res: Any, next: Any) => {
      ran++
      next()
    })
  }
  inner.use((_req: Any, res: Any) => res.end('end'))
  api.use('/inner', inner)
  app.use('/api', api)
  await withServer(app, async (srv) => {
    for (let i = 0; i < 2; i++) assert.equal((await rawRequest(srv.port, 'GET', '/api/inner/x')).status, 200)
  })
  return counts
}

test('the route\'s next() runs as many layers synchronously as the general way does', async () => {
  for (const factory of [webfw, webfw4]) {
    const before = directMountEntries()
    const entered = await stepsBeforeReturn(factory)
    assert.ok(directMountEntries() > before, 'the routers were not entered directly')
    setDirectMountEntry(false)
    let stepped: number[]
    try {
      stepped = await stepsBeforeReturn(factory)
    } finally {
      setDirectMountEntry(true)
    }
    assert.deepEqual(entered, stepped)
    // (The walk was deferred: not all 150 ran before next() returned.)
    assert.ok(stepped[0] > 0 && stepped[0] < 150, `ran ${stepped[0]}`)
  }
})

// Random chains: each router mounts the next as its first layer (or not,
// now and then), the innermost has the route first; after their first layer
// the routers have random layers that pass the request on or end it.
type Behaviour = 'next' | 'route' | 'router' | 'error' | 'end' | 'later'

interface Level {
  path: string
  mergeParams: boolean
  caseSensitive: boolean
  strict: boolean
  firstIsMount: boolean
  after: { path: string | null; route: boolean; behaviour: Behaviour }[]
}

const SEGMENT = fc.constantFrom('a', 'users', 'B', 'x.y')
const pattern = fc
  .array(fc.oneof(SEGMENT, fc.constantFrom(':p', ':q')), { minLength: 0, maxLength: 2 })
  .map((parts) => {
    let n = 0
    return '/' + parts.map((p) => (p.startsWith(':') ? p + n++ : p)).join('/')
  })
const behaviour = fc.constantFrom<Behaviour>('next', 'next', 'next', 'route', 'router', 'error', 'end', 'later')
const level: fc.Arbitrary<Level> = fc.record({
  path: pattern,
  mergeParams: fc.boolean(),
  caseSensitive: fc.boolean(),
  strict: fc.boolean(),
  firstIsMount: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  after: fc.array(fc.record({ path: fc.option(pattern, { nil: null }), route: fc.boolean(), behaviour }), { maxLength: 3 }),
})
interface Chain {
  levels: Level[]
  route: string
  handlers: Behaviour[]
  method: 'get' | 'all'
}
const chain: fc.Arbitrary<Chain> = fc.record({
  levels: fc.array(level, { minLength: 1, maxLength: 4 }),
  route: pattern,
  handlers: fc.array(behaviour, { minLength: 1, maxLength: 2 }),
  method: fc.constantFrom<'get' | 'all'>('get', 'all'),
})

/** A path through the chain: each pattern with its parameters filled, then a tail. */
function pathThrough(patterns: string[], values: string[], tail: string): string {
  let k = 0
  const text = patterns
    .map((p) => p.replace(/:[a-z]\d/g, () => values[k++ % values.length]))
    .join('')
    .replace(/\/+/g, '/')
  return (text === '' ? '/' : text) + tail
}

async function runChain(version: 5 | 4, spec: Chain, requests: [string, string][]): Promise<string[][]> {
  const factory = version === 5 ? webfw : webfw4
  const log: string[] = []
  const see = (id: string, req: Any) => {
    const proto = Object.getPrototypeOf(req.params) === null ? 'null' : 'object'
    log.push(`${id} ${JSON.stringify(req.params)} ${proto} ${req.url} ${req.baseUrl} ${req.originalUrl} ${req.route ? req.route.path : '-'}`)
  }
  const handler = (id: string, b: Behaviour) => (req: Any, res: Any, next: Any) => {
    see(id, req)
    log.push(`${id} req.next is next: ${req.next === next}`)
    if (b === 'next') next()
    else if (b === 'error') next(new Error(id))
    else if (b === 'end') res.end(id)
    else if (b === 'later') setImmediate(() => next())
    else next(b)
  }
  const routers = spec.levels.map((l) => factory.Router({ mergeParams: l.mergeParams, caseSensitive: l.caseSensitive, strict: l.strict }))
  const innermost = routers[routers.length - 1]
  innermost[spec.method](spec.route, ...spec.handlers.map((b, k) => handler(`route.${k}`, b)))
  spec.levels.forEach((l, i) => {
    const router = routers[i]
    const inner = routers[i + 1]
    if (inner !== undefined) {
      if (!l.firstIsMount) router.use(handler(`${i}.first`, 'next'))
      router.use(spec.levels[i + 1].path, inner)
    }
    l.after.forEach((a, k) => {
      const fn = handler(`${i}.after${k}`, a.behaviour)
      if (a.route) router.get(a.path ?? '/', fn)
      else if (a.path === null) router.use(fn)
      else router.use(a.path, fn)
    })
    router.use((err: Any, req: Any, _res: Any, next: Any) => {
      see(`${i}.error ${err.message}`, req)
      next()
    })
  })
  const app = factory()
  app.set('env', 'test')
  app.use(spec.levels[0].path, routers[0])
  app.use((req: Any, res: Any) => {
    see('app out', req)
    res.end('out')
  })
  const results: string[][] = []
  await withServer(app, async (srv) => {
    for (const [method, path] of requests) {
      log.length = 0
      const answer = await rawRequest(srv.port, method, path)
      results.push([...log, `${answer.status} ${answer.body.toString()}`])
    }
  })
  return results
}

describe('routers entered directly, against the general step', () => {
  for (const version of [5, 4] as const) {
    test(`random chains of mounted routers agree with the entry turned off (${version}.x)`, async () => {
      const before = directMountEntries()
      await fc.assert(
        fc.asyncProperty(
          chain,
          fc.array(fc.tuple(fc.constantFrom('GET', 'HEAD', 'POST'), fc.constantFrom('7', 'v', 'users', 'A'), fc.constantFrom('', '/', '?z=/q', '/more')), { minLength: 1, maxLength: 3 }),
          async (spec, asks) => {
            const patterns = [...spec.levels.map((l) => l.path), spec.route]
            const requests = asks.map(([method, value, tail]): [string, string] => [method, pathThrough(patterns, [value, 'u'], tail)])
            const entered = await runChain(version, spec, requests)
            setDirectMountEntry(false)
            let stepped: string[][]
            try {
              stepped = await runChain(version, spec, requests)
            } finally {
              setDirectMountEntry(true)
            }
            assert.deepEqual(entered, stepped)
          },
        ),
        { numRuns: runs(150) },
      )
      assert.ok(directMountEntries() > before, 'no chain was entered directly')
    })
  }
})
