/**
 * The work of one radix lookup, counted: in a case-insensitive router (the
 * default) whose routes all have parameters, a lower-case path is neither
 * lower-cased nor hashed into the map of static routes. The scan of the URL
 * that the dispatcher makes anyway notes whether the path holds capitals,
 * and a router without static routes has no map to look in (issue 31,
 * `many-routes`). A path with capitals still folds and matches.
 *
 * Counted by wrapping `String.prototype.toLowerCase` and `Map.prototype.get`
 * while the requests are served, keeping only calls on the request's path.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'

const ROUTES = 50

function manyRoutes(factory: Any): Any {
  const app = factory()
  for (let i = 0; i < ROUTES; i++) {
    app.get(`/api/v1/resource${i}/:id`, (req: Any, res: Any) => {
      res.json({ route: i, id: req.params.id })
    })
  }
  return app
}

/** Counts calls of toLowerCase on, and Map lookups of, strings that start with `prefix`, while `fn` runs. */
async function countPathWork<T>(prefix: string, fn: () => Promise<T>): Promise<{ result: T; lowerCased: number; hashed: number }> {
  const toLowerCase = String.prototype.toLowerCase
  const get = Map.prototype.get
  let lowerCased = 0
  let hashed = 0
  String.prototype.toLowerCase = function (this: string) {
    if (typeof this === 'string' && this.startsWith(prefix)) lowerCased++
    return toLowerCase.call(this)
  }
  Map.prototype.get = function (this: Map<unknown, unknown>, key: unknown) {
    if (typeof key === 'string' && key.startsWith(prefix)) hashed++
    return get.call(this, key)
  }
  try {
    const result = await fn()
    return { result, lowerCased, hashed }
  } finally {
    String.prototype.toLowerCase = toLowerCase
    Map.prototype.get = get
  }
}

describe('a radix lookup in a case-insensitive router of parametric routes', () => {
  for (const [version, factory] of [
    ['5.x', webfw],
    ['4.x', webfw4],
  ] as const) {
    test(`neither lower-cases nor hashes a lower-case path (${version})`, async () => {
      await withServer(manyRoutes(factory), async (srv) => {
        // The first request builds the tree (which lower-cases the patterns).
        assert.equal((await rawRequest(srv.port, 'GET', '/api/v1/resource1/7')).status, 200)
        const counted = await countPathWork('/api/v1/', async () => {
          const answers = []
          for (let i = 0; i < 3; i++) answers.push(await rawRequest(srv.port, 'GET', `/api/v1/resource${ROUTES - 1}/42`))
          return answers
        })
        for (const answer of counted.result) {
          assert.equal(answer.status, 200)
          assert.deepEqual(JSON.parse(answer.body), { route: ROUTES - 1, id: '42' })
        }
        assert.equal(counted.lowerCased, 0)
        assert.equal(counted.hashed, 0)
      })
    })

    test(`still folds a path with capitals (${version})`, async () => {
      await withServer(manyRoutes(factory), async (srv) => {
        const answer = await rawRequest(srv.port, 'GET', '/API/v1/Resource7/AbC')
        assert.equal(answer.status, 200)
        assert.deepEqual(JSON.parse(answer.body), { route: 7, id: 'AbC' })
      })
    })
  }
})

/**
 * Nested routers (issue 31, `nested-routers`): each router mounted under a
 * static prefix holds that prefix's own static shape, and each router
 * holding a few shapes matches them without a find-my-way tree
 * (src/router/shape-list.ts). So a request under the prefix hashes no path
 * into the map of static shapes when none has its length, and walks no
 * tree; a static route still finds its shape.
 */
describe('a lookup in nested routers', () => {
  for (const [version, factory] of [
    ['5.x', webfw],
    ['4.x', webfw4],
  ] as const) {
    function nested(): Any {
      const app = factory()
      const users = factory.Router({ mergeParams: true })
      const posts = factory.Router({ mergeParams: true })
      posts.get('/list', (_req: Any, res: Any) => {
        res.json({ list: true })
      })
      posts.get('/:post', (req: Any, res: Any) => {
        res.json(req.params)
      })
      users.use('/posts', posts)
      app.use('/users/:user', users)
      return app
    }

    test(`hashes no path of another length and walks no tree (${version})`, async () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const FindMyWay: Any = require('find-my-way')
      const probe = FindMyWay()
      const treePrototype = Object.getPrototypeOf(probe)
      const find = treePrototype.find
      let walked = 0
      treePrototype.find = function (this: unknown, ...args: unknown[]) {
        walked++
        return find.apply(this, args)
      }
      try {
        await withServer(nested(), async (srv) => {
          assert.equal((await rawRequest(srv.port, 'GET', '/users/ann/posts/7')).status, 200)
          const counted = await countPathWork('/', async () => [
            await rawRequest(srv.port, 'GET', '/users/ann/posts/7'),
            await rawRequest(srv.port, 'GET', '/users/bob/posts/list'),
          ])
          const [post, list] = counted.result
          assert.deepEqual(JSON.parse(post.body), { user: 'ann', post: '7' })
          assert.deepEqual(JSON.parse(list.body), { list: true })
          // Only "/list", in the router that has it.
          assert.equal(counted.hashed, 1)
        })
      } finally {
        treePrototype.find = find
      }
      assert.equal(walked, 0)
    })
  }
})

/**
 * A router too large for the shape list takes its parameters from the
 * find-my-way tree, which names them p0, p1, ...: the first three are read
 * by those constant names, the rest by the name in the shape's list. Every
 * count of parameters from one to six gets each value in its place.
 */
describe('parameters from the tree', () => {
  for (const [version, factory] of [
    ['5.x', webfw],
    ['4.x', webfw4],
  ] as const) {
    test(`each value lands under its own name, one to six of them (${version})`, async () => {
      const app = factory()
      const names = ['a', 'b', 'c', 'd', 'e', 'f']
      for (let n = 1; n <= names.length; n++) {
        const pattern = names.slice(0, n).map((name) => `/${name}x/:${name}`).join('')
        app.get(pattern, (req: Any, res: Any) => res.json({ n, params: { ...req.params } }))
        // More shapes than the shape list takes, so the router builds a tree.
        app.get(`/other${n}/:id/end`, (_req: Any, res: Any) => res.json({ other: n }))
      }
      await withServer(app, async (srv) => {
        for (let n = 1; n <= names.length; n++) {
          const path = names.slice(0, n).map((name, i) => `/${name}x/v${i}`).join('')
          const answer = await rawRequest(srv.port, 'GET', path)
          assert.equal(answer.status, 200, path)
          const expected: Record<string, string> = {}
          names.slice(0, n).forEach((name, i) => (expected[name] = 'v' + i))
          assert.deepEqual(JSON.parse(answer.body), { n, params: expected }, path)
        }
      })
    })
  }
})
