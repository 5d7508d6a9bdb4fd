/**
 * Catastrophic backtracking: matching a route or parsing a header does work
 * linear in the input's length, shown by structure and by counts, never by
 * time (timed ratios: `npm run check:scaling`).
 *
 * Route patterns. The property: every RegExp webfw executes on a request
 * path is free of super-linear backtracking (regexp-growth.ts proves it from
 * the pattern), and the RegExps that are not — the 4.x patterns with
 * wildcards next to other captures, cubic in path-to-regexp 0.1 as in
 * Express 4 — are exactly the ones webfw hands to the linear-time engine
 * (src/router/linear-regexp.ts). Checked by catching every `exec` during
 * dispatches of 8 KB adversarial paths (the longest URL worth serving), and
 * on random patterns of each syntax. An application's own RegExp routes are
 * its own regexps and out of scope.
 *
 * Headers, at the size Node accepts (16 KB): every RegExp run on a header
 * (webfw's own and its dependencies') is proven linear, and the counted work
 * (work-meter.ts: the steps of those RegExp runs, and what the string and
 * array built-ins go through) grows linearly from 1 KB to 16 KB, as does
 * what can be counted of the result (entries produced).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Socket } from 'node:net'
import fc from 'fast-check'
import { internal, webfw, webfw4, type Any } from '../helpers/webfw'
import { PATTERNS, WORST } from '../fuzz/route-cases'
import { assertLinearCount, runs } from '../fuzz/support'
import { analyseBacktracking } from './regexp-growth'
import { meter, stepsOf, verdictOf, type Work } from './work-meter'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const reqlog: Any = require('webfw/reqlog')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const webfw3: Any = require('webfw/v3')
const { serverClasses } = internal('app/server')
const { useMatcher } = internal('router/router-state')
const { compileLinear } = internal('router/linear-regexp')
const { needsLinearMatcher } = internal('router/path4-analysis')
const conditional = internal('response/file/conditional')
const { headerCharset } = internal('middleware/body/charset')

/**
 * Units of the adversarial paths: which RegExps run does not depend on the
 * unit beyond these kinds (within a segment, across segments, mixed
 * separators, and a `%` escape, which sends the radix matcher to its linear plan).
 */
const PATH_UNITS = ['a-', '/-', 'a.', 'xy', 'x/', '%20']

/** The longest request path worth checking: 8 KB, the usual URL limit of servers and proxies. */
const PATH_LENGTH = 8192

const SYNTAXES: [string, Any, 5 | 4][] = [['5.x', webfw, 5], ['4.x', webfw4, 4]]

const res = { setHeader() {}, end() {} }
const next = (_req: Any, _res: Any, n: Any) => n()
function noop(): void {}

/** Every RegExp run by dispatching `url` (after a first dispatch that compiles the router). */
function dispatchWork(router: Any, url: string): Work {
  router.handle({ method: 'GET', url }, res, noop)
  return meter(() => router.handle({ method: 'GET', url }, res, noop))
}

function assertAllLinear(work: Work, context: string): void {
  for (const { regexp, subject } of work.execs) {
    const verdict = verdictOf(regexp)
    assert.equal(verdict.growth, 'linear', `${context}: ${regexp} ran on ${subject.length} characters and is ${verdict.growth} (${verdict.reason})`)
  }
}

function pathOf(unit: string, suffix = '!'): string {
  return '/' + unit.repeat(Math.ceil(PATH_LENGTH / unit.length)) + suffix
}

