/**
 * 3.x path patterns: each compiles to the RegExp Express 3 builds for it
 * (its `route.regexp`, listed here as Express 3.21.2 prints them), with its
 * keys; the parameters as Express 3 gives them; Connect's literal `use`
 * prefixes; and patterns that could backtrack matched by the linear-time
 * engine on long paths with the RegExp's own result.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { internal, webfw3, type Any } from '../helpers/webfw'

const { path3 } = internal('router/path3')
const { compileLinear } = internal('router/linear-regexp')

/** Pattern, then the RegExp Express 3.21.2 builds (not strict, not case-sensitive). */
const REGEXPS: [string, string][] = [
  ['/', '/^\\/\\/?$/i'],
  ['/user/:id', '/^\\/user\\/(?:([^\\/]+?))\\/?$/i'],
  ['/user/:id/:op?', '/^\\/user\\/(?:([^\\/]+?))(?:\\/([^\\/]+?))?\\/?$/i'],
  ['/:name.:format', '/^\\/(?:([^\\/]+?))(?:\\.([^\\/\\.]+?))\\/?$/i'],
  ['/:name.:format?', '/^\\/(?:([^\\/]+?))(?:\\.([^\\/\\.]+?))?\\/?$/i'],
  ['/api/*.*', '/^\\/api\\/(.*)\\.(.*)\\/?$/i'],
  ['/user/:user*', '/^\\/user\\/(?:([^\\/]+?))(\\/(.*))?\\/?$/i'],
  ['/api/:resource(*)', '/^\\/api\\/(?:((.*)))\\/?$/i'],
  ['/t/:id(\\d+)', '/^\\/t\\/(?:(\\d+))\\/?$/i'],
  ['/w/(foo|bar)', '/^\\/w(?:\\/foo|bar)\\/?$/i'],
  ['/users/', '/^\\/users\\/\\/?$/i'],
  ['/a.b/c+d', '/^\\/a\\.b\\/c+d\\/?$/i'],
  ['/api/users/:from..:to', '/^\\/api\\/users\\/(?:([^\\/]+?))\\.(?:\\.([^\\/\\.]+?))\\/?$/i'],
  ['/user/\\d+', '/^\\/user\\/\\d+\\/?$/i'],
]

function route(pattern: unknown, options: { strict?: boolean; caseSensitive?: boolean } = {}) {
  const router = new webfw3.Router(options)
  router.route('get', pattern, () => {})
  return router.map.get[0]
}

describe('3.x route patterns', () => {
  test('compile to the RegExp Express 3 builds', () => {
    for (const [pattern, expected] of REGEXPS) assert.equal(String(route(pattern).regexp), expected, pattern)
  })

  test('strict and case-sensitive routing drop the optional slash and the i flag', () => {
    assert.equal(String(route('/user/:id', { strict: true, caseSensitive: true }).regexp), '/^\\/user\\/(?:([^\\/]+?))$/')
  })

  test('keys name the parameters and say which are optional', () => {
    assert.deepEqual(route('/user/:id/:op?').keys, [
      { name: 'id', optional: false },
      { name: 'op', optional: true },
    ])
  })

  test('an array is one alternation group, a RegExp is used as it is', () => {
    assert.equal(String(route(['/a', '/b/:id']).regexp), '/^(\\/a|\\/b\\/(?:([^\\/]+?)))\\/?$/i')
    const re = /^\/x\/(\d+)$/
    assert.equal(route(re).regexp, re)
  })

  test('parameters: named as properties, other captures by position, optional ones present as undefined', () => {
    const r = route('/user/:user*')
    assert.equal(r.match('/user/tj/a/b'), true)
    assert.deepEqual({ ...r.params }, { 0: '/a/b', 1: 'a/b', user: 'tj' })
    const opt = route('/user/:id/:op?')
    opt.match('/user/1')
    assert.ok(Object.prototype.hasOwnProperty.call(opt.params, 'op'))
    assert.equal(opt.params.op, undefined)
  })

  test('served: optional segments, formats, greedy stars and escaped regexp', async () => {
    const app = webfw3()
    app.get('/user/:user/:op?', (req: Any, res: Any) => res.end((req.params.op || 'view') + 'ing ' + req.params.user))
    app.get('/:name.:format?', (req: Any, res: Any) => res.end(req.params.name + ' as ' + (req.params.format || 'html')))
    app.get('/api/*.*', (req: Any, res: Any) => res.end(req.params[0] + ' as ' + req.params[1]))
    app.get('/n/\\d+', (_req: Any, res: Any) => res.end('number'))
    const cases: [string, number, string][] = [
      ['/user/tj', 200, 'viewing tj'],
      ['/user/tj/edit', 200, 'editing tj'],
      ['/foo', 200, 'foo as html'],
      ['/foo.json', 200, 'foo as json'],
      ['/api/users/foo.bar.json', 200, 'users/foo.bar as json'],
      ['/n/10', 200, 'number'],
      ['/n/tj', 404, ''],
    ]
    for (const [path, status, body] of cases) {
      const res = await call(app, path)
      assert.equal(res.status, status, path)
      if (status === 200) assert.equal(res.body, body, path)
    }
  })
})

describe('3.x use prefixes (Connect)', () => {
  const prefix = (path: string) => path3.compile(path, { end: false, strict: false, sensitive: true })

  test('a literal prefix, any case, followed by "/", "." or the end; one trailing slash ignored', () => {
    const m = prefix('/Foo/')
    assert.deepEqual(m.match('/foo'), { params: {}, path: '/foo', keys: [] })
    assert.equal(m.match('/FOO/x').path, '/FOO')
    assert.equal(m.match('/foo.json').path, '/foo')
    assert.equal(m.match('/foobar'), false)
    assert.equal(prefix('/:id').match('/:id/x').path, '/:id')
    assert.equal(prefix('/:id').match('/12'), false)
  })

  test('a path that is not a string is refused when the middleware is added', () => {
    const app = webfw3()
    assert.throws(() => app.use(/^\/x/, () => {}), /path must be a string/)
  })
})

describe('3.x patterns that could backtrack', () => {
  const risky = ['/api/*.*', '/:a-:b', '/*-*-*', '/f/:name*']

  test('have the linear-time engine behind them', () => {
    for (const pattern of risky) {
      const regexp = route(pattern).regexp as RegExp
      const linear = compileLinear(regexp.source, regexp.flags)
      assert.ok(linear !== null && linear.unbounded >= 2, pattern)
    }
  })

  test('match long paths as their RegExp does, on both sides of the length where the engine takes over', () => {
    const paths = (n: number) => ['/' + 'a-'.repeat(n) + 'b', '/' + 'a.'.repeat(n) + '!', '/f/' + 'x/'.repeat(n), '/' + 'a-'.repeat(n) + '/']
    for (const pattern of risky) {
      const r = route(pattern)
      const regexp = r.regexp as RegExp
      for (const n of [5, 40, 60, 150]) {
        for (const path of paths(n)) {
          const expected = regexp.exec(path)
          assert.equal(r.match(path), expected !== null, `${pattern} ${path.length}`)
          if (expected !== null) assert.deepEqual([...r.params], expected.slice(1).filter((_v, i) => r.keys[i] === undefined), pattern)
        }
      }
    }
  })
})
