/**
 * `webfw.errorHandler()` (3.x) mounted with NODE_ENV=production: it still
 * answers with the stack (its contract), and the process gets one warning
 * (code WEBFW_ERROR_PAGE_IN_PRODUCTION) saying it sends stacks and file
 * paths. Mounted outside production, it says nothing. (Warnings are once per
 * process: this file is the only one that mounts it in production.)
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { send } from '../../helpers/client'
import type { Any } from '../../helpers/webfw'
import { serveApp, webfw3 } from './support'

const CODE = 'WEBFW_ERROR_PAGE_IN_PRODUCTION'
const warnings: string[] = []
process.on('warning', (w: Error & { code?: string }) => {
  if (w.code === CODE) warnings.push(w.message)
})

/** Runs `fn` with NODE_ENV set to `env`, then puts the previous value back. */
function withNodeEnv<T>(env: string, fn: () => T): T {
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = env
  try {
    return fn()
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = previous
  }
}

function failingApp(handler: Any) {
  return (a: Any) => {
    a.get('/', () => {
      throw new Error('boom')
    })
    a.use(handler)
  }
}

test('mounted in development: no warning', async () => {
  const handler = withNodeEnv('development', () => webfw3.errorHandler({ log: false }))
  await serveApp(failingApp(handler), async ({ port }) => {
    assert.equal((await send(port, { method: 'GET' })).status, 500)
  })
  assert.deepEqual(warnings, [])
})

test('mounted in production: one warning naming stacks and paths, however often; it still answers', async () => {
  const handlers = withNodeEnv('production', () => [webfw3.errorHandler({ log: false }), webfw3.errorHandler({ log: false })])
  await serveApp(failingApp(handlers[0]), async ({ port }) => {
    const res = await send(port, { method: 'GET', headers: { accept: 'text/plain' } })
    assert.equal(res.status, 500)
    assert.match(res.text, /Error: boom/)
  })
  assert.equal(warnings.length, 1, warnings.join('\n'))
  assert.match(warnings[0], /NODE_ENV=production/)
  assert.match(warnings[0], /stack trace/)
  assert.match(warnings[0], /file paths/)
})
