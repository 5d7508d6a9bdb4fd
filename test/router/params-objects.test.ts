/**
 * The `req.params` object each layer sees, as Express gives it: in 5.x a
 * route's or a `use` prefix's parameters have no prototype (path-to-regexp's
 * own object), a pathless `use` layer's are a plain `{}`, and under
 * `mergeParams` every layer gets a new plain object: the parent's values,
 * then its own, numbered captures renumbered. webfw makes the parameters of
 * a merging router plainly (src/router/dispatch.ts, `bare`); what the merged
 * object holds must not show it.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { runNode } from '../helpers/child'
import { rawRequest, withServer } from '../helpers/http'
import { packageRoot, webfw, webfw4, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express5: Any = require('express')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')

type Prototype = 'null' | 'Object.prototype' | 'other'

function prototypeOf(value: object): Prototype {
  const proto = Object.getPrototypeOf(value)
  return proto === null ? 'null' : proto === Object.prototype ? 'Object.prototype' : 'other'
}

async function get(app: Any, paths: string[]): Promise<void> {
  await withServer(app, async (srv) => {
    for (const path of paths) {
      const res = await rawRequest(srv.port, 'GET', path)
      assert.equal(res.status, 200, path)
    }
  })
}

/**
 * In a child process that may ask V8 (natives syntax): runs `setup` (which
 * makes `app` and fills `seen`), requests `path` and returns what was seen
 * and the body.
 */
async function seenInChild(entry: string, setup: string, path: string): Promise<unknown> {
  const code = `
    const http = require('node:http')
    const webfw = require(${JSON.stringify(entry)})
    const seen = []
    ${setup}
    const server = app.listen(0, '127.0.0.1', () => {
      http.get({ port: server.address().port, host: '127.0.0.1', path: ${JSON.stringify(path)} }, (res) => {
        let body = ''
        res.on('data', (c) => (body += c))
        res.on('end', () => { console.log(JSON.stringify({ seen, body })); server.close() })
      })
    })
  `
  const { code: exit, stdout, stderr } = await runNode(code, { flags: ['--allow-natives-syntax'], cwd: packageRoot })
  assert.equal(exit, 0, stderr)
  return JSON.parse(stdout.trim())
}

describe('req.params objects of unmerged layers', () => {
  for (const [version, factory, prefixPrototype] of [
    ['5.x', webfw, 'null'],
    ['4.x', webfw4, 'Object.prototype'],
  ] as const) {
    test(`a use prefix gives ${prefixPrototype} parameters, a pathless use a plain object (${version})`, async () => {
      const app = factory()
      const seen: [string, Prototype][] = []
      app.use('/posts', (req: Any, _res: Any, next: Any) => {
        seen.push(['prefix', prototypeOf(req.params)])
        next()
      })
      app.use('/', (req: Any, _res: Any, next: Any) => {
        seen.push(['slash', prototypeOf(req.params)])
        next()
      })
      app.use((req: Any, _res: Any, next: Any) => {
        seen.push(['pathless', prototypeOf(req.params)])
        next()
      })
      app.get('/posts/:id', (req: Any, res: Any) => {
        seen.push(['route', prototypeOf(req.params)])
        res.end()
      })
      await get(app, ['/posts/1'])
      const routePrototype = version === '5.x' ? 'null' : 'Object.prototype'
      assert.deepEqual(seen, [
        ['prefix', prefixPrototype],
        ['slash', 'Object.prototype'],
        ['pathless', 'Object.prototype'],
        ['route', routePrototype],
      ])
    })
  }
})

