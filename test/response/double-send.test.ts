/**
 * A second res.send / res.json on one request (a common application bug):
 * the first body is what the client gets, the second call's
 * ERR_HTTP_HEADERS_SENT reaches the app's error handler, and the server goes
 * on serving — on 5.x, 4.x and 3.x alike. No 'error' event (write after end)
 * may escape and stop the process.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { request } from '../helpers/call'
import { serve } from '../helpers/http'
import { webfw, webfw3, webfw4, type Any } from '../helpers/webfw'

const generations: Array<[string, Any]> = [
  ['5.x', webfw],
  ['4.x', webfw4],
  ['3.x', webfw3],
]

const twice: Record<string, (res: Any) => void> = {
  '/send-send': (res) => {
    res.send('first')
    res.send('second')
  },
  '/json-json': (res) => {
    res.json({ first: true })
    res.json({ second: true })
  },
  '/send-json': (res) => {
    res.send('first')
    res.json({ second: true })
  },
  '/send-send-chunked': (res) => {
    res.set('Transfer-Encoding', 'chunked')
    res.send('first')
    res.send('second')
  },
}

const firstBodies: Record<string, string> = {
  '/send-send': 'first',
  '/json-json': '{"first":true}',
  '/send-json': 'first',
  '/send-send-chunked': 'first',
}

for (const [name, factory] of generations) {
  describe(`a second send on one request (${name})`, () => {
    test('answers the first body, passes ERR_HTTP_HEADERS_SENT to the error handler and keeps serving', async () => {
      const app = factory()
      app.set('env', 'test')
      app.set('json spaces', 0)
      const seen: Array<{ path: string; code: unknown; headersSent: boolean }> = []
      for (const path of Object.keys(twice)) app.get(path, (_req: Any, res: Any) => twice[path](res))
      app.get('/alive', (_req: Any, res: Any) => res.send('alive'))
      app.use((err: Any, req: Any, res: Any, _next: Any) => {
        seen.push({ path: req.path, code: err.code, headersSent: res.headersSent })
        if (!res.headersSent) res.status(500).send('handler')
      })
      const running = await serve(app)
      try {
        for (const path of Object.keys(twice)) {
          const res = await request(running.port, path)
          assert.deepEqual([path, res.status, res.body], [path, 200, firstBodies[path]])
          const after = await request(running.port, '/alive')
          assert.deepEqual([after.status, after.body], [200, 'alive'])
        }
        assert.deepEqual(
          seen,
          Object.keys(twice).map((path) => ({ path, code: 'ERR_HTTP_HEADERS_SENT', headersSent: true })),
        )
      } finally {
        await running.close()
      }
    })
  })
}