describe('route patterns', () => {
  it('controls: the check flags the RegExps that backtrack, and sees them run', () => {
    // The cubic 4.x RegExp (routed to the engine), a nested repetition, and an unanchored search.
    assert.equal(analyseBacktracking(webfw4.Router().get('/*-*-*', next).stack[0].regexp).growth, 'polynomial')
    assert.equal(analyseBacktracking(/^(?:a+)+$/).growth, 'exponential')
    assert.equal(analyseBacktracking(/a*b/).growth, 'polynomial')
    assert.equal(analyseBacktracking(/^\/(\w+)\b/).growth, 'unsupported', 'unknown syntax is never called linear')
    // An application's own RegExp route runs on the path, and the check would refuse it.
    const router = webfw.Router()
    router.get(/^\/(.*)-(.*)$/, next)
    const work = dispatchWork(router, pathOf('-'))
    assert.equal(work.execs.length, 1)
    assert.throws(() => assertAllLinear(work, 'RegExp route'), /is polynomial/)
  })

  for (const [name, factory, syntax] of SYNTAXES) {
    it(`${name}: every RegExp run on an 8 KB adversarial path is linear; the others go to the engine`, () => {
      const patterns = [...new Set([...PATTERNS[syntax], ...WORST[syntax].map(([p]) => p)])]
      for (const pattern of patterns) {
        for (const kind of ['radix', 'linear'] as const) {
          const router = factory.Router()
          useMatcher(router, kind)
          router.get(pattern, next)
          router.use(pattern, next)
          router.get('/static/route', next)
          const needsEngine = router.stack.some((layer: Any) => layer.regexp && verdictOf(layer.regexp).growth !== 'linear')
          for (const unit of PATH_UNITS) {
            const work = dispatchWork(router, pathOf(unit))
            assertAllLinear(work, `${name} ${kind} ${pattern} on ${JSON.stringify(unit)} x n`)
            if (needsEngine && kind === 'linear') {
              assert.ok(work.engineSteps > 0, `${name} ${pattern}: its RegExp backtracks, so the engine must match it`)
            }
          }
        }
      }
    })
  }

  // Express 3 routes live in the app's route map (its Router has no `use`);
  // its patterns are written in the 4.x syntax and compiled to Express 3's RegExps.
  it('3.x: every route RegExp run on an 8 KB adversarial path is linear; the others go to the engine', () => {
    const patterns = [...new Set([...PATTERNS[4], ...WORST[4].map(([p]) => p)])]
    let engineUsed = 0
    for (const pattern of patterns) {
      for (const kind of ['radix', 'linear'] as const) {
        const app = webfw3()
        useMatcher(app._router, kind)
        app.get(pattern, next)
        app.get('/static/route', next)
        const needsEngine = app._router.map.get.some((route: Any) => verdictOf(route.regexp).growth !== 'linear')
        for (const unit of PATH_UNITS) {
          const url = pathOf(unit)
          const request = () => app.handle({ method: 'GET', url, headers: {} }, res, noop)
          request()
          const work = meter(request)
          assertAllLinear(work, `3.x ${kind} ${pattern} on ${JSON.stringify(unit)} x n`)
          if (needsEngine && kind === 'linear') {
            assert.ok(work.engineSteps > 0, `3.x ${pattern}: its RegExp backtracks, so the engine must match it`)
            engineUsed++
          }
        }
      }
    }
    assert.ok(engineUsed > 0, 'some 3.x patterns (two unbounded captures) need the engine')
  })

  /**
   * A random 4.x pattern from the parts path-to-regexp 0.1 reads. Raw regexp
   * groups such as `(b)?` are left out: like a RegExp route they are the
   * application's own regexp (0.1 even copies them into the next parameter's
   * lookahead, with their captures, which the linear-time engine does not take).
   */
  const pattern4 = fc
    .array(fc.constantFrom('/', '-', '.', 'a', 'x/', ':p', ':p?', ':p*', ':p+', ':p(\\d+)', ':p([a-z]+)', '*', '/:p', '.:p'), { minLength: 1, maxLength: 7 })
    .map((parts) => '/' + parts.map((part, i) => part.replace(':p', `:p${i}`)).join(''))

  it(`4.x syntax (3.x uses it too): a random pattern's RegExp is linear, or the pattern is matched by the engine (${runs(60)} patterns)`, () => {
    fc.assert(
      fc.property(pattern4, fc.boolean(), (pattern, end) => {
        let router: Any
        try {
          router = webfw4.Router()
          if (end) router.get(pattern, next)
          else router.use(pattern, next)
        } catch {
          fc.pre(false) // refused when defined (ambiguous, or not a valid RegExp), as in Express 4 or by path4-analysis.ts
        }
        const regexp: RegExp = router.stack[0].regexp
        const verdict = verdictOf(regexp)
        if (verdict.growth === 'linear') return
        assert.ok(needsLinearMatcher(pattern), `${pattern}: ${regexp} is ${verdict.growth} (${verdict.reason}) but stays on the RegExp`)
        assert.notEqual(compileLinear(regexp.source, regexp.flags), null, `${pattern}: the engine cannot compile ${regexp}`)
      }),
      { numRuns: runs(60), includeErrorInReport: true },
    )
  })

  /** A random 5.x pattern: text, parameters, wildcards and optional groups. */
  const part5 = fc.constantFrom('/', '-', '.', 'a', '/x', ':p', '*p', '/:p', '/*p')
  const pattern5 = fc
    .array(fc.oneof(part5, fc.array(part5, { minLength: 1, maxLength: 3 }).map((inner) => `{${inner.join('')}}`)), { minLength: 1, maxLength: 6 })
    .map((parts) => {
      let k = 0
      return '/' + parts.join('').replace(/([:*])p/g, (_m, sigil: string) => `${sigil}p${k++}`)
    })

  it(`5.x: every RegExp a random pattern compiles to is linear (${runs(40)} patterns)`, () => {
    fc.assert(
      fc.property(pattern5, fc.boolean(), (pattern, end) => {
        const router = webfw.Router()
        useMatcher(router, 'linear') // every layer is matched by its own RegExp
        try {
          if (end) router.get(pattern, next)
          else router.use(pattern, next)
          router.handle({ method: 'GET', url: '/' }, res, noop)
        } catch {
          fc.pre(false) // not a valid 5.x pattern
        }
        const work = dispatchWork(router, '/x-y.z')
        assert.ok(work.execs.length > 0, `${pattern}: its RegExp ran`)
        assertAllLinear(work, pattern)
      }),
      { numRuns: runs(40), includeErrorInReport: true },
    )
  })
})