for (const [version, factory] of [
  ['5.x', webfw],
  ['4.x', webfw4],
] as const) {
  describe(`merged req.params (${version})`, () => {
    test('three routers deep: parent values first, each layer a new plain object', async () => {
      const app = factory()
      const api = factory.Router({ mergeParams: true })
      const users = factory.Router({ mergeParams: true })
      const posts = factory.Router({ mergeParams: true })
      const seen: [string, [string, unknown][], Prototype][] = []
      const record = (where: string) => (req: Any, _res: Any, next: Any) => {
        seen.push([where, Object.entries(req.params), prototypeOf(req.params)])
        req.params.version = 'changed in ' + where
        next()
      }
      app.use('/api/:version', record('app prefix'))
      posts.use(record('posts pathless'))
      posts.get('/:post', (req: Any, res: Any) => {
        seen.push(['route', Object.entries(req.params), prototypeOf(req.params)])
        res.end()
      })
      users.use('/posts', record('users prefix'))
      users.use('/posts', posts)
      api.use('/users/:user', record('api prefix'))
      api.use('/users/:user', users)
      app.use('/api/:version', api)
      await get(app, ['/api/v2/users/ann/posts/7'])
      const unmerged = version === '5.x' ? 'null' : 'Object.prototype'
      assert.deepEqual(seen, [
        ['app prefix', [['version', 'v2']], unmerged],
        ['api prefix', [['version', 'v2'], ['user', 'ann']], 'Object.prototype'],
        ['users prefix', [['version', 'v2'], ['user', 'ann']], 'Object.prototype'],
        ['posts pathless', [['version', 'v2'], ['user', 'ann']], 'Object.prototype'],
        ['route', [['version', 'v2'], ['user', 'ann'], ['post', '7']], 'Object.prototype'],
      ])
    })

    test('numbered captures of a RegExp mount are renumbered under the child parameters', async () => {
      const app = factory()
      const inner = factory.Router({ mergeParams: true })
      const seen: [string, unknown][][] = []
      inner.get('/q/:x', (req: Any, res: Any) => {
        seen.push(Object.entries(req.params))
        res.end()
      })
      app.use(/^\/re\/(\d+)\/(\w+)/, inner)
      app.use('/n/:a', inner)
      await get(app, ['/re/5/k/q/ex', '/n/aa/q/ex'])
      assert.deepEqual(seen, [
        [['0', '5'], ['1', 'k'], ['x', 'ex']],
        [['a', 'aa'], ['x', 'ex']],
      ])
    })
  })
}

describe('merged req.params with a parameter named "0" (5.x)', () => {
  test('is merged as a numbered capture, after the parent captures', async () => {
    const app = webfw()
    const inner = webfw.Router({ mergeParams: true })
    const seen: [string, [string, unknown][]][] = []
    inner.use('/p/:"0"/:b', (req: Any, _res: Any, next: Any) => {
      seen.push(['use', Object.entries(req.params)])
      next()
    })
    inner.get('/p/:"0"/:b', (req: Any, res: Any) => {
      seen.push(['route', Object.entries(req.params)])
      res.end()
    })
    app.use(/^\/re\/(\d+)\/(\w+)/, inner)
    app.use('/n/:a', inner)
    await get(app, ['/re/12/ab/p/zero/bee', '/n/aa/p/zero/bee'])
    assert.deepEqual(seen, [
      ['use', [['0', '12'], ['1', 'ab'], ['2', 'zero'], ['b', 'bee']]],
      ['route', [['0', '12'], ['1', 'ab'], ['2', 'zero'], ['b', 'bee']]],
      ['use', [['0', 'zero'], ['a', 'aa'], ['b', 'bee']]],
      ['route', [['0', 'zero'], ['a', 'aa'], ['b', 'bee']]],
    ])
  })

  // A route's parameters, filled by webfw, keep V8's fast properties under
  // their null prototype (src/util/null-prototype.ts): Object.create(null) is
  // a dictionary, for which res.json(req.params) leaves JSON.stringify's
  // fast path (docs/perf.md, "Null-prototype parameters"). V8's own answer,
  // in a child process that may use its natives syntax.
  test('5.x: a route\'s and a prefix\'s parameters have a null prototype and fast properties', async () => {
    const setup = `
      const app = webfw()
      const look = (p) => [Object.getPrototypeOf(p) === null, %HasFastProperties(p)]
      app.use('/users/:id', (req, res, next) => { seen.push(look(req.params)); next() })
      app.get('/users/:id/posts/:post', (req, res) => { seen.push(look(req.params)); res.json(req.params) })
    `
    assert.deepEqual(await seenInChild('webfw', setup, '/users/7/posts/9'), {
      seen: [
        [true, true],
        [true, true],
      ],
      body: '{"id":"7","post":"9"}',
    })
  })
})

