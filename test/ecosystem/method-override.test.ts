/**
 * method-override on webfw: a POST routed as the method named in a header
 * or in a form field, with req.originalMethod kept.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { send } from '../helpers/client'
import type { Any } from '../helpers/webfw'
import { setups } from './profiles'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const methodOverride: Any = require('method-override')

for (const { profile, label, factory, run } of setups) {
  describe(`method-override (${label})`, () => {
    test('header and form-field overrides reach the routes of the new method', async () => {
      const app = factory()
      app.use(methodOverride('X-HTTP-Method-Override'))
      app.use(factory.urlencoded({ extended: false }))
      app.use(methodOverride((req: Any) => {
        const method = req.body?._method
        if (method) delete req.body._method
        return method
      }))
      const answer = (req: Any, res: Any) => res.json({ method: req.method, original: req.originalMethod, body: req.body ?? null })
      app.put('/thing', answer)
      app.delete('/thing', answer)
      app.post('/thing', answer)
      await run(app, async ({ port }) => {
        const header = await send(port, { method: 'POST', path: '/thing', headers: { 'x-http-method-override': 'PUT' } })
        // Without a form body, 4.x's urlencoded() leaves {} in req.body, 5.x leaves it undefined.
        assert.deepEqual(header.json(), { method: 'PUT', original: 'POST', body: profile === '4.x' ? {} : null })
        const field = await send(port, {
          method: 'POST',
          path: '/thing',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '_method=DELETE&name=x',
        })
        assert.deepEqual(field.json(), { method: 'DELETE', original: 'POST', body: { name: 'x' } })
        // A GET cannot be overridden (method-override only looks at POST by default).
        const get = await send(port, { method: 'GET', path: '/thing', headers: { 'x-http-method-override': 'DELETE' } })
        assert.equal(get.status, 404)
      })
    })
  })
}
