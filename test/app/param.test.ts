/**
 * app.param / router.param: triggers for route parameters.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, type Any } from '../helpers/webfw'

async function get(app: Any, path: string) {
  return withServer(app, (srv) => rawRequest(srv.port, 'GET', path))
}

describe('app.param(name, fn)', () => {
  test('receives (req, res, next, value, name) before the handler and may transform the value', async () => {
    const app = webfw()
    const calls: unknown[] = []
    app.param('user', (req: Any, _res: Any, next: Any, value: string, name: string) => {
      calls.push([value, name, typeof next])
      req.params.user = value.toUpperCase()
      req.user = { name: value }
      next()
    })
    app.get('/u/:user', (req: Any, res: Any) => res.json([req.params.user, req.user]))
    assert.deepEqual(JSON.parse((await get(app, '/u/ann')).body), ['ANN', { name: 'ann' }])
    assert.deepEqual(calls, [['ann', 'user', 'function']])
  })

  test('is called once per request even when several routes use the parameter', async () => {
    const app = webfw()
    let count = 0
    app.param('id', (_req: Any, _res: Any, next: Any) => {
      count++
      next()
    })
    app.get('/i/:id', (_req: Any, _res: Any, next: Any) => next())
    app.get('/i/:id', (_req: Any, _res: Any, next: Any) => next())
    app.get('/i/:id', (_req: Any, res: Any) => res.send('done'))
    await get(app, '/i/1')
    assert.equal(count, 1)
  })

  test('is called again when the value differs', async () => {
    const app = webfw()
    const values: string[] = []
    app.param('v', (_req: Any, _res: Any, next: Any, value: string) => {
      values.push(value)
      next()
    })
    app.get('/a/:v/*rest', (_req: Any, _res: Any, next: Any) => next())
    app.get('/a/:x/:v', (_req: Any, _res: Any, next: Any) => next())
    app.get('/a/:v/:x', (_req: Any, res: Any) => res.end())
    await get(app, '/a/one/two')
    // 'one' for the first route, 'two' for the second, 'one' again for the third
    assert.deepEqual(values, ['one', 'two', 'one'])
  })

  test('an array of names registers the callback for each', async () => {
    const app = webfw()
    const seen: string[] = []
    app.param(['a', 'b'], (_req: Any, _res: Any, next: Any, value: string, name: string) => {
      seen.push(`${name}=${value}`)
      next()
    })
    app.get('/:a/:b', (_req: Any, res: Any) => res.end())
    await get(app, '/1/2')
    assert.deepEqual(seen, ['a=1', 'b=2'])
  })

  test('an error from the callback skips the route and reaches error handlers', async () => {
    const app = webfw()
    app.param('id', (_req: Any, _res: Any, next: Any, value: string) => {
      if (value === 'missing') {
        const err = Object.assign(new Error('no such entity'), { status: 404 })
        return next(err)
      }
      next()
    })
    app.get('/e/:id', (_req: Any, res: Any) => res.send('found'))
    app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status).send(err.message))
    assert.equal((await get(app, '/e/ok')).body, 'found')
    const r = await get(app, '/e/missing')
    assert.equal(r.status, 404)
    assert.equal(r.body, 'no such entity')
  })

  test("next('route') from a trigger skips to the next matching route", async () => {
    const app = webfw()
    app.param('id', (_req: Any, _res: Any, next: Any, value: string) => next(value === 'skip' ? 'route' : undefined))
    app.get('/s/:id', (_req: Any, res: Any) => res.send('first'))
    app.get('/s/*rest', (_req: Any, res: Any) => res.send('second'))
    assert.equal((await get(app, '/s/x')).body, 'first')
    assert.equal((await get(app, '/s/skip')).body, 'second')
  })

  test('a rejected promise from a trigger becomes an error', async () => {
    const app = webfw()
    app.param('id', async () => {
      throw new Error('async trigger')
    })
    app.get('/p/:id', (_req: Any, res: Any) => res.send('no'))
    app.use((err: Error, _req: Any, res: Any, _next: Any) => res.send(err.message))
    assert.equal((await get(app, '/p/1')).body, 'async trigger')
  })

  test('triggers are local to their router: not inherited by mounted routers', async () => {
    const app = webfw()
    let appTrigger = 0
    app.param('id', (_req: Any, _res: Any, next: Any) => {
      appTrigger++
      next()
    })
    const child = webfw.Router()
    child.get('/:id', (_req: Any, res: Any) => res.send('child'))
    app.use('/c', child)
    assert.equal((await get(app, '/c/1')).body, 'child')
    assert.equal(appTrigger, 0)
  })

  test('argument validation', () => {
    const router = webfw.Router()
    assert.throws(() => router.param('', () => {}), /argument name is required/)
    assert.throws(() => router.param(1, () => {}), /argument name must be a string/)
    assert.throws(() => router.param('id'), /argument fn is required/)
    assert.throws(() => router.param('id', 'x'), /argument fn must be a function/)
  })
})
