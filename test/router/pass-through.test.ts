/**
 * Pathless `use` layers (`app.use(fn)`, `router.use(fn)`): what each one sees
 * when the one before it calls `next()`. The dispatcher steps onto them by a
 * short path of its own (src/router/dispatch.ts, `passThrough`); these pin
 * what that path must keep from Express's loop: a fresh `req.params` per
 * layer (a plain object, merged with the parent's under `mergeParams`), the
 * URL, method and stack read again at every step, the mount prefix put
 * back, `next('route')`, no stack overflow on long synchronous chains, and
 * each layer published to a tracer on the `webfw.layer` channel.
 */
import assert from 'node:assert/strict'
import dc from 'node:diagnostics_channel'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { webfw, webfw4, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express5: Any = require('express')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')

const versions: [string, Any, Any][] = [
  ['5.x', webfw, express5],
  ['4.x', webfw4, express4],
]

interface ParamsSeen {
  keys: string[]
  plainPrototype: boolean
  sameAsBefore: boolean
}

for (const [version, factory, express] of versions) {
  describe(`pathless middleware steps (${version})`, () => {
    test('each layer gets a fresh plain req.params; a change made by one stays with it', async () => {
      const app = factory()
      const seen: ParamsSeen[] = []
      let previous: unknown = null
      for (let i = 0; i < 4; i++) {
        app.use((req: Any, _res: Any, next: Any) => {
          seen.push({
            keys: Object.keys(req.params),
            plainPrototype: Object.getPrototypeOf(req.params) === Object.prototype,
            sameAsBefore: req.params === previous,
          })
          req.params['layer' + i] = 'x'
          previous = req.params
          next()
        })
      }
      app.get('/item/:id', (req: Any, res: Any) => res.json({ params: Object.entries(req.params) }))
      const res = await call(app, '/item/7')
      assert.equal(res.status, 200)
      assert.deepEqual(JSON.parse(res.body), { params: [['id', '7']] })
      assert.deepEqual(seen, Array.from({ length: 4 }, () => ({ keys: [], plainPrototype: true, sameAsBefore: false })))
    })

    test('under mergeParams each layer gets its own copy of the parent parameters', async () => {
      const app = factory()
      const router = factory.Router({ mergeParams: true })
      const seen: [string, unknown][][] = []
      for (let i = 0; i < 3; i++) {
        router.use((req: Any, _res: Any, next: Any) => {
          seen.push(Object.entries(req.params))
          req.params.user = 'changed by ' + i
          next()
        })
      }
      router.get('/', (req: Any, res: Any) => res.json(Object.entries(req.params)))
      app.use('/users/:user', router)
      const res = await call(app, '/users/ann')
      assert.equal(res.status, 200)
      assert.deepEqual(JSON.parse(res.body), [['user', 'ann']])
      assert.deepEqual(seen, [[['user', 'ann']], [['user', 'ann']], [['user', 'ann']]])
    })

    test('mergeParams is read as a truth value at every step, whatever its type', async () => {
      // Express tests `router.mergeParams` when each layer matches: a value
      // other than true or undefined counts by its truth, and a change made
      // during the request holds from the next step on.
      for (const [value, merged] of [[1, true], ['yes', true], [0, false], [null, false], ['', false]] as const) {
        const app = factory()
        const router = factory.Router()
        router.mergeParams = value
        const seen: [string, unknown][][] = []
        router.use((req: Any, _res: Any, next: Any) => {
          seen.push(Object.entries(req.params))
          next()
        })
        router.use((req: Any, _res: Any, next: Any) => {
          seen.push(Object.entries(req.params))
          router.mergeParams = !merged
          next()
        })
        router.use((req: Any, res: Any) => {
          seen.push(Object.entries(req.params))
          res.send('ok')
        })
        app.use('/users/:user', router)
        const res = await call(app, '/users/ann')
        assert.equal(res.body, 'ok')
        const parent: [string, unknown][] = [['user', 'ann']]
        assert.deepEqual(seen, merged ? [parent, parent, []] : [[], [], parent], `mergeParams ${JSON.stringify(value)}`)
      }
    })

    test('a rewritten URL or method is routed anew by the next step', async () => {
      const app = factory()
      app.use((req: Any, _res: Any, next: Any) => {
        req.url = '/rewritten' + req.url
        next()
      })
      app.use((req: Any, _res: Any, next: Any) => {
        req.method = 'POST'
        next()
      })
      app.use((req: Any, _res: Any, next: Any) => next())
      app.get('/rewritten/a', (_req: Any, res: Any) => res.send('get'))
      app.post('/a', (_req: Any, res: Any) => res.send('post, old url'))
      app.post('/rewritten/a', (req: Any, res: Any) => res.send('post ' + req.url))
      const res = await call(app, '/a')
      assert.equal(res.status, 200)
      assert.equal(res.body, 'post /rewritten/a')
    })

    test('a layer added while the request runs is reached by that request', async () => {
      const app = factory()
      let added = false
      app.use((_req: Any, _res: Any, next: Any) => {
        if (!added) {
          added = true
          app.use((_req2: Any, res: Any) => res.send('added at run time'))
        }
        next()
      })
      app.use((_req: Any, _res: Any, next: Any) => next())
      const res = await call(app, '/anything')
      assert.equal(res.status, 200)
      assert.equal(res.body, 'added at run time')
    })

    test('a layer pushed onto router.stack directly while the request runs is reached by that request', async () => {
      // The stack's length is read at every step, as Express's loop reads it.
      const serve = async (make: Any): Promise<string> => {
        const router = make.Router()
        const donor = make.Router()
        donor.use((_req: Any, res: Any) => res.send('pushed at run time'))
        router.use((_req: Any, _res: Any, next: Any) => {
          if (router.stack.length === 2) router.stack.push(donor.stack[0])
          next()
        })
        router.use((_req: Any, _res: Any, next: Any) => next())
        const app = make()
        app.use(router)
        return (await call(app, '/x')).body
      }
      assert.equal(await serve(express), 'pushed at run time')
      assert.equal(await serve(factory), 'pushed at run time')
    })

    test('router.stack replaced while the request runs: that request goes on with the array it started with, the next one takes the new', async () => {
      const serve = async (make: Any): Promise<string[]> => {
        const router = make.Router()
        const replacement = make.Router()
        replacement.use((_req: Any, res: Any) => res.send('replacement'))
        router.use((_req: Any, _res: Any, next: Any) => {
          router.stack = replacement.stack
          next()
        })
        router.use((_req: Any, res: Any) => res.send('original'))
        const app = make()
        app.use(router)
        return [(await call(app, '/x')).body, (await call(app, '/x')).body]
      }
      const expected = await serve(express)
      assert.deepEqual(expected, ['original', 'replacement'])
      assert.deepEqual(await serve(factory), expected)
    })

    test('the mount prefix taken by a layer is put back before the next pathless layer', async () => {
      const app = factory()
      const seen: [string, string][] = []
      app.use('/shop', (req: Any, _res: Any, next: Any) => {
        seen.push([req.baseUrl, req.url])
        next()
      })
      app.use((req: Any, _res: Any, next: Any) => {
        seen.push([req.baseUrl, req.url])
        next()
      })
      app.use((req: Any, res: Any) => res.json([req.baseUrl, req.url]))
      const res = await call(app, '/shop/cart?x=1')
      assert.equal(res.status, 200)
      assert.deepEqual(JSON.parse(res.body), ['', '/shop/cart?x=1'])
      assert.deepEqual(seen, [['/shop', '/cart?x=1'], ['', '/shop/cart?x=1']])
    })

    test("next('route') from a middleware goes on to the next layer", async () => {
      const app = factory()
      const order: string[] = []
      app.use((_req: Any, _res: Any, next: Any) => {
        order.push('a')
        next('route')
      })
      app.use((_req: Any, _res: Any, next: Any) => {
        order.push('b')
        next()
      })
      app.get('/', (_req: Any, res: Any) => res.send(order.join('')))
      const res = await call(app, '/')
      assert.equal(res.body, 'ab')
    })

    test('a thousand middleware calling next() at once answer without overflowing the stack', async () => {
      const app = factory()
      for (let i = 0; i < 1000; i++) {
        app.use((req: Any, _res: Any, next: Any) => {
          req.hops = (req.hops | 0) + 1
          next()
        })
      }
      app.get('/', (req: Any, res: Any) => res.json({ hops: req.hops }))
      const res = await call(app, '/')
      assert.equal(res.status, 200)
      assert.deepEqual(JSON.parse(res.body), { hops: 1000 })
    })

    test('an error skips the pathless middleware to the error handler', async () => {
      const app = factory()
      const order: string[] = []
      app.use((_req: Any, _res: Any, next: Any) => next(new Error('boom')))
      app.use((_req: Any, _res: Any, next: Any) => {
        order.push('skipped middleware ran')
        next()
      })
      app.use((err: Error, _req: Any, res: Any, _next: Any) => res.status(500).send('handled ' + err.message))
      const res = await call(app, '/')
      assert.equal(res.status, 500)
      assert.equal(res.body, 'handled boom')
      assert.deepEqual(order, [])
    })
    test('a tracer on webfw.layer sees every pathless middleware start, in order', async () => {
      const app = factory()
      for (const name of ['one', 'two', 'three']) {
        const fn = (_req: Any, _res: Any, next: Any) => next()
        Object.defineProperty(fn, 'name', { value: name })
        app.use(fn)
      }
      app.get('/', function route(_req: Any, res: Any) {
        res.send('ok')
      })
      const started: string[] = []
      const onStart = (message: unknown) => {
        started.push((message as { name: string }).name)
      }
      const channel = dc.tracingChannel('webfw.layer')
      channel.start.subscribe(onStart)
      try {
        const res = await call(app, '/')
        assert.equal(res.body, 'ok')
      } finally {
        channel.start.unsubscribe(onStart)
      }
      assert.deepEqual(started.filter((name) => name === 'one' || name === 'two' || name === 'three'), ['one', 'two', 'three'])
    })
  })
}
