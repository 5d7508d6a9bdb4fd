/**
 * 5.x: a route or `use` path that is neither a string, a RegExp nor an
 * array is read as its string, as Express 5's router reads it
 * (`String(path)`, unless routing is strict): `app.get()` with no path makes
 * the route "undefined" and then fails for want of a handler, an object
 * fails in path-to-regexp. Compared with Express 5 call by call.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { request } from '../helpers/call'
import { withServer } from '../helpers/http'
import { express5 } from '../helpers/side-by-side'
import { webfw, type Any } from '../helpers/webfw'

function outcomes(factory: Any): string[] {
  const out: string[] = []
  for (const path of [undefined, null, 404, true, {}]) {
    for (const make of [(r: Any) => r.route(path), (r: Any) => r.use(path, () => {})]) {
      try {
        make(factory.Router())
        out.push('made')
      } catch (err) {
        out.push((err as Error).constructor.name + ': ' + (err as Error).message)
      }
    }
  }
  try {
    factory().get()
    out.push('made')
  } catch (err) {
    out.push((err as Error).constructor.name + ': ' + (err as Error).message)
  }
  return out
}

test('what each call makes or throws, as with Express 5', () => {
  const ours = outcomes(webfw)
  assert.deepEqual(ours, outcomes(express5))
  assert.equal(ours[4], 'made')
  assert.equal(ours.at(-1), 'TypeError: argument handler is required')
})

test('a number route is the text of the number, with no leading slash: it matches no request path', async () => {
  for (const factory of [webfw, express5]) {
    const app = factory()
    app.get(404, (_req: Any, res: Any) => res.send('matched'))
    await withServer(app, async ({ port }) => assert.equal((await request(port, '/404')).status, 404))
  }
})
