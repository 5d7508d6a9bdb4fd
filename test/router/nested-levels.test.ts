/**
 * Three routers deep (`/api/:version` → `/users/:user` → `/posts`, the
 * `nested-routers` scenario of issue 31), what each level sees: req.url,
 * req.baseUrl, req.originalUrl and req.params on the way in, and again on
 * the way back out when inner layers pass the request on with next(), also
 * after a layer inside rewrote req.url or req.method mid-request or the
 * innermost router gained a route while the request was in it. Compared
 * over HTTP with what Express itself (5.x, 4.x) records for the same app.
 * The dispatcher derives each level's URL, base URL and parameters from the
 * level above it (src/router/dispatch.ts, src/router/shape-list.ts).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { requestInTurn } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express5: Any = require('express')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')

const PATHS = [
  '/api/v2/users/42/posts/7',
  '/api/v2/users/42/posts/7/',
  '/api/v2/users/42/posts/7?q=/x/y',
  '/api/v2/users/42/posts',
  '/api/v2/users/42/posts/',
  '/api/v2/users/42',
  '/api/v2/users/42/',
  '/api/v2/',
  '/api/v2/users/42/posts/rewrite',
  '/api/v2/users/42/posts/method',
  '/api/v2/users/42/posts/grow',
  '/api/v2/users/42/posts/8/extra',
  '/api/v2/users//posts/7',
]

async function record(factory: Any): Promise<unknown[]> {
  const app = factory()
  const api = factory.Router({ mergeParams: true })
  const users = factory.Router({ mergeParams: true })
  const posts = factory.Router({ mergeParams: true })
  const seen: unknown[] = []
  const look = (where: string, req: Any) => {
    seen.push([where, req.method, req.url, req.baseUrl, req.originalUrl, Object.entries(req.params)])
  }
  // A layer that records what it sees, changes the request (or its router) and passes it on.
  const then = (where: string, change: (req: Any) => void) => (req: Any, _res: Any, next: Any) => {
    look(where, req)
    change(req)
    next()
  }
  const pass = (where: string) => then(where, () => {})
  posts.use(pass('posts in'))
  posts.get('/rewrite', then('rewrite', (req) => (req.url = '/9?from=rewrite')))
  posts.get('/method', then('method', (req) => (req.method = 'POST')))
  posts.post('/:post', then('post route', (req) => (req.method = 'GET')))
  posts.get('/grow', then('grow', () => posts.get('/:post', pass('grown route'))))
  posts.get('/:post', pass('route'))
  users.use('/posts', posts)
  users.use(pass('users out'))
  api.use('/users/:user', users)
  api.use(pass('api out'))
  app.use('/api/:version', api)
  app.use((req: Any, res: Any) => {
    look('app out', req)
    res.end('end')
  })
  await requestInTurn(app, PATHS, seen)
  return seen
}

describe('nested routers, level by level, as Express', () => {
  for (const [version, factory, express] of [
    ['5.x', webfw, express5],
    ['4.x', webfw4, express4],
  ] as const) {
    test(`req.url, req.baseUrl, req.originalUrl and req.params in and out (${version})`, async () => {
      const expected = await record(express)
      assert.ok(expected.length > PATHS.length * 4)
      assert.deepEqual(await record(factory), expected)
    })
  }
})