/**
 * What a merging router copies from the parent's parameters, when code
 * between the two gave them more than a router would: each version copies
 * as its Express does (5.x `Object.assign`: own keys and symbols; 4.x a
 * for-in loop: own and inherited string keys, no symbols), on a route the
 * tree matches, a pathless `use` layer and a RegExp route. Checked against
 * Express itself over HTTP.
 */
describe('merged req.params copy the parent as Express does', () => {
  const MARK = Symbol('mark')

  function describeParams(where: string, params: object): unknown[] {
    const inherited: string[] = []
    for (const key in params) if (!Object.hasOwn(params, key)) inherited.push(key)
    return [where, Object.entries(params), Object.getOwnPropertySymbols(params).length, inherited, prototypeOf(params)]
  }

  async function seenBy(factory: Any): Promise<unknown[]> {
    const app = factory()
    const inner = factory.Router({ mergeParams: true })
    const seen: unknown[] = []
    inner.use((req: Any, _res: Any, next: Any) => {
      seen.push(describeParams('pathless', req.params))
      next()
    })
    inner.get('/posts/:post', (req: Any, res: Any) => {
      seen.push(describeParams('route', req.params))
      res.end()
    })
    inner.get(/^\/re\/(\d+)$/, (req: Any, res: Any) => {
      seen.push(describeParams('regexp', req.params))
      res.end()
    })
    app.use('/users/:user', (req: Any, res: Any, next: Any) => {
      const params = Object.assign(Object.create({ inherited: 'yes' }), req.params)
      params[MARK] = 'marked'
      req.params = params
      inner(req, res, next)
    })
    await get(app, ['/users/ann/posts/7', '/users/bob/re/12'])
    return seen
  }

  for (const [version, factory, express] of [
    ['5.x', webfw, express5],
    ['4.x', webfw4, express4],
  ] as const) {
    test(`own keys, symbols and inherited keys (${version})`, async () => {
      const expected = await seenBy(express)
      assert.equal(expected.length, 4)
      assert.deepEqual(await seenBy(factory), expected)
    })
  }
})

// Merged parameters are built by copying the parent's and adding the tree's
// values (src/router/merge-params.ts, `mergeTreeValues`): V8 must still see
// ordinary fast-property objects at every level, which res.json serialises
// on its fast path.
for (const [version, entry] of [
  ['5.x', 'webfw'],
  ['4.x', 'webfw/v4'],
] as const) {
  test(`${version}: merged parameters three routers deep have fast properties`, async () => {
    const setup = `
      const app = webfw()
      const api = webfw.Router({ mergeParams: true })
      const users = webfw.Router({ mergeParams: true })
      const posts = webfw.Router({ mergeParams: true })
      const look = (where, p) => [where, Object.getPrototypeOf(p) === Object.prototype, %HasFastProperties(p)]
      posts.get('/:post', (req, res) => { seen.push(look('route', req.params)); res.json(req.params) })
      users.use('/posts', (req, res, next) => { seen.push(look('users', req.params)); next() }, posts)
      api.use('/users/:user', (req, res, next) => { seen.push(look('api', req.params)); next() }, users)
      app.use('/api/:version', api)
    `
    assert.deepEqual(await seenInChild(entry, setup, '/api/v2/users/42/posts/7'), {
      seen: [
        ['api', true, true],
        ['users', true, true],
        ['route', true, true],
      ],
      body: '{"version":"v2","user":"42","post":"7"}',
    })
  })
}

/**
 * A `use` prefix that mounts a webfw router gets its parameters as a plain
 * object (src/router/plan.ts, `mountsOwnRouter`), with parameters or
 * static (then an empty one, where a static route gets
 * `Object.create(null)`): the router replaces
 * `req.params` before any of its layers runs. Whatever app code can reach
 * must still see Express 5's null-prototype object: the mounting router's
 * param callbacks, a router whose `handle` was replaced, a function that
 * calls a router, and the router's own layers. Each case runs on Express 5
 * as well and must see the same.
 */
