/**
 * res.json and res.send read the `json replacer`, `json spaces`,
 * `json escape` and `etag fn` settings from `app.settings` directly while the
 * app's `get` and `set` are webfw's own (src/app/setting-read.ts). These
 * tests pin that the settings still apply, including those a sub-app
 * inherits, and that an app whose `get` was replaced is still asked.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw, webfw4 } from '../helpers/webfw'

describe('settings read by res.json and res.send', () => {
  for (const [version, factory] of [
    ['5.x', webfw],
    ['4.x', webfw4],
  ] as const) {
    it(`json replacer, json spaces, json escape and etag apply (${version})`, async () => {
      const app = factory()
      app.set('json spaces', 1)
      app.set('json escape', true)
      app.set('json replacer', (key: string, value: unknown) => (key === 'secret' ? undefined : value))
      app.set('etag', () => '"fixed"')
      app.get('/', (_req: unknown, res: Any) => res.json({ a: '<b>', secret: 1 }))
      const res = await call(app)
      assert.equal(res.body, '{\n "a": "\\u003cb\\u003e"\n}')
      assert.equal(res.headers.etag, '"fixed"')
    })

    it(`a sub-app inherits its parent's settings (${version})`, async () => {
      const app = factory()
      const sub = factory()
      app.set('json escape', true)
      app.set('json replacer', (key: string, value: unknown) => (key === 'secret' ? undefined : value))
      sub.get('/', (_req: unknown, res: Any) => res.json({ a: '&', secret: 1 }))
      app.use('/sub', sub)
      const res = await call(app, '/sub')
      assert.equal(res.body, '{"a":"\\u0026"}')
    })

    it(`an app whose get was replaced is asked for each setting (${version})`, async () => {
      const app = factory()
      const asked: string[] = []
      const get = app.get
      app.get = function replaced(this: Any, ...args: unknown[]) {
        if (args.length === 1 && typeof args[0] === 'string') {
          asked.push(args[0])
          if (args[0] === 'json spaces') return 3
        }
        return get.apply(this, args)
      }
      app.get('/', (_req: unknown, res: Any) => res.json({ a: 1 }))
      const res = await call(app)
      assert.equal(res.body, '{\n   "a": 1\n}')
      for (const name of ['json replacer', 'json spaces', 'json escape', 'etag fn']) assert.ok(asked.includes(name), name)
    })
  }
})
