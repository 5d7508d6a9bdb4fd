/**
 * examples/error-handling: thrown errors, rejected promises, next(err) with
 * a status, body-parser errors, the 404 fallback, the Accept-dependent error
 * handler, and an error after the response started.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import path from 'node:path'
import { test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { packageRoot, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const app: Any = require(path.join(packageRoot, 'examples', 'error-handling', 'server.js'))
app.set('env', 'test')
const JSON_ACCEPT = { accept: 'application/json' }

test('error-handling routes errors to the error handler with their status', async () => {
  await withServer(app, async (srv) => {
    assert.deepEqual(JSON.parse((await rawRequest(srv.port, 'GET', '/users/1')).body), { id: 1, name: 'Ada' })

    const missing = await rawRequest(srv.port, 'GET', '/users/2', JSON_ACCEPT)
    assert.equal(missing.status, 404)
    assert.deepEqual(JSON.parse(missing.body), { error: 'user 2 not found', status: 404 })

    const html = await rawRequest(srv.port, 'GET', '/users/2', { accept: 'text/html' })
    assert.equal(html.headers['content-type'], 'text/html; charset=utf-8')
    assert.equal(html.body, '<h1>404</h1><p>user 2 not found</p>')

    const text = await rawRequest(srv.port, 'GET', '/nowhere', { accept: 'image/png' })
    assert.equal(text.status, 404)
    assert.equal(text.body, '404 nothing at GET /nowhere\n')
  })
})

test('error-handling hides the messages of thrown and rejected server errors', async () => {
  await withServer(app, async (srv) => {
    for (const url of ['/sync-error', '/async-error']) {
      const res = await rawRequest(srv.port, 'GET', url, JSON_ACCEPT)
      assert.equal(res.status, 500, url)
      assert.deepEqual(JSON.parse(res.body), { error: 'Internal Server Error', status: 500 })
    }
  })
})

test('error-handling shows body-parser errors', async () => {
  await withServer(app, async (srv) => {
    const ok = await rawRequest(srv.port, 'POST', '/echo', { 'content-type': 'application/json' }, '{"a":1}')
    assert.deepEqual(JSON.parse(ok.body), { received: { a: 1 } })

    const bad = await rawRequest(srv.port, 'POST', '/echo', { 'content-type': 'application/json', ...JSON_ACCEPT }, '{bad')
    assert.equal(bad.status, 400)
    assert.match(JSON.parse(bad.body).error, /JSON/)
  })
})

test('error-handling: an error after the response started closes the connection', async () => {
  await withServer(app, async (srv) => {
    const outcome = await new Promise<{ status: number; body: string; complete: boolean }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: srv.port, path: '/partial', agent: false }, (res) => {
        let body = ''
        res.on('data', (chunk) => (body += chunk))
        res.on('error', () => {})
        res.on('close', () => resolve({ status: res.statusCode ?? 0, body, complete: res.complete }))
      })
      req.on('error', reject)
    })
    assert.equal(outcome.status, 200)
    assert.equal(outcome.body, 'first part...\n')
    assert.equal(outcome.complete, false)
  })
})
