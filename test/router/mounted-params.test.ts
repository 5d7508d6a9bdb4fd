/**
 * 5.x `use` prefixes with parameters (`app.use('/api/:version', router)`)
 * are matched by webfw's own matcher for patterns of text and whole-segment
 * parameters (src/router/path5.ts, `shapeMatcher`). Its answers are checked
 * here, over HTTP, against path-to-regexp 8's `match` (what Express 5 uses)
 * on the same paths: the same parameters, decoded the same way, on an object
 * without a prototype, and the same part of the path stripped.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { match } from 'path-to-regexp'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, type Any } from '../helpers/webfw'

interface Seen {
  params: [string, unknown][]
  nullPrototype: boolean
  baseUrl: string
  url: string
}

/** What path-to-regexp 8 makes of `path` under the prefix `pattern` (a `use` prefix, as Express 5 compiles it). */
function expected(pattern: string, path: string): { params: [string, unknown][]; baseUrl: string } | null {
  const pathname = path.split('?')[0]
  let found: ReturnType<ReturnType<typeof match>>
  try {
    found = match(pattern, { end: false, trailing: true, sensitive: false, decode: decodeURIComponent })(pathname)
  } catch {
    return null
  }
  if (!found) return null
  // req.baseUrl is the matched part without a trailing slash.
  return { params: Object.entries(found.params), baseUrl: found.path.replace(/\/$/, '') }
}

/**
 * The prefix's parameters as a middleware mounted on it sees them (its own
 * object), or, with `mergeParams`, as a router mounted on it does (merged
 * into a plain object).
 */
function app(pattern: string, mergeParams: boolean): Any {
  const a = webfw()
  // The final handler writes the 400's error to stderr outside the test environment.
  a.set('env', 'test')
  const report = (req: Any, res: Any) => {
    const seen: Seen = {
      params: Object.entries(req.params),
      nullPrototype: Object.getPrototypeOf(req.params) === null,
      baseUrl: req.baseUrl,
      url: req.url,
    }
    res.json(seen)
  }
  if (mergeParams) {
    const router = webfw.Router({ mergeParams })
    router.use(report)
    a.use(pattern, router)
  } else {
    a.use(pattern, report)
  }
  return a
}

const patterns = ['/api/:version', '/users/:user/posts/:post', '/a-b/:x.json']
const paths = [
  '/api/v2',
  '/api/v2/',
  '/api/v2/users/42',
  '/API/V%202/users?q=1',
  '/api/caf%C3%A9/x',
  '/api//x',
  '/api',
  '/users/7/posts/9/comments',
  '/users/7/posts/9',
  '/users/7/posts',
  '/Users/%41/POSTS/b%2Fc/d',
  '/a-b/1.json',
  '/a-b/1.json/more',
  '/a-b/1.jsonx',
]

describe('5.x use prefixes with parameters', () => {
  for (const pattern of patterns) {
    for (const mergeParams of [false, true]) {
      test(`${pattern} (mergeParams ${mergeParams}) matches as path-to-regexp does`, async () => {
        await withServer(app(pattern, mergeParams), async (srv) => {
          for (const path of paths) {
            const res = await rawRequest(srv.port, 'GET', path)
            const want = expected(pattern, path)
            if (want === null) {
              assert.equal(res.status, 404, path)
              continue
            }
            assert.equal(res.status, 200, path)
            const seen = JSON.parse(res.body) as Seen
            assert.deepEqual(seen.params, want.params, path)
            // Without mergeParams req.params is the prefix's own object, with no prototype (Express 5's).
            assert.equal(seen.nullPrototype, !mergeParams, path)
            assert.equal(seen.baseUrl, want.baseUrl, path)
            assert.equal(seen.url, path.slice(want.baseUrl.length) || '/', path)
          }
        })
      })
    }
  }

  test('a parameter that cannot be decoded is a 400, as in Express 5', async () => {
    await withServer(app('/api/:version', false), async (srv) => {
      const res = await rawRequest(srv.port, 'GET', '/api/%E0%A4%A/x')
      assert.equal(res.status, 400)
    })
  })
})
