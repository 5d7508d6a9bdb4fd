/**
 * 5.x `res.redirect` warns, as Express 5.2 and later do, when the URL is
 * missing or not a string and when the status is not a number (once per
 * process each, as a DeprecationWarning with code WEBFW_DEPRECATED); the
 * redirect is still sent. 4.x gives none of these (Express 4 has none).
 * Warnings are per process: this file is their only user.
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

test('4.x: no warning for a missing URL', async () => {
  const app = webfw4()
  app.get('/', (_req: Any, res: Any) => res.redirect(undefined))
  await call(app)
  await settle()
  assert.deepEqual(warnings, [])
})

test('5.x: a missing URL, a URL that is not a string and a status that is not a number each warn once', async () => {
  const app = webfw()
  app.get('/none', (_req: Any, res: Any) => res.redirect())
  app.get('/none-again', (_req: Any, res: Any) => res.redirect(302, undefined))
  app.get('/swapped', (_req: Any, res: Any) => {
    try {
      res.redirect('/x', 301)
    } catch (err) {
      res.status(500).send((err as Error).message)
    }
  })
  app.get('/fine', (_req: Any, res: Any) => res.redirect(301, '/x'))
  assert.equal((await call(app, '/none')).status, 302)
  assert.equal((await call(app, '/none-again')).status, 302)
  await call(app, '/swapped')
  await call(app, '/fine')
  await settle()
  assert.deepEqual(warnings, ['res.redirect: Provide a url argument', 'res.redirect: Url must be a string', 'res.redirect: Status must be a number'])
})
