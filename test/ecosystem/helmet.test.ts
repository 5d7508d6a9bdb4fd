/**
 * helmet on webfw: its security headers reach the client and the
 * X-Powered-By header the app would send is gone, on both profiles.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { send } from '../helpers/client'
import type { Any } from '../helpers/webfw'
import { setups } from './profiles'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const helmet: Any = require('helmet')

for (const { label, factory, run } of setups) {
  describe(`helmet (${label})`, () => {
    test('default policy: security headers set, X-Powered-By removed', async () => {
      const bare = factory()
      bare.get('/', (_req: Any, res: Any) => res.json({ ok: true }))
      const withoutHelmet = await run(bare, ({ port }) => send(port, { method: 'GET' }))
      // Without helmet the app advertises itself, so the removal below means something.
      assert.ok(withoutHelmet.headers['x-powered-by'])

      const app = factory()
      app.use(helmet())
      app.get('/', (_req: Any, res: Any) => res.json({ ok: true }))
      const reply = await run(app, ({ port }) => send(port, { method: 'GET' }))
      assert.equal(reply.status, 200)
      assert.deepEqual(reply.json(), { ok: true })
      assert.match(String(reply.headers['content-security-policy']), /default-src 'self'/)
      assert.equal(reply.headers['x-content-type-options'], 'nosniff')
      assert.equal(reply.headers['x-frame-options'], 'SAMEORIGIN')
      assert.equal(reply.headers['referrer-policy'], 'no-referrer')
      assert.match(String(reply.headers['strict-transport-security']), /max-age=\d+/)
      assert.equal(reply.headers['cross-origin-opener-policy'], 'same-origin')
      assert.equal(reply.headers['x-powered-by'], undefined)
    })

    test('options: a custom CSP directive and a disabled header', async () => {
      const app = factory()
      app.use(helmet({
        contentSecurityPolicy: { directives: { 'script-src': ["'self'", 'cdn.example.test'] } },
        xFrameOptions: false,
      }))
      app.get('/', (_req: Any, res: Any) => res.send('<p>hi</p>'))
      const reply = await run(app, ({ port }) => send(port, { method: 'GET' }))
      assert.equal(reply.text, '<p>hi</p>')
      assert.match(String(reply.headers['content-security-policy']), /script-src 'self' cdn\.example\.test/)
      assert.equal(reply.headers['x-frame-options'], undefined)
      assert.equal(reply.headers['x-content-type-options'], 'nosniff')
    })
  })
}
