/**
 * cors on webfw: preflight answers, the allow-origin header on simple
 * requests, and an origin function that refuses some origins.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { send } from '../helpers/client'
import type { Any } from '../helpers/webfw'
import { setups } from './profiles'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const cors: Any = require('cors')

const ALLOWED = 'http://allowed.example.test'
const DENIED = 'http://denied.example.test'

function corsApp(factory: Any): Any {
  const app = factory()
  app.use(cors({
    origin: (origin: string | undefined, cb: (err: Error | null, allow?: boolean) => void) => cb(null, origin === ALLOWED),
    methods: ['GET', 'PUT'],
    credentials: true,
    maxAge: 600,
  }))
  app.get('/items', (_req: Any, res: Any) => res.json(['a', 'b']))
  app.put('/items', (_req: Any, res: Any) => res.status(201).send('stored'))
  return app
}

for (const { label, factory, run } of setups) {
  describe(`cors (${label})`, () => {
    test('preflight from an allowed origin: 204 with the allow headers, route not run', async () => {
      await run(corsApp(factory), async ({ port }) => {
        const reply = await send(port, {
          method: 'OPTIONS',
          path: '/items',
          headers: { origin: ALLOWED, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'x-token' },
        })
        assert.equal(reply.status, 204)
        assert.equal(reply.text, '')
        assert.equal(reply.headers['access-control-allow-origin'], ALLOWED)
        assert.equal(reply.headers['access-control-allow-methods'], 'GET,PUT')
        assert.equal(reply.headers['access-control-allow-headers'], 'x-token')
        assert.equal(reply.headers['access-control-allow-credentials'], 'true')
        assert.equal(reply.headers['access-control-max-age'], '600')
        assert.match(String(reply.headers.vary), /Origin/)
      })
    })

    test('simple requests: the allowed origin is echoed, a denied one gets no allow header', async () => {
      await run(corsApp(factory), async ({ port }) => {
        const allowed = await send(port, { method: 'GET', path: '/items', headers: { origin: ALLOWED } })
        assert.equal(allowed.status, 200)
        assert.deepEqual(allowed.json(), ['a', 'b'])
        assert.equal(allowed.headers['access-control-allow-origin'], ALLOWED)
        assert.match(String(allowed.headers.vary), /Origin/)

        const denied = await send(port, { method: 'PUT', path: '/items', headers: { origin: DENIED } })
        // cors leaves the decision to the browser: the route runs, the header is missing.
        assert.equal(denied.status, 201)
        assert.equal(denied.text, 'stored')
        assert.equal(denied.headers['access-control-allow-origin'], undefined)
        assert.equal(denied.headers['access-control-allow-credentials'], undefined)
      })
    })

    test('default options: any origin, preflight on a route-level handler', async () => {
      const app = factory()
      app.options('/open', cors())
      app.get('/open', cors(), (_req: Any, res: Any) => res.send('open'))
      await run(app, async ({ port }) => {
        const get = await send(port, { method: 'GET', path: '/open', headers: { origin: DENIED } })
        assert.equal(get.text, 'open')
        assert.equal(get.headers['access-control-allow-origin'], '*')
        const pre = await send(port, { method: 'OPTIONS', path: '/open', headers: { origin: DENIED, 'access-control-request-method': 'DELETE' } })
        assert.equal(pre.status, 204)
        assert.equal(pre.headers['access-control-allow-methods'], 'GET,HEAD,PUT,PATCH,POST,DELETE')
      })
    })
  })
}
