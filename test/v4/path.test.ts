/**
 * 4.x path patterns beyond Express 4: touching captures are refused when
 * the route is defined, and patterns whose RegExp could backtrack
 * polynomially are matched by the linear-time engine — with exactly the
 * RegExp's results (checked here on random patterns and paths) and the same
 * routing as Express 4. (Timing is measured by bench/path4-scaling.bench.js.)
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { call } from '../helpers/call'
import { internal, webfw4, type Any } from '../helpers/webfw'
import { analyseBacktracking } from '../security/regexp-growth'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pathToRegexp: Any = require('path-to-regexp-v0')
const { compileLinear } = internal('router/linear-regexp')
const { needsLinearMatcher, assertUnambiguous } = internal('router/path4-analysis')

describe('ambiguous 4.x patterns', () => {
  const ambiguous = ['/:a:b', '/:a?:b', '/*:id', '/**', '/:a(\\d+):b', '/:a(\\d+)(\\d+)', '/:a*:b', '/:a?*', '/x/:a-:b:c', '/x-:a+', '/*+']

  test('are refused when the route is defined, naming both parts', () => {
    for (const pattern of ambiguous) {
      assert.throws(() => webfw4().get(pattern, () => {}), (err: Error) => {
        assert.ok(err instanceof TypeError, pattern)
        assert.match(err.message, /^Ambiguous path /)
        assert.ok(err.message.includes(JSON.stringify(pattern)), err.message)
        return true
      })
    }
    assert.throws(() => webfw4().get('/:first:second', () => {}), /":second" directly follows ":first"/)
    assert.throws(() => webfw4().get('/x-:id+', () => {}), /":id\+" repeats a capture with nothing between the repetitions/)
  })

  test('are refused in use, routers, routes and arrays too', () => {
    assert.throws(() => webfw4().use('/:a:b', () => {}), /Ambiguous path/)
    assert.throws(() => webfw4.Router().route('/*:x'), /Ambiguous path/)
    assert.throws(() => webfw4().get(['/ok', '/:a:b'], () => {}), /Ambiguous path "\/:a:b"/)
  })

  test('separated captures are fine', () => {
    for (const pattern of ['/:a-:b', '/:a.:b', '/:a/:b', '/*-*', '/:a*', '/*.*', '/:a(\\d+)-:b', '/a\\:b:c', '/:a+']) {
      assert.doesNotThrow(() => assertUnambiguous(pattern), pattern)
      assert.doesNotThrow(() => webfw4().get(pattern, () => {}), pattern)
    }
  })
})

describe('the linear-time matcher', () => {
  test('is used for patterns where captures can retry each other across the path', () => {
    for (const p of ['/*/*', '/*-*.json', '/a*b*c*d', '/:a-*-:b', '/*/edit/*', '/:a([a-z-]+)-:b([a-z-]+)', '/d+d+', '/d+:p(\\w+)', '/d+:p']) {
      assert.equal(needsLinearMatcher(p), true, p)
    }
    // path-to-regexp 0.1 builds a parameter's lookahead from the wrong slice
    // after a "." or an escape (the text before them is dropped and they come
    // back raw, "." matching any character), so text such as "-.a" does not
    // stop the parameter: these RegExps backtrack polynomially.
    for (const p of ['/*-.a:p', '/:a/:b-\\.:c', '/:a\\.a\\.:b/:c', '//:a\\.a\\-a:b?x/']) {
      const regexp = webfw4.Router().get(p, () => {}).stack[0].regexp
      assert.equal(analyseBacktracking(regexp).growth, 'polynomial', `${p}: ${regexp}`)
      assert.equal(needsLinearMatcher(p), true, p)
    }
    for (const p of ['/:a-:b-:c', '/:file.:ext', '/users/:id', '/ab?cd', '/ab+cd', '/a(bc)?d', '*', '/files/*', '/:v/*', '/user/:id(\\d+)/*', '/*-:a-:b']) {
      assert.equal(needsLinearMatcher(p), false, p)
    }
  })

  // Patterns from the pieces the 4.x syntax is made of; paths over the characters they use.
  const piece = fc.constantFrom('a', 'b', 'ab', '-', '.', '~', ':p', ':p?', ':p*', '*', ':p(\\d+)', ':p(x|y)', ':p([a-z-]+)', 'c?', 'd+', '(e)?')
  const pattern = fc
    .array(fc.array(piece, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 })
    .map((segments) => {
      let n = 0
      return '/' + segments.map((s) => s.join('').replace(/:p/g, () => ':p' + n++)).join('/')
    })
  const pathText = fc.array(fc.constantFrom('a', 'b', 'ab', '-', '.', '/', '1', 'x', 'y', 'e', 'c', 'd', 'A', '~'), { maxLength: 14 }).map((parts) => '/' + parts.join(''))
  const options = fc.record({ sensitive: fc.boolean(), strict: fc.boolean(), end: fc.boolean() })

  test('gives what RegExp#exec gives, captures included', () => {
    let compared = 0
    fc.assert(
      fc.property(pattern, fc.array(pathText, { minLength: 5, maxLength: 5 }), options, (p, paths, opts) => {
        try {
          assertUnambiguous(p)
        } catch {
          return
        }
        let regexp: RegExp
        try {
          regexp = pathToRegexp(p, [], opts)
        } catch {
          return // not a valid RegExp (as in Express 4)
        }
        const linear = compileLinear(regexp.source, regexp.flags)
        if (linear === null) return
        for (const path of paths) {
          const native = regexp.exec(path)
          assert.deepEqual(linear.exec(path), native === null ? null : Array.from(native), `${p} ${regexp} on ${path}`)
          compared++
        }
      }),
      { numRuns: 3000 },
    )
    assert.ok(compared > 5000, `compared ${compared}`)
  })

  test('supports every pattern the risky 4.x forms compile to', () => {
    for (const p of ['/*/*', '/*-*.json', '/a*b*c*d', '/:a-*-:b', '/:a*-:b', '/:a([a-z-]+)-:b([a-z-]+)', '/x/:a(x|y)-*']) {
      for (const end of [true, false]) {
        for (const sensitive of [true, false]) {
          const regexp = pathToRegexp(p, [], { end, sensitive, strict: false })
          assert.notEqual(compileLinear(regexp.source, regexp.flags), null, `${p} ${regexp}`)
        }
      }
    }
  })

  test('\\s, \\S and [\\s\\S] match exactly what the RegExp matches (every whitespace code point)', () => {
    const spaces = '\t\n\v\f\r \u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'
    const others = 'a-Z0_\u200b\u180e\u0085.'
    const subjects = [...spaces, ...others].flatMap((c) => ['/' + c, '/x' + c + 'y', '/' + c + '-' + c])
    for (const [source, flags] of [['^\\/(\\s+)$', ''], ['^\\/(\\S+)$', 'i'], ['^\\/([\\s\\S]+)-([\\s\\S]+)$', ''], ['^\\/x[^\\s]y$', 'i']]) {
      const regexp = new RegExp(source, flags)
      const linear = compileLinear(source, flags)
      assert.notEqual(linear, null, source)
      for (const s of subjects) {
        const native = regexp.exec(s)
        assert.deepEqual(linear.exec(s), native === null ? null : Array.from(native), `${source} on ${JSON.stringify(s)}`)
      }
    }
    // The pattern the spec recommends for "any character" in a 4.x capture now gets the linear engine.
    const risky = pathToRegexp('/:a([\\s\\S]+)-:b([\\s\\S]+)-:c(\\d+)', [], { end: true, strict: false, sensitive: false })
    assert.notEqual(compileLinear(risky.source, risky.flags), null)
  })

  test('refuses what it cannot do exactly (the RegExp is kept)', () => {
    for (const [source, flags] of [['^a\\1$', ''], ['^(?<=a)b', ''], ['^(a*)*$', ''], ['^(a?)?$', ''], ['^a', 'u'], ['a', ''], ['^[é]', 'i'], ['^\\n', '']]) {
      assert.equal(compileLinear(source, flags), null, source)
    }
  })

  test('routes those patterns as Express 4 does', async () => {
    const patterns = ['/*/*/edit', '/*-*.json', '/a*b*c*d', '/:a-*-:b', '/:name([a-z-]+)-:n(\\d+)/*']
    const short = ['/x/y/edit', '/a/b/c/edit', '/report-2024.json', '/a-b-c.json', '/aXbYcZd', '/abcd', '/one-two-three', '/a-b', '/my-post-7/extra/x', '/nothing', '/x/y/edit/']
    // Long enough for the linear engine (short paths run the RegExp: see path4.ts).
    const long = [
      '/' + 'x/'.repeat(60) + 'edit',
      '/' + 'a-'.repeat(60) + 'b.json',
      '/a' + 'X'.repeat(40) + 'b' + 'Y'.repeat(30) + 'cZd',
      '/one-' + 'two-'.repeat(30) + 'three',
      '/' + 'my-'.repeat(30) + 'post-7/' + 'e/'.repeat(20),
      '/' + 'a-b'.repeat(40),
    ]
    const paths = [...short, ...long]
    const build = (factory: Any) => {
      const app = factory()
      app.set('env', 'test')
      patterns.forEach((p, i) => app.get(p, (req: Any, res: Any) => res.json({ route: i, params: req.params })))
      return app
    }
    const ours = build(webfw4)
    const theirs = build(express4)
    for (const path of paths) {
      const [a, b] = await Promise.all([call(ours, path), call(theirs, path)])
      assert.equal(a.status, b.status, path)
      if (a.status === 200) assert.deepEqual(JSON.parse(a.body), JSON.parse(b.body), path)
    }
  })

  test('answers a long adversarial path', { timeout: 60_000 }, async () => {
    const app = webfw4()
    app.get('/a*b*c*d', (_req: Any, res: Any) => res.send('matched'))
    app.use((_req: Any, res: Any) => res.status(404).send('no route'))
    const res = await call(app, '/a' + 'bc'.repeat(4000))
    assert.deepEqual([res.status, res.body], [404, 'no route'])
  })
})