describe('5.x: parameters of a prefix that mounts a router, where app code can reach them', () => {
  async function seenOn(factory: Any, build: (app: Any, factory: Any, seen: unknown[]) => void, paths: string[]): Promise<unknown[]> {
    const app = factory()
    const seen: unknown[] = []
    build(app, factory, seen)
    app.use((req: Any, res: Any) => res.end('end'))
    await get(app, paths)
    return seen
  }

  const cases: [string, (app: Any, factory: Any, seen: unknown[]) => void][] = [
    [
      'param callbacks of the mounting router, merging child or not',
      (app, factory, seen) => {
        app.param('version', (req: Any, _res: Any, next: Any, value: unknown) => {
          seen.push(['param', value, Object.entries(req.params), prototypeOf(req.params)])
          next()
        })
        for (const mergeParams of [true, false]) {
          const child = factory.Router({ mergeParams })
          child.get('/item/:id', (req: Any, res: Any) => {
            seen.push(['route', mergeParams, Object.entries(req.params), prototypeOf(req.params)])
            res.end()
          })
          app.use(mergeParams ? '/m/:version' : '/u/:version', child)
        }
      },
    ],
    [
      'a router whose handle was replaced, and a function calling a router',
      (app, factory, seen) => {
        const patched = factory.Router({ mergeParams: true })
        const own = patched.handle
        // Patched while a request is on its way, after the app's plan for it was made.
        app.use((req: Any, _res: Any, next: Any) => {
          if (req.url.startsWith('/p/')) {
            patched.handle = function (this: Any, req: Any, res: Any, next: Any) {
              seen.push(['patched handle', Object.entries(req.params), prototypeOf(req.params)])
              return own.call(this, req, res, next)
            }
          }
          next()
        })
        patched.get('/item/:id', (req: Any, res: Any, next: Any) => {
          seen.push(['patched route', Object.entries(req.params), prototypeOf(req.params)])
          next()
        })
        app.use('/p/:version', patched)
        const inner = factory.Router()
        app.use('/w/:version', (req: Any, res: Any, next: Any) => {
          seen.push(['wrapper', Object.entries(req.params), prototypeOf(req.params)])
          inner(req, res, next)
        })
      },
    ],
    [
      'a router falling through to the next prefix layer, which is not a router',
      (app, factory, seen) => {
        const child = factory.Router({ mergeParams: true })
        child.get('/none', (_req: Any, res: Any) => res.end())
        app.use('/f/:version', child)
        app.use('/f/:version', (req: Any, _res: Any, next: Any) => {
          seen.push(['after', Object.entries(req.params), prototypeOf(req.params)])
          next()
        })
      },
    ],
    [
      'static prefixes: a router falling through to a layer that is not one, a router whose handle was replaced',
      (app, factory, seen) => {
        const child = factory.Router()
        child.get('/none', (_req: Any, res: Any) => res.end())
        app.use('/sf', child)
        app.use('/sf', (req: Any, _res: Any, next: Any) => {
          seen.push(['after static', Object.entries(req.params), prototypeOf(req.params)])
          next()
        })
        const patched = factory.Router()
        const own = patched.handle
        patched.handle = function (this: Any, req: Any, res: Any, next: Any) {
          seen.push(['patched static', Object.entries(req.params), prototypeOf(req.params)])
          return own.call(this, req, res, next)
        }
        patched.get('/item', (_req: Any, _res: Any, next: Any) => next())
        app.use('/sp', patched)
      },
    ],
  ]
  for (const [name, build] of cases) {
    test(name, async () => {
      const paths = ['/m/v1/item/7', '/u/v2/item/8', '/p/v3/item/9', '/w/v4/x', '/f/v5/some', '/sf/some', '/sp/item']
      const expected = await seenOn(express5, build, paths)
      assert.notEqual(expected.length, 0)
      assert.deepEqual(await seenOn(webfw, build, paths), expected)
    })
  }
})
