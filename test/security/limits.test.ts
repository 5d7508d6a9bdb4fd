/**
 * Invalid `limit` (and `parameterLimit`, `depth`) options must fail when the
 * middleware is created, never quietly turn into "no limit"; valid ones must
 * be enforced. A negative limit is taken, as body-parser takes it, and is
 * no hole: it refuses every body.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { request } from '../helpers/call'
import { withServer } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'

const PARSERS = ['json', 'raw', 'text', 'urlencoded'] as const

describe('invalid limit options are refused at setup', () => {
  const invalid: [string, unknown][] = [
    ['an unreadable string', 'lots'],
    ['an empty string', ''],
    ['white space', '   '],
    ['NaN', Number.NaN],
    ['an object', { max: 10 }],
    ['a boolean', true],
    ['a string of 400 digits (Infinity once parsed)', '9'.repeat(400)],
  ]
  for (const factory of [webfw, webfw4]) {
    for (const name of PARSERS) {
      for (const [label, limit] of invalid) {
        it(`${factory === webfw ? '5.x' : '4.x'} ${name}({ limit: ${label} }) throws a TypeError`, () => {
          assert.throws(() => factory[name]({ limit }), TypeError)
        })
      }
    }
  }

  it('urlencoded: parameterLimit and depth that are not numbers, or too small, throw', () => {
    for (const parameterLimit of [0, -1, Number.NaN, 'many']) {
      assert.throws(() => webfw.urlencoded({ parameterLimit }), TypeError, String(parameterLimit))
    }
    for (const depth of [-1, Number.NaN, 'deep']) {
      assert.throws(() => webfw.urlencoded({ extended: true, depth }), TypeError, String(depth))
    }
  })
})

describe('a negative limit refuses every body', () => {
  for (const limit of [-1, '-5kb']) {
    for (const name of PARSERS) {
      it(`${name}({ limit: ${JSON.stringify(limit)} }) answers even an empty body with 413`, async () => {
        const app = webfw()
        app.set('env', 'test')
        app.use(webfw[name]({ limit }))
        app.post('/', (_req: Any, res: Any) => res.send('parsed'))
        await withServer(app, async ({ port }) => {
          const type = name === 'json' ? 'application/json' : name === 'raw' ? 'application/octet-stream' : name === 'text' ? 'text/plain' : 'application/x-www-form-urlencoded'
          const r = await request(port, '/', { method: 'POST', headers: { 'Content-Type': type, 'Content-Length': '0' }, body: '' })
          assert.equal(r.status, 413)
        })
      })
    }
  }
})

describe('valid limits are enforced', () => {
  const cases: [unknown, number][] = [
    [undefined, 100 * 1024],
    [null, 100 * 1024],
    [0, 0],
    [10, 10],
    ['10', 10],
    ['1kb', 1024],
    ['1.5KB', 1536],
    ['2 mb', 2 * 1024 * 1024],
  ]
  for (const [limit, bytes] of cases) {
    it(`json({ limit: ${JSON.stringify(limit)} }) accepts ${bytes} bytes and refuses ${bytes + 1}`, async () => {
      const app = webfw()
      app.set('env', 'test')
      app.post('/', webfw.raw({ limit, type: '*/*' }), (req: Any, res: Any) => res.send(String(req.body?.length ?? 0)))
      app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status).send(err.type))
      await withServer(app, async (srv) => {
        if (bytes > 0) {
          const ok = await request(srv.port, '/', { method: 'POST', body: Buffer.alloc(bytes, 0x61), headers: { 'Content-Type': 'x/y' } })
          assert.equal(ok.status, 200)
          assert.equal(ok.body, String(bytes))
        }
        if (bytes <= 4 * 1024 * 1024) {
          const over = await request(srv.port, '/', { method: 'POST', body: Buffer.alloc(bytes + 1, 0x61), headers: { 'Content-Type': 'x/y' } })
          assert.equal(over.status, 413)
          assert.equal(over.body, 'entity.too.large')
        }
      })
    })
  }

  it('urlencoded parameterLimit: one parameter more is a 413', async () => {
    const app = webfw()
    app.set('env', 'test')
    app.post('/', webfw.urlencoded({ parameterLimit: 3 }), (req: Any, res: Any) => res.json(req.body))
    app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status).send(err.type))
    await withServer(app, async (srv) => {
      const form = { 'Content-Type': 'application/x-www-form-urlencoded' }
      assert.equal((await request(srv.port, '/', { method: 'POST', body: 'a=1&b=2&c=3', headers: form })).status, 200)
      const over = await request(srv.port, '/', { method: 'POST', body: 'a=1&b=2&c=3&d=4', headers: form })
      assert.deepEqual([over.status, over.body], [413, 'parameters.too.many'])
    })
  })
})
