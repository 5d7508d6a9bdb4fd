/**
 * 5.x: a handler or `router.param` callback that returns a thenable which is
 * not a native Promise still has its rejection passed to `next`, and is
 * deprecated, as Express 5.3's router says ("handlers that are Promise-like
 * are deprecated, use a native Promise instead"; "parameters that ..."). A
 * native Promise gives no warning, nor does 4.x (which does not read what
 * handlers return). Warnings are per process: this file is their only user.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call } from '../helpers/call'
import { webfw, webfw4, type Any } from '../helpers/webfw'

const warnings: string[] = []
process.on('warning', (w: Error & { code?: string }) => {
  if (w.name === 'DeprecationWarning' && w.code === 'WEBFW_DEPRECATED') warnings.push(w.message)
})

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))
/** A thenable that rejects with `reason`, as a non-native promise library's would. */
const rejecting = (reason: Error) => ({ then: (_ok: unknown, fail: (e: Error) => void) => fail(reason) })

function app(factory: Any): Any {
  const a = factory()
  a.param('id', (_req: Any, _res: Any, next: Any, id: string) => (id === 'thenable' ? rejecting(new Error('param failed')) : next()))
  a.get('/native', async () => {
    throw new Error('native failed')
  })
  a.get('/thenable', () => rejecting(new Error('handler failed')))
  a.get('/p/:id', (_req: Any, res: Any) => res.send('ok'))
  a.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(500).send(err.message))
  return a
}

test('4.x gives no warning', async () => {
  const a = webfw4()
  a.get('/thenable', (_req: Any, res: Any) => {
    res.send('sent')
    return rejecting(new Error('ignored'))
  })
  assert.equal((await call(a, '/thenable')).body, 'sent')
  await settle()
  assert.deepEqual(warnings, [])
})

test('5.x: a native Promise gives none; a thenable handler and a thenable param callback each warn, and their rejections reach next', async () => {
  const a = app(webfw)
  assert.equal((await call(a, '/native')).body, 'native failed')
  await settle()
  assert.deepEqual(warnings, [])
  assert.equal((await call(a, '/thenable')).body, 'handler failed')
  assert.equal((await call(a, '/p/thenable')).body, 'param failed')
  await settle()
  assert.deepEqual(warnings, [
    'handlers that are Promise-like are deprecated, use a native Promise instead',
    'parameters that are Promise-like are deprecated, use a native Promise instead',
  ])
})