describe('header parsing', () => {
  /** Node's default limit for the whole header block (16 KB) bounds any one value. */
  const LARGE = 16000
  const FACTOR = 16

  const app = webfw()
  app.set('trust proxy', true)
  const { IncomingMessage: Req, ServerResponse: Res } = serverClasses(app)
  const socket = new Socket()
  function pair(headers: Record<string, string>): { req: Any; res: Any } {
    const req = new Req(socket)
    req.method = 'GET'
    req.url = '/'
    req.headers = headers
    const res = new Res(req)
    req.res = res
    res.req = req
    return { req, res }
  }
  const parser = webfw.cookieParser('secret')
  const remoteUser = reqlog.compile(':remote-user :user-agent :referrer')
  // headerCharset memoises per header: a fresh suffix per call makes each call parse.
  let fresh = 0

  /** [label, headers of size ~n, the member under test, the number of entries its result holds (when it has entries)] */
  const cases: [string, (n: number) => Record<string, string>, (p: { req: Any; res: Any }) => unknown, ((result: Any) => number)?][] = [
    ['Accept, empty entries', (n) => ({ accept: ','.repeat(n) }), ({ req }) => req.accepts('json', 'html')],
    ['Accept, many parameters', (n) => ({ accept: 'text/html' + ';a=b'.repeat(n / 4) }), ({ req }) => req.accepts('html')],
    ['Accept, open quote', (n) => ({ accept: 'a/b;x="' + '\\"'.repeat(n / 2) }), ({ req }) => req.accepts('json')],
    ['Accept, spaces', (n) => ({ accept: 'text/html' + ' '.repeat(n) + ';q=0.5' }), ({ req }) => req.accepts('html')],
    ['Accept, many types', (n) => ({ accept: 'text/a,'.repeat(n / 7) }), ({ req }) => req.accepts(), (types) => types.length],
    ['Accept via res.format', (n) => ({ accept: 'text/*;q=0.1,'.repeat(n / 13) }), ({ req, res }) => { req.next = () => {}; res.format({ json: () => {}, default: () => {} }) }],
    ['Accept-Language', (n) => ({ 'accept-language': 'en-US;q=0.5,'.repeat(n / 12) }), ({ req }) => req.acceptsLanguages('fr')],
    ['Accept-Language, many languages', (n) => ({ 'accept-language': 'en-a,'.repeat(n / 5) }), ({ req }) => req.acceptsLanguages(), (langs) => langs.length],
    ['Accept-Encoding', (n) => ({ 'accept-encoding': 'gzip;q=0.5,'.repeat(n / 11) }), ({ req }) => req.acceptsEncodings('br')],
    ['Accept-Charset', (n) => ({ 'accept-charset': ' '.repeat(n) + 'x' }), ({ req }) => req.acceptsCharsets('utf-8')],
    ['Content-Type, spaces', (n) => ({ 'content-type': 'text/html' + ' '.repeat(n) + ';', 'content-length': '1' }), ({ req }) => req.is('json')],
    ['Content-Type, parameters', (n) => ({ 'content-type': 'application/json' + ';a="b"'.repeat(n / 6), 'content-length': '1' }), ({ req }) => headerCharset(req.headers['content-type'] + ';z=' + fresh++)],
    ['Range, many ranges', (n) => ({ range: 'bytes=' + '0-1,'.repeat(n / 4) }), ({ req }) => req.range(1000, { combine: true })],
    ['Range, distinct ranges', (n) => ({ range: 'bytes=' + Array.from({ length: n / 12 }, (_, i) => `${i * 10}-${i * 10 + 1}`).join(',') }), ({ req }) => req.range(1e9), (ranges) => ranges.length],
    ['Range, dashes', (n) => ({ range: 'bytes=' + '-'.repeat(n) }), ({ req }) => req.range(1000)],
    ['If-None-Match, commas', (n) => ({ 'if-none-match': ' ,'.repeat(n / 2) }), ({ req, res }) => { res.setHeader('ETag', '"x"'); return req.fresh }],
    ['If-Match, commas', (n) => ({ 'if-match': ' ,'.repeat(n / 2) }), ({ req, res }) => { res.setHeader('ETag', '"x"'); return conditional.preconditionFailed(req.headers, res) }],
    ['If-Range, quotes', (n) => ({ 'if-range': '"'.repeat(n) }), ({ req, res }) => { res.setHeader('ETag', '"x"'); return conditional.rangeIsFresh(req.headers, res) }],
    ['Cookie, many pairs', (n) => ({ cookie: 'a=b; '.repeat(n / 5) }), ({ req }) => parser(req, {}, () => {})],
    ['Cookie, distinct pairs', (n) => ({ cookie: Array.from({ length: n / 10 }, (_, i) => `k${i}=v`).join('; ') }), ({ req }) => { parser(req, {}, () => {}); return req.cookies }, (c) => Object.keys(c).length],
    ['Cookie, no separators', (n) => ({ cookie: '='.repeat(n) }), ({ req }) => parser(req, {}, () => {})],
    ['X-Forwarded-For', (n) => ({ 'x-forwarded-for': '1.2.3.4, '.repeat(n / 10) }), ({ req }) => req.ips, (ips) => ips.length],
    ['X-Forwarded-For, junk', (n) => ({ 'x-forwarded-for': ':'.repeat(n) }), ({ req }) => req.ip],
    ['X-Forwarded-Host', (n) => ({ 'x-forwarded-host': '['.repeat(n) }), ({ req }) => req.subdomains],
    ['Host, dots', (n) => ({ host: '.'.repeat(n) }), ({ req }) => req.subdomains, (parts) => parts.length],
    ['X-Forwarded-Proto', (n) => ({ 'x-forwarded-proto': ' '.repeat(n) + ',' }), ({ req }) => req.protocol],
    ['Authorization (reqlog :remote-user)', (n) => ({ authorization: 'Basic ' + 'A'.repeat(n) }), ({ req, res }) => remoteUser(reqlog, req, res)],
    ['User-Agent with controls (reqlog escaping)', (n) => ({ 'user-agent': '"\\\u0085'.repeat(n / 3), referer: '\t'.repeat(n) }), ({ req, res }) => remoteUser(reqlog, req, res)],
  ]

  it('control: the count sees a quadratic parser (one that copies the rest of the header per entry)', () => {
    const quadratic = (header: string): string[] => {
      const out: string[] = []
      let rest = header
      while (rest.length !== 0) {
        const comma = rest.indexOf(',')
        if (comma === -1) break
        out.push(rest.slice(0, comma))
        rest = rest.slice(comma + 1)
      }
      return out
    }
    const steps = (parse: (h: string) => string[]) => (n: number) => stepsOf(meter(() => parse('a,'.repeat(n / 2))))
    assert.throws(() => assertLinearCount('quadratic', steps(quadratic), LARGE / FACTOR, FACTOR), /work grew/)
    assertLinearCount('split', steps((h) => h.split(',')), LARGE / FACTOR, FACTOR)
  })

  for (const [label, headers, member, entries] of cases) {
    it(label, () => {
      const run = (n: number): { work: Work; result: unknown } => {
        const p = pair(headers(n))
        let result: unknown
        const work = meter(() => {
          result = member(p)
        })
        return { work, result }
      }
      run(LARGE / FACTOR) // first use: lazy compilation, caches
      const large = run(LARGE)
      assertAllLinear(large.work, label)
      assert.ok(large.work.execs.length <= 4 * LARGE, `${label}: ${large.work.execs.length} RegExp runs`)
      assertLinearCount(label, (n) => stepsOf(run(n).work), LARGE / FACTOR, FACTOR)
      if (entries !== undefined) {
        const count = entries(large.result)
        assert.ok(count > 1 && count <= LARGE, `${label}: ${count} entries`)
        assertLinearCount(`${label} (entries)`, (n) => entries(run(n).result), LARGE / FACTOR, FACTOR)
      }
    })
  }
})
