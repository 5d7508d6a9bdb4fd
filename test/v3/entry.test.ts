/**
 * The `webfw/v3` entry: CommonJS and ESM give the same factory (one copy of
 * the code, so one set of prototypes), and an app built from it serves
 * requests over HTTP.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { packageRoot, webfw, webfw4, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const webfw3: Any = require('webfw/v3')

test('the ESM entry of webfw/v3 exposes the same factory as the CommonJS one', () => {
  const script = `
    import { createRequire } from 'node:module'
    import webfw3, { Router, static as serveStatic, json, application } from 'webfw/v3'
    const cjs = createRequire(process.cwd() + '/')('webfw/v3')
    console.log(JSON.stringify([webfw3 === cjs, Router === cjs.Router, serveStatic === cjs.static, json === cjs.json, application === cjs.application]))`
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: packageRoot, encoding: 'utf8' })
  assert.deepEqual(JSON.parse(out), [true, true, true, true, true])
})

test('webfw/v3 is a factory of its own, distinct from the 5.x and 4.x ones', () => {
  assert.equal(typeof webfw3, 'function')
  assert.notEqual(webfw3.application, webfw.application)
  assert.notEqual(webfw3.application, webfw4.application)
  assert.notEqual(webfw3.request, webfw4.request)
})

test('an app from webfw/v3 serves a route over HTTP', async () => {
  const app = webfw3()
  app.get('/users/:id', (req: Any, res: Any) => res.send('user ' + req.params.id))
  await withServer(app, async ({ port }) => {
    const res = await rawRequest(port, 'GET', '/users/7')
    assert.equal(res.status, 200)
    assert.equal(res.body, 'user 7')
  })
})
