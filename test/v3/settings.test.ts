/**
 * The 3.x setting defaults: `json spaces` 2 in development and 0 in production,
 * `view cache` on in production, `trust proxy` off, and the others as
 * Express 3 sets them; `app.settings` a plain object, inherited by mounted
 * apps.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { withEnv } from '../helpers/env'
import { webfw3, type Any } from '../helpers/webfw'

/** An app created with NODE_ENV set to `env` (undefined: unset). */
const appIn = (env: string | undefined): Any => withEnv(env, () => webfw3())

describe('3.x settings', () => {
  test('json spaces: 2 in development (the default env), 0 in production, unset otherwise', async () => {
    const dev = appIn(undefined)
    assert.equal(dev.get('env'), 'development')
    assert.equal(dev.get('json spaces'), 2)
    dev.use((_req: Any, res: Any) => res.json({ a: 1 }))
    assert.equal((await call(dev)).body, '{\n  "a": 1\n}')
    assert.equal(appIn('production').get('json spaces'), 0)
    assert.equal(appIn('test').get('json spaces'), undefined)
  })

  test('view cache on in production only', () => {
    assert.equal(appIn('production').enabled('view cache'), true)
    assert.equal(appIn('development').enabled('view cache'), false)
  })

  test('the other defaults', () => {
    const app = appIn('test')
    assert.equal(app.get('trust proxy'), false)
    assert.equal(app.get('etag'), 'weak')
    assert.equal(app.get('x-powered-by'), true)
    assert.equal(app.get('subdomain offset'), 2)
    assert.equal(app.get('jsonp callback name'), 'callback')
    assert.equal(app.get('views'), path.resolve('views'))
    assert.equal(app.get('case sensitive routing'), undefined)
    assert.equal(app.get('strict routing'), undefined)
    assert.equal(app.get('view engine'), undefined)
  })

  test('app.settings is a plain object, app.locals.settings the same one', () => {
    const app = appIn('test')
    assert.equal(Object.getPrototypeOf(app.settings), Object.prototype)
    assert.equal(app.locals.settings, app.settings)
  })

  test('a mounted app inherits the settings it does not set, trust proxy included', () => {
    const app = appIn('test')
    const blog = appIn('test')
    const trust = () => true
    app.set('title', 'Express')
    app.set('trust proxy', trust)
    app.use(blog)
    assert.equal(blog.get('title'), 'Express')
    assert.equal(blog.get('trust proxy fn'), trust)
    blog.set('title', 'Blog')
    assert.equal(app.get('title'), 'Express')
  })

  test('etag: an unknown value is refused; a function becomes the etag fn', () => {
    const app = appIn('test')
    assert.throws(() => app.set('etag', 42), /unknown value/)
    const fn = () => '"x"'
    app.set('etag', fn)
    assert.equal(app.get('etag fn'), fn)
  })
})
